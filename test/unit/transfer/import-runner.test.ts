// The import runner against real worker threads and injected edges (the session service's `adopt`, the attachment
// store): a worker that stops part way keeps what was stored and says so; one that cannot start refuses the import
// with a reason; the worker is never more than IMPORT_WINDOW batches ahead of what main has taken.
import { Worker } from 'node:worker_threads';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors.js';
import type { ImportProgress } from '../../../src/shared/transfer.js';
import { TRANSFER_LIMITS } from '../../../src/shared/transfer.js';
import type { FileLine, SessionHeader } from '../../../src/main/sessions/store/session-file.js';
import { readChatgptConversation } from '../../../src/main/transfer/import-chatgpt.js';
import { importJobWork } from '../../../src/main/transfer/import-job.js';
import { IMPORT_WINDOW, type ImportWorkerData } from '../../../src/main/transfer/import-protocol.js';
import { ImportRunner, type ImportRunnerOptions } from '../../../src/main/transfer/import-runner.js';
import { TRANSFER_STRINGS } from '../../../src/main/transfer/strings.js';
import { chatgptConversation, writeChatgptExport } from '../../fixtures/chatgpt-export.js';

let out: string;
beforeAll(async () => {
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-import-runner-'));
});
afterAll(async () => {
  await fs.rm(out, { recursive: true, force: true });
});

/** A runner whose sessions are a list in memory; `adopt` waits for `gate` when one is given. */
function runner(more: Partial<ImportRunnerOptions> = {}, gate?: Promise<void>) {
  const adopted: Array<{ header: SessionHeader; lines: readonly FileLine[] }> = [];
  const progress: ImportProgress[] = [];
  const logged: string[] = [];
  const imports = new ImportRunner({
    sessions: {
      adopt: async (header, lines) => {
        await gate;
        adopted.push({ header, lines });
        return { id: header.id, name: header.name ?? 'New chat' } as never;
      },
    },
    attachments: { add: async () => ({ refused: 'unused' }) as never, retain: async () => undefined, release: async () => undefined },
    strings: () => TRANSFER_STRINGS.en,
    locale: () => 'en',
    defaultSystemPrompt: () => 'Be brief.',
    log: { info: (message) => logged.push(message), error: (context) => logged.push(context) },
    now: () => new Date(1_700_000_000_000),
    limits: TRANSFER_LIMITS,
    progress: (p) => progress.push(p),
    ...more,
  });
  return { imports, adopted, progress, logged };
}

/** Starts `code` as a worker thread with `data` (what a test worker needs beside the import's own data). */
const evalWorker =
  (code: string, extra: unknown) =>
  async (data: ImportWorkerData): Promise<Worker> =>
    new Worker(code, { eval: true, workerData: { ...data, extra } });

describe('ImportRunner', () => {
  it('a worker that stops after its first chat: that chat is stored, the report says the import stopped', async () => {
    const read = readChatgptConversation(chatgptConversation(0), 1, TRANSFER_STRINGS.en, { systemPrompt: 'Be brief.', now: 0 });
    // Says the file holds 3 conversations, sends one when asked, then fails as a bug would.
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      parentPort.postMessage({ kind: 'opened', total: 3 });
      parentPort.once('message', () => {
        parentPort.postMessage({ kind: 'batch', items: [workerData.extra], bytes: 100 });
        setTimeout(() => { throw new Error('out of memory, say'); }, 50);
      });`;
    const { imports, adopted, logged } = runner({ spawn: evalWorker(code, read) });
    const result = await imports.importFrom(path.join(out, 'conversations.json'));
    expect(result).toMatchObject({ cancelled: false, fileName: 'conversations.json', total: 3, failed: [], stopped: 'failed' });
    expect(adopted.map((chat) => chat.header.name)).toEqual([chatgptConversation(0).title]);
    expect(logged.some((line) => line.startsWith('import from conversations.json: reading stopped'))).toBe(true);
    expect(importJobWork.workersAlive).toBe(0);
  });

  it('a worker that cannot start: the import is refused with a reason and nothing is stored', async () => {
    const { imports, adopted } = runner({
      spawn: async () => {
        throw new Error('no threads left');
      },
    });
    const refused = await imports.importFrom(path.join(out, 'conversations.json')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'internal',
      message: 'The file could not be read to the end (it may be too large for this computer to read at once). Nothing was changed.',
    });
    expect(adopted).toEqual([]);
  });

  it('the worker is at most IMPORT_WINDOW batches ahead of the chats main has taken', async () => {
    const file = path.join(out, 'fifty.json');
    await writeChatgptExport(file, 50, { turns: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { imports, adopted, progress } = runner({ batch: { maxChats: 1, maxBytes: 1024 * 1024 } }, gate);
    const before = importJobWork.batches;
    const importing = imports.importFrom(file);
    // The first chat's write is held: main has taken one batch and asked for one more beside the two first granted.
    await expect.poll(() => importJobWork.batches - before, { timeout: 20_000 }).toBe(IMPORT_WINDOW + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(importJobWork.batches - before).toBe(IMPORT_WINDOW + 1);
    expect(adopted).toEqual([]);
    release();
    const result = await importing;
    expect(result).toMatchObject({ total: 50, failed: [] });
    expect(adopted).toHaveLength(50);
    expect(importJobWork.batches - before).toBe(50);
    expect(progress.at(-1)).toMatchObject({ done: 50, imported: 50, total: 50 });
  });
});
