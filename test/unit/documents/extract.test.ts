// Each format's reader keeps the document's structure, and each failure has its code (readers run in-process here;
// test/integration/documents.test.ts runs them through the worker).
import { describe, expect, it } from 'vitest';
import { extractBytes } from '../../../src/main/documents/extract-core.js';
import type { DocumentResult, ExtractedDocument } from '../../../src/shared/documents.js';
import {
  gbkText,
  makeDocx,
  makeEpub,
  makeOdt,
  makePdf,
  makePptx,
  makeProtectedPdf,
  makeScannedPdf,
  makeWorkbook,
  makeZipBombDocx,
} from '../../fixtures/documents.js';
import iconv from 'iconv-lite';

function read(result: DocumentResult): ExtractedDocument {
  if (!result.ok) throw new Error(`expected a document, got ${result.error.code}: ${result.error.detail}`);
  return result.document;
}

describe('document readers', () => {
  it('reads a PDF page by page', async () => {
    const pdf = await makePdf(['Alpha page one', 'Bravo page two', 'Charlie page three\nsecond line']);
    const progress: string[] = [];
    const doc = read(await extractBytes(pdf, 'report.pdf', (done, total) => progress.push(`${done}/${total}`)));
    expect(doc.kind).toBe('pdf');
    expect(doc.pages).toBe(3);
    expect(doc.parts.map((p) => [p.label, p.page, p.text])).toEqual([
      ['Page 1', 1, 'Alpha page one'],
      ['Page 2', 2, 'Bravo page two'],
      ['Page 3', 3, 'Charlie page three\nsecond line'],
    ]);
    expect(progress).toEqual(['3/3']);
    expect(doc.tokens).toBeGreaterThan(10);
  });

  it('reads a DOCX into sections at its headings, with its table as a Markdown table', async () => {
    const docx = makeDocx([
      ['h1', 'Introduction'],
      ['p', 'Why this exists.'],
      ['h2', 'Prices'],
      [
        'table',
        [
          ['Item', 'Price'],
          ['Tea', '3'],
          ['Cake', '5'],
        ],
      ],
    ]);
    const doc = read(await extractBytes(docx, 'plan.docx'));
    expect(doc.kind).toBe('docx');
    expect(doc.parts.map((p) => p.label)).toEqual(['Introduction', 'Prices']);
    expect(doc.parts[0]!.text).toBe('# Introduction\n\nWhy this exists.');
    expect(doc.parts[1]!.text).toBe('## Prices\n\n| Item | Price |\n| --- | --- |\n| Tea | 3 |\n| Cake | 5 |');
  });

  it('reads an XLSX with two sheets as tables with their header rows', async () => {
    const xlsx = makeWorkbook({
      Sales: [
        ['Region', 'Q1'],
        ['North', 120],
        ['South', 80],
      ],
      Staff: [['Name'], ['Ada']],
    });
    const doc = read(await extractBytes(xlsx, 'book.xlsx'));
    expect(doc.sheets).toBe(2);
    expect(doc.parts).toEqual([
      { label: 'Sheet: Sales', text: '| Region | Q1 |\n| --- | --- |\n| North | 120 |\n| South | 80 |' },
      { label: 'Sheet: Staff', text: '| Name |\n| --- |\n| Ada |' },
    ]);
  });

  it('reads ODS, XLS and CSV sheets the same way', async () => {
    const rows = {
      Data: [
        ['a', 'b'],
        ['1', '2'],
      ],
    };
    for (const [name, bytes] of [
      ['d.ods', makeWorkbook(rows, 'ods')],
      ['d.xls', makeWorkbook(rows, 'xls')],
      ['d.csv', new TextEncoder().encode('a,b\n1,2\n')],
    ] as const) {
      const doc = read(await extractBytes(bytes, name));
      expect(doc.parts[0]!.text, name).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
    }
  });

  it('reads a PPTX slide by slide, titles as headings', async () => {
    const pptx = makePptx([
      { title: 'Roadmap', lines: ['Ship documents', 'Then knowledge bases'] },
      { title: 'Risks', lines: ['Zip bombs'] },
    ]);
    const doc = read(await extractBytes(pptx, 'deck.pptx'));
    expect(doc.pages).toBe(2);
    expect(doc.parts).toEqual([
      { label: 'Slide 1', page: 1, text: '## Roadmap\nShip documents\nThen knowledge bases' },
      { label: 'Slide 2', page: 2, text: '## Risks\nZip bombs' },
    ]);
  });

  it('reads an ODT at its headings and an EPUB chapter by chapter', async () => {
    const odt = read(
      await extractBytes(
        makeOdt([
          ['h1', 'Start'],
          ['p', 'First & best.'],
          ['h1', 'End'],
          ['p', 'Last.'],
        ]),
        'a.odt',
      ),
    );
    expect(odt.parts).toEqual([
      { label: 'Start', text: '# Start\n\nFirst & best.' },
      { label: 'End', text: '# End\n\nLast.' },
    ]);
    const epub = read(
      await extractBytes(
        makeEpub([
          { title: 'The Harbour', paragraphs: ['Boats came in.'] },
          { title: '第二章 山', paragraphs: ['山很高。'] },
        ]),
        'book.epub',
      ),
    );
    expect(epub.parts).toEqual([
      { label: 'Chapter 1 — The Harbour', text: '# The Harbour\n\nBoats came in.' },
      { label: 'Chapter 2 — 第二章 山', text: '# 第二章 山\n\n山很高。' },
    ]);
  });

  it('reads HTML, Markdown, RTF and source files', async () => {
    const html = read(
      await extractBytes(
        new TextEncoder().encode(
          '<html><head><style>p{}</style></head><body><h2>Menu</h2><p>Soup &amp; bread</p><script>x()</script></body></html>',
        ),
        'm.html',
      ),
    );
    expect(html.parts).toEqual([{ label: 'Menu', text: '## Menu\n\nSoup & bread' }]);
    const md = read(await extractBytes(new TextEncoder().encode('intro\n# One\ntext\n## Two\nmore'), 'n.md'));
    expect(md.parts.map((p) => p.label)).toEqual(['Start', 'One', 'Two']);
    const rtf = read(
      await extractBytes(
        new TextEncoder().encode("{\\rtf1\\ansi\\ansicpg936{\\fonttbl{\\f0 SimSun;}}\\f0 Hello\\par \\'c4\\'e3\\'ba\\'c3}"),
        'r.rtf',
      ),
    );
    expect(rtf.parts[0]!.text).toBe('Hello\n你好');
    const ts = read(await extractBytes(new TextEncoder().encode('export const a = 1;\n'), 'a.ts'));
    expect(ts.parts).toEqual([{ label: 'a.ts', text: 'export const a = 1;\n' }]);
  });

  it('detects and decodes GBK, Big5 and Shift-JIS text', async () => {
    const gbk = read(await extractBytes(gbkText('这是一个用国标码保存的中文文本文件，里面写着会议的时间和地点。'), 'notes.txt'));
    expect(gbk.parts[0]!.text).toBe('这是一个用国标码保存的中文文本文件，里面写着会议的时间和地点。');
    const big5 = new Uint8Array(iconv.encode('這是一個用大五碼保存的繁體中文文件，裡面寫著會議的時間和地點。', 'big5'));
    expect(read(await extractBytes(big5, 'tw.txt')).parts[0]!.text).toBe('這是一個用大五碼保存的繁體中文文件，裡面寫著會議的時間和地點。');
    const sjis = new Uint8Array(
      iconv.encode('これはシフトJISで保存された日本語のテキストファイルです。会議の時間と場所が書いてあります。', 'shift_jis'),
    );
    expect(read(await extractBytes(sjis, 'jp.txt')).parts[0]!.text).toBe(
      'これはシフトJISで保存された日本語のテキストファイルです。会議の時間と場所が書いてあります。',
    );
  });
});

describe('documents that are not read', () => {
  const code = async (bytes: Uint8Array, name: string) => {
    const result = await extractBytes(bytes, name);
    return result.ok ? 'ok' : result.error.code;
  };

  it('a password-protected PDF is protected', async () => {
    expect(await code(makeProtectedPdf(), 'secret.pdf')).toBe('protected');
  });

  it('a scanned PDF with no text layer has no text', async () => {
    expect(await code(await makeScannedPdf(), 'scan.pdf')).toBe('no_text');
  });

  it('a damaged PDF, DOCX or XLSX is damaged', async () => {
    const pdf = await makePdf(['one', 'two']);
    expect(await code(pdf.subarray(0, 400), 'cut.pdf')).toBe('damaged');
    expect(await code(new TextEncoder().encode('not a pdf at all'), 'fake.pdf')).toBe('damaged');
    expect(await code(new TextEncoder().encode('PK not really'), 'fake.docx')).toBe('damaged');
    expect(await code(makeDocx([['p', 'x']]).subarray(0, 200), 'cut.xlsx')).toBe('damaged');
  });

  it('a ZIP bomb named .docx is too large, whether its headers tell the truth or lie', async () => {
    const honest = await extractBytes(makeZipBombDocx(16), 'bomb.docx');
    expect(honest).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(!honest.ok && honest.error.detail).toMatch(/^declares \d+ bytes inflated \(bound 209715200\)$/);
    const lying = await extractBytes(makeZipBombDocx(16, true), 'bomb.docx');
    expect(lying).toEqual({ ok: false, error: { code: 'too_large', detail: 'inflates past 209715200 bytes' } });
  });

  it('an unknown kind is unsupported', async () => {
    expect(await code(new Uint8Array([1, 2, 3]), 'tool.exe')).toBe('unsupported');
  });
});
