// Documents read through the real worker thread: results cross the boundary, long reads report progress, the worker's
// heap and time are bounded, and a bad file never throws.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/main/documents/extract.js';
import { makePdf, makeProtectedPdf, makeZipBombDocx } from '../fixtures/documents.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-docs-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('extractDocument (worker)', () => {
  it('reads a PDF from a path, page by page', async () => {
    const file = path.join(dir, 'three.pdf');
    await fs.writeFile(file, await makePdf(['first', 'second', 'third page text']));
    const result = await extractDocument(file, 'three.pdf');
    expect(result.ok && result.document.parts.map((p) => p.text)).toEqual(['first', 'second', 'third page text']);
  });

  it('reads a 500-page PDF within its bounds and reports progress every 10 pages', async () => {
    const pages = Array.from({ length: 500 }, (_, i) => `Page ${i + 1} body: lorem ipsum dolor sit amet ${i + 1}`);
    const progress: Array<[number, number]> = [];
    const result = await extractDocument(await makePdf(pages), 'long.pdf', {
      onProgress: (done, total) => progress.push([done, total]),
      maxHeapMb: 256,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document.pages).toBe(500);
    expect(result.document.parts).toHaveLength(500);
    expect(result.document.parts[499]!.text).toBe('Page 500 body: lorem ipsum dolor sit amet 500');
    expect(progress).toHaveLength(50);
    expect(progress[0]).toEqual([10, 500]);
    expect(progress.at(-1)).toEqual([500, 500]);
  });

  it('reads only the first pages of a PDF past the page bound', async () => {
    const result = await extractDocument(await makePdf(['a', 'b', 'c', 'd']), 'four.pdf', { limits: { maxPages: 2 } });
    expect(result.ok && [result.document.pages, result.document.parts.length]).toEqual([4, 2]);
  });

  it('refuses a protected PDF and a ZIP bomb, and stops a read past its time', async () => {
    expect(await extractDocument(makeProtectedPdf(), 'locked.pdf')).toMatchObject({ ok: false, error: { code: 'protected' } });
    expect(await extractDocument(makeZipBombDocx(16, true), 'bomb.docx')).toEqual({
      ok: false,
      error: { code: 'too_large', detail: 'inflates past 209715200 bytes' },
    });
    const pages = Array.from({ length: 300 }, (_, i) => `page ${i}`);
    expect(await extractDocument(await makePdf(pages), 'slow.pdf', { timeoutMs: 1 })).toEqual({
      ok: false,
      error: { code: 'timeout', detail: 'not read within 1 ms' },
    });
  });

  it('answers a missing file or a file over the size limit without starting a worker', async () => {
    expect(await extractDocument(path.join(dir, 'gone.pdf'), 'gone.pdf')).toMatchObject({ ok: false, error: { code: 'damaged' } });
    expect(await extractDocument(new Uint8Array(2048), 'big.pdf', { maxFileBytes: 1024 })).toEqual({
      ok: false,
      error: { code: 'too_large', detail: '2048 bytes (limit 1024)' },
    });
  });
});
