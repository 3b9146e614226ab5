// Export and import through the IPC router, with the save/open dialogs scripted: JSON round trips losslessly (ids
// aside), a deleted chat comes back with its branches, settings and picture, ChatGPT's export imports with its
// forks, and bad files change nothing.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../src/shared/errors.js';
import type { SearchResponse } from '../../src/shared/search.js';
import type { SessionDetail, SessionSummary } from '../../src/shared/sessions.js';
import type { ExportResult, ImportResult } from '../../src/shared/transfer.js';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { importJobWork } from '../../src/main/transfer/import-job.js';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { makePng } from '../fixtures/images.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';
import {
  chatgptPicturesSample,
  chatgptPicturesZip,
  chatgptSample,
  GENERATED_PNG,
  RICH_ID,
  RICH_PNG,
  RICH_PNG_SHA,
  seedRichChat,
} from '../fixtures/transfer-samples.js';

let dir: string;
let out: string;
let core: AppCore;
/** What the next save / open dialog answers (undefined: the person cancels), and what each was asked. */
let nextPath: Array<string | undefined>;
let asked: Array<{ title: string; defaultName?: string }>;

const dialogs: FileDialogs = {
  chooseSavePath: async (request) => {
    asked.push(request);
    return nextPath.shift();
  },
  chooseOpenPath: async (request) => {
    asked.push(request);
    return nextPath.shift();
  },
};

async function open(locale = 'en-US'): Promise<void> {
  core = await createAppCore({
    dataDir: dir,
    env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'fake-model' },
    systemLocale: locale,
    secrets: testSecretBox,
    emit: () => undefined,
    openExternal: async () => undefined,
    writeLog: () => undefined,
    dialogs,
  });
  // The seeded chats have no index: the store lists them once its background folder check is over.
  await core.sessions?.store.scanned();
}

function raw(channel: string, payload?: unknown): Promise<IpcResult<unknown>> {
  return core.router.handle(channel, payload);
}

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await raw(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function exportAs(sessionId: string, format: string, file: string): Promise<string> {
  nextPath.push(path.join(out, file));
  const result = await call<ExportResult>('transfer:exportSession', { sessionId, format });
  expect(result).toEqual({ saved: true, fileName: file, count: 1 });
  return readFileSync(path.join(out, file), 'utf8');
}

async function importFile(file: string): Promise<Extract<ImportResult, { cancelled: false }>> {
  nextPath.push(path.join(out, file));
  const result = await call<ImportResult>('transfer:import');
  if (result.cancelled) throw new Error('cancelled');
  return result;
}

/** Why importing `file` was refused as a whole (always as invalid input), or 'accepted'. */
async function refusal(file: string): Promise<string> {
  nextPath.push(path.join(out, file));
  const result = await raw('transfer:import');
  if (result.ok) return 'accepted';
  expect(result.error.code).toBe('invalid_input');
  return result.error.message;
}

/** Every file of the data folder's sessions and attachments with its bytes: what "nothing changed" compares. */
function dataSnapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const sub of ['sessions', 'attachments']) {
    const folder = path.join(dir, sub);
    for (const name of readdirSync(folder).sort()) {
      if (name === 'index.json') continue;
      files[`${sub}/${name}`] = readFileSync(path.join(folder, name)).toString('base64');
    }
  }
  return files;
}

/** An export without what differs between two exports of the same chat: the time and the session id. */
function comparable(text: string): unknown {
  const file = JSON.parse(text) as { exportedAt?: string; lines: Array<{ id?: string }> };
  delete file.exportedAt;
  delete file.lines[0]!.id;
  return file;
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-transfer-'));
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-transfer-out-'));
  nextPath = [];
  asked = [];
  seedRichChat(dir);
  await open();
});

afterEach(async () => {
  await core.dispose();
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(out, { recursive: true, force: true });
});

describe('own JSON', () => {
  it('exports every branch, line and file; export → import → export is the same content, ids aside', async () => {
    const first = await exportAs(RICH_ID, 'json', 'Quarterly chart.json');
    expect(asked[0]).toMatchObject({ title: 'Export chat', defaultName: 'Quarterly chart.json' });
    const file = JSON.parse(first) as {
      format: string;
      version: number;
      lines: Array<{ type: string }>;
      attachments: Record<string, { data: string }>;
    };
    expect([file.format, file.version, file.lines.length]).toEqual(['tiny-agent-chat', 1, 20]);
    expect(file.lines.filter((line) => line.type === 'message')).toHaveLength(9);
    expect(Buffer.from(file.attachments[RICH_PNG_SHA]!.data, 'base64').equals(RICH_PNG)).toBe(true);

    const { imported, failed } = await importFile('Quarterly chart.json');
    expect(failed).toEqual([]);
    expect(imported).toEqual([
      { id: expect.not.stringMatching(RICH_ID), name: 'Quarterly chart', leftOut: { pictures: 0, toolOutputs: 0, unreadable: 0 } },
    ]);
    const again = await exportAs(imported[0]!.id, 'json', 'again.json');
    expect(comparable(again)).toEqual(comparable(first));

    const original = await call<SessionDetail>('sessions:get', { sessionId: RICH_ID });
    const copy = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    expect({ ...copy, id: RICH_ID }).toEqual(original);
  });

  it('brings a deleted chat back: its branches, settings, pin, servers and picture', async () => {
    await exportAs(RICH_ID, 'json', 'chat.json');
    const before = await call<SessionDetail>('sessions:get', { sessionId: RICH_ID });
    await call('sessions:delete', { sessionId: RICH_ID });
    await core.dispose();
    await open(); // the picture, referenced by nothing now, is swept at start
    expect((await raw('attachments:read', { sha256: RICH_PNG_SHA })).ok).toBe(false);

    const { imported } = await importFile('chat.json');
    const id = imported[0]!.id;
    const back = await call<SessionDetail>('sessions:get', { sessionId: id });
    expect(back).toEqual({ ...before, id });
    expect(back.refs.map((ref) => `${ref.version}/${ref.versions}`)).toEqual(['1/1', '1/2', '1/2', '1/1', '1/1', '1/1']);
    expect([back.pinned, back.systemPrompt, back.chat.params, back.mcpServers]).toEqual([
      true,
      'Answer in one line.',
      { temperature: 0.4 },
      ['fixture'],
    ]);
    const shown = await call<SessionDetail>('chat:switchBranch', { sessionId: id, messageId: back.refs[2]!.id, version: 2 });
    expect(shown.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    const picture = await call<{ bytes: Uint8Array }>('attachments:read', { sha256: RICH_PNG_SHA });
    expect(Buffer.from(picture.bytes).equals(RICH_PNG)).toBe(true);

    // Kept across a restart: the files and the attachment references were written before the import answered.
    await core.dispose();
    await open();
    expect((await call<SessionSummary[]>('sessions:list')).map((s) => s.id)).toEqual([id]);
    expect((await raw('attachments:read', { sha256: RICH_PNG_SHA })).ok).toBe(true);
  });

  it('refuses a damaged picture, a broken history and a newer version, and stores nothing for them', async () => {
    const text = await exportAs(RICH_ID, 'json', 'chat.json');
    const file = JSON.parse(text) as {
      version: number;
      lines: Array<Record<string, unknown>>;
      attachments: Record<string, { data: string }>;
    };
    const before = dataSnapshot();

    const damaged = structuredClone(file);
    damaged.attachments[RICH_PNG_SHA]!.data = Buffer.from('not the picture').toString('base64');
    await fs.writeFile(path.join(out, 'damaged.json'), JSON.stringify(damaged));
    expect(await importFile('damaged.json')).toMatchObject({
      imported: [],
      failed: [{ title: 'Quarterly chart', reason: 'the attached file "chart.png" is damaged' }],
    });

    const broken = structuredClone(file);
    broken.lines.splice(3, 1); // a commit line gone: its run never happened, and the next one has no parent
    await fs.writeFile(path.join(out, 'broken.json'), JSON.stringify(broken));
    const result = await importFile('broken.json');
    expect(result.imported).toEqual([]);
    expect(result.failed[0]!.reason).toMatch(/^its messages do not form a complete history \(line \d+ is not valid\)$/);

    const newer = { ...file, version: 2 };
    await fs.writeFile(path.join(out, 'newer.json'), JSON.stringify(newer));
    expect(await refusal('newer.json')).toBe(
      'The file comes from a newer Tiny Agent. Please update the app to import it. Nothing was changed.',
    );
    expect(dataSnapshot()).toEqual(before);
    expect((await call<SessionSummary[]>('sessions:list')).map((s) => s.id)).toEqual([RICH_ID]);
  });
});

describe('bad files', () => {
  it('malformed, wrong format, huge and empty files are refused whole with a clear message; nothing changes', async () => {
    const before = dataSnapshot();
    const refused = async (name: string, content: string | null, size?: number) => {
      const file = path.join(out, name);
      if (content !== null) await fs.writeFile(file, content);
      else {
        await fs.writeFile(file, '');
        await fs.truncate(file, size); // sparse: past the limit without writing 200 MB
      }
      nextPath.push(file);
      const result = await raw('transfer:import');
      return result.ok ? 'accepted' : result.error.message;
    };
    expect(await refused('cut.json', '[{"title": "Half', undefined)).toBe(
      'The file is not valid JSON (it may be cut short or damaged). Nothing was changed.',
    );
    expect(await refused('other.json', '{"hello": "world"}')).toBe(
      'This file is neither a Tiny Agent export nor a ChatGPT data export (conversations.json). Nothing was changed.',
    );
    expect(await refused('huge.json', null, 200 * 1024 * 1024 + 1)).toBe(
      'The file is larger than 200 MB, too large to import. Nothing was changed.',
    );
    expect(await refused('empty.json', '[]')).toBe(
      'This file is neither a Tiny Agent export nor a ChatGPT data export (conversations.json). Nothing was changed.',
    );
    expect(await refused('fake.zip', 'PK\u0003\u0004 not really a zip')).toBe(
      'The archive is damaged or not a ZIP file. Nothing was changed.',
    );
    expect(dataSnapshot()).toEqual(before);
  });

  it('an archive of 20,001 chats is refused by its directory, before one of them is unpacked', async () => {
    const files: Record<string, Uint8Array> = { 'manifest.json': strToU8('{"format":"tiny-agent-archive","version":1,"chats":[]}') };
    for (let i = 0; i <= 20_000; i++) files[`chats/chat-${i}.json`] = strToU8('{}');
    await fs.writeFile(path.join(out, 'many.zip'), zipSync(files, { level: 0 })); // stored: deflating 20,001 entries is slow
    // The archive is read in the import worker: its count of entries inflated comes back with the refusal.
    const before = { inflated: importJobWork.worker.entriesInflated, data: dataSnapshot() };
    expect(await refusal('many.zip')).toBe('The file holds more than 20000 chats; import at most 20000 at a time. Nothing was changed.');
    expect({ inflated: importJobWork.worker.entriesInflated, data: dataSnapshot() }).toEqual(before);
  });

  it('cancelled dialogs write nothing', async () => {
    expect(await call('transfer:exportSession', { sessionId: RICH_ID, format: 'html' })).toEqual({ saved: false, count: 0 });
    expect(await call('transfer:exportAll')).toEqual({ saved: false, count: 0 });
    expect(await call('transfer:import')).toEqual({ cancelled: true });
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('ChatGPT data export', () => {
  it('imports each conversation with its tree as versions, the current node shown, and search finds it', async () => {
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify(chatgptSample()));
    const { imported, failed } = await importFile('conversations.json');
    expect(failed).toEqual([]);
    expect(imported.map((chat) => chat.name)).toEqual(['Packing for Kyoto', '数学题']);

    const kyoto = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    const texts = (detail: SessionDetail) => detail.messages.slice(1).map((m) => (m.role === 'assistant' ? m.content : m.content));
    expect(texts(kyoto)).toEqual([
      'What should I pack for Kyoto in April?',
      [{ type: 'text', text: 'A light jacket, comfy shoes and an umbrella.' }],
    ]);
    expect(kyoto.refs.map((ref) => `${ref.version}/${ref.versions}`)).toEqual(['1/2', '2/2']);
    expect(kyoto.createdAt).toBe(1_700_000_000_250);
    const may = await call<SessionDetail>('chat:switchBranch', { sessionId: kyoto.id, messageId: kyoto.refs[0]!.id, version: 2 });
    expect(texts(may)).toEqual(['What should I pack for Kyoto in May?', [{ type: 'text', text: 'T-shirts and sunscreen.' }]]);
    expect(may.model).toBe('gpt-4o-mini');

    const math = await call<SessionDetail>('sessions:get', { sessionId: imported[1]!.id });
    expect(math.messages[2]).toMatchObject({
      role: 'assistant',
      model: 'o1',
      content: [
        { type: 'thinking', thinking: 'Adding\n\nOne plus one is two.' },
        { type: 'text', text: '**2**' },
      ],
    });

    await core.search!.whenIdle();
    // Search follows the shown branch: the May answer now, not April's.
    const found = async (query: string) => (await call<SearchResponse>('search:query', { query })).hits.map((hit) => hit.sessionName);
    expect([await found('sunscreen'), await found('umbrella'), await found('plus')]).toEqual([['Packing for Kyoto'], [], []]);
    expect(await call<SearchResponse>('search:query', { query: 'plus', includeReasoning: true })).toMatchObject({
      hits: [{ sessionName: '数学题' }],
    });
  });

  it('one valid and one broken conversation: the valid one is imported, the broken one reported, nothing else changed', async () => {
    const [good, bad] = chatgptSample() as Array<{ mapping: Record<string, { parent: string | null }> }>;
    bad!.mapping.ans!.parent = 'nowhere';
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify([good, bad, { title: 'No mapping' }]));
    const richFile = readFileSync(path.join(dir, 'sessions', `${RICH_ID}.jsonl`));
    const result = await importFile('conversations.json');
    expect(result.imported.map((chat) => chat.name)).toEqual(['Packing for Kyoto']);
    expect(result.failed).toEqual([
      { title: '数学题', reason: 'its messages do not form a complete history (node ans names a parent not in the file)' },
      { title: 'No mapping', reason: 'not in the expected shape (mapping: Invalid input: expected record, received undefined)' },
    ]);
    expect(readFileSync(path.join(dir, 'sessions', `${RICH_ID}.jsonl`)).equals(richFile)).toBe(true);
    expect((await call<SessionSummary[]>('sessions:list')).map((s) => s.name).sort()).toEqual(['Packing for Kyoto', 'Quarterly chart']);
  });

  it('reads the ChatGPT export ZIP as it is downloaded (conversations.json inside)', async () => {
    await fs.writeFile(
      path.join(out, 'chatgpt-export.zip'),
      zipSync({ 'conversations.json': strToU8(JSON.stringify(chatgptSample())), 'user.json': strToU8('{}') }),
    );
    expect((await importFile('chatgpt-export.zip')).imported).toHaveLength(2);
  });
});

describe('ChatGPT export pictures', () => {
  /** A conversation in which the person sent three pictures with a question: one in the ZIP at the top, one in a folder, one left out. */
  const withPictures = () => {
    const pointer = (id: string) => ({ content_type: 'image_asset_pointer', asset_pointer: id, size_bytes: 100, width: 3, height: 2 });
    return [
      {
        title: 'What is this bird?',
        create_time: 1_700_200_000,
        mapping: {
          root: { id: 'root', message: null, parent: null, children: ['u'] },
          u: {
            id: 'u',
            parent: 'root',
            children: ['a'],
            message: {
              id: 'u',
              author: { role: 'user' },
              create_time: 1_700_200_010,
              content: {
                content_type: 'multimodal_text',
                parts: [
                  pointer('file-service://file-AbC123'),
                  pointer('sediment://file_00000000f00d'),
                  pointer('file-service://file-Gone'),
                  'Which bird is it?',
                ],
              },
            },
          },
          a: {
            id: 'a',
            parent: 'u',
            children: [],
            message: {
              id: 'a',
              author: { role: 'assistant' },
              create_time: 1_700_200_020,
              content: { content_type: 'text', parts: ['A robin.'] },
            },
          },
        },
        current_node: 'a',
      },
    ];
  };
  const SECOND_PNG = makePng(2, 2, [10, 200, 30]);

  it('imports the pictures the ZIP carries as image attachments, and marks the one it left out', async () => {
    await fs.writeFile(
      path.join(out, 'chatgpt-pictures.zip'),
      zipSync({
        'conversations.json': strToU8(JSON.stringify(withPictures())),
        'file-AbC123-IMG_0001.png': RICH_PNG,
        'user-x1y2/file_00000000f00d-5e1c.dat': SECOND_PNG,
        'file-AbC123-longer-name-decoy.txt': strToU8('not a picture'),
      }),
    );
    const { imported, failed } = await importFile('chatgpt-pictures.zip');
    expect(failed).toEqual([]);
    const chat = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    const secondSha = createHash('sha256').update(SECOND_PNG).digest('hex');
    expect(chat.messages[1]).toEqual({
      role: 'user',
      timestamp: 1_700_200_010_000,
      content: [
        { type: 'text', text: '[image not included in the export]\n\nWhich bird is it?' },
        {
          type: 'attachment',
          kind: 'image',
          sha256: RICH_PNG_SHA,
          mimeType: 'image/png',
          name: 'file-AbC123-IMG_0001.png',
          size: RICH_PNG.length,
          width: 3,
          height: 2,
        },
        {
          type: 'attachment',
          kind: 'image',
          sha256: secondSha,
          mimeType: 'image/png',
          name: 'file_00000000f00d-5e1c.dat',
          size: SECOND_PNG.length,
          width: 2,
          height: 2,
        },
      ],
    });
    const stored = await call<{ bytes: Uint8Array }>('attachments:read', { sha256: secondSha });
    expect(Buffer.from(stored.bytes).equals(SECOND_PNG)).toBe(true);
  });

  it('conversations.json alone: each picture is a readable marker, the chat is imported all the same', async () => {
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify(withPictures()));
    const { imported, failed } = await importFile('conversations.json');
    expect(failed).toEqual([]);
    const chat = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    expect(chat.messages[1]).toMatchObject({
      role: 'user',
      content:
        '[image not included in the export]\n\n[image not included in the export]\n\n[image not included in the export]\n\nWhich bird is it?',
    });
  });
});

describe('ChatGPT generated pictures and tool outputs', () => {
  /** The shown branch of a chat, one line a message: role and text, a tool call's name, a result's pictures. */
  const shown = (detail: SessionDetail) =>
    detail.messages.slice(1).map((m) => {
      if (m.role === 'toolResult') return `result of ${m.toolName}: ${m.content.map((part) => part.type).join(', ')}`;
      if (m.role !== 'assistant') return `${m.role}: ${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`;
      const calls = m.content.flatMap((part) => (part.type === 'toolCall' ? [` + calls ${part.name}`] : []));
      return `assistant: ${m.content.map((part) => (part.type === 'text' ? part.text : '')).join('')}${calls.join('')}`;
    });
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

  it('a 2025 export with 4 generated pictures, 2 of them in the ZIP: every question has its answer, the report says what was left out', async () => {
    await fs.writeFile(path.join(out, 'chatgpt-2025.zip'), zipSync(chatgptPicturesZip(JSON.stringify(chatgptPicturesSample()))));
    const { imported, failed } = await importFile('chatgpt-2025.zip');
    expect(failed).toEqual([]);
    expect(imported).toEqual([{ id: expect.any(String), name: 'Cats in hats', leftOut: { pictures: 2, toolOutputs: 3, unreadable: 0 } }]);

    const chat = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    expect(shown(chat)).toEqual([
      'user: Draw a cat in a hat.',
      'assistant:  + calls image_gen',
      'result of image_gen: image',
      'user: Now make it blue.',
      'assistant: [image not included in the export]\n\nHere it is in blue.',
      'user: Find a real hat like that and draw it.',
      'assistant: [image not included in the export]',
      'user: Two cats, please.',
      'assistant:  + calls image_gen',
      'result of image_gen: image',
      'assistant: Two cats, as asked.',
    ]);
    const results = chat.messages.filter((m) => m.role === 'toolResult');
    expect(results.map((m) => m.content)).toEqual([
      [{ type: 'image', mimeType: 'image/png', data: base64(GENERATED_PNG.first) }],
      [{ type: 'image', mimeType: 'image/png', data: base64(GENERATED_PNG.fourth) }],
    ]);
    const calls = chat.messages.flatMap((m) => (m.role === 'assistant' ? m.content.filter((part) => part.type === 'toolCall') : []));
    expect(calls.map((part) => part.arguments)).toEqual([{}, { prompt: 'Two cats in hats' }]);
  });

  it('conversations.json alone: all 4 pictures are marked in their answers and counted', async () => {
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify(chatgptPicturesSample()));
    const { imported } = await importFile('conversations.json');
    expect(imported[0]!.leftOut).toEqual({ pictures: 4, toolOutputs: 3, unreadable: 0 });
    const chat = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    expect(shown(chat).filter((line) => line.startsWith('assistant'))).toEqual([
      'assistant: [image not included in the export]',
      'assistant: [image not included in the export]\n\nHere it is in blue.',
      'assistant: [image not included in the export]',
      'assistant: [image not included in the export]\n\nTwo cats, as asked.',
    ]);
  });

  it('messages without content_type (a third-party exporter) import as text; one in no readable shape is left out and counted', async () => {
    const node = (id: string, parent: string | null, children: string[], message: unknown) => ({ id, parent, children, message });
    const conversations = [
      {
        title: 'Exported elsewhere',
        create_time: 1_700_300_000,
        current_node: 'a2',
        mapping: {
          root: node('root', null, ['u1'], null),
          u1: node('u1', 'root', ['a1'], { author: { role: 'user' }, create_time: 1_700_300_010, content: { parts: ['Hello?'] } }),
          a1: node('a1', 'u1', ['u2'], { author: { role: 'assistant' }, content: { parts: ['Hi there.'] } }),
          u2: node('u2', 'a1', ['x'], { author: { role: 'user' }, content: { text: 'And now?' } }),
          x: node('x', 'u2', ['a2'], { author: 'assistant', content: 'garbled' }),
          a2: node('a2', 'x', [], { author: { role: 'assistant' }, content: { parts: ['Still here.'] } }),
        },
      },
    ];
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify(conversations));
    const { imported, failed } = await importFile('conversations.json');
    expect(failed).toEqual([]);
    expect(imported).toEqual([
      { id: expect.any(String), name: 'Exported elsewhere', leftOut: { pictures: 0, toolOutputs: 0, unreadable: 1 } },
    ]);
    const chat = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    expect(shown(chat)).toEqual(['user: Hello?', 'assistant: Hi there.', 'user: And now?', 'assistant: Still here.']);
  });
});

describe('export all', () => {
  it('writes one archive with a manifest and one importable JSON per chat; importing it brings every chat back', async () => {
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify(chatgptSample()));
    await importFile('conversations.json');
    nextPath.push(path.join(out, 'all.zip'));
    expect(await call('transfer:exportAll')).toEqual({ saved: true, fileName: 'all.zip', count: 3 });
    expect(asked.at(-1)).toMatchObject({
      title: 'Export all chats',
      defaultName: expect.stringMatching(/^Tiny Agent \d{4}-\d\d-\d\d\.zip$/),
    });
    const zip = unzipSync(readFileSync(path.join(out, 'all.zip')));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString()) as {
      format: string;
      chats: Array<{ file: string; name: string }>;
    };
    expect(manifest.format).toBe('tiny-agent-archive');
    expect(manifest.chats.map((chat) => chat.name).sort()).toEqual(['Packing for Kyoto', 'Quarterly chart', '数学题']);
    expect(Object.keys(zip).sort()).toEqual([...manifest.chats.map((chat) => chat.file), 'manifest.json'].sort());

    const result = await importFile('all.zip');
    expect([result.imported.length, result.failed]).toEqual([3, []]);
    expect(await call<SessionSummary[]>('sessions:list')).toHaveLength(6);
    expect(statSync(path.join(out, 'all.zip')).size).toBeGreaterThan(0);
  });
});

describe('one conversation never refuses another', () => {
  it("a chat whose tool call nests 5,000 deep is refused alone; the archive's other chat imports", async () => {
    nextPath.push(path.join(out, 'all.zip'));
    await call('transfer:exportAll');
    const zip = unzipSync(readFileSync(path.join(out, 'all.zip')));
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as { chats: Array<{ file: string; name: string }> };
    // Written as text: JSON.stringify itself cannot write what this file holds.
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const text = strFromU8(zip[manifest.chats[0]!.file]!)
      .replace('"name": "Quarterly chart"', '"name": "Deep"')
      .replace('"month": "March"', `"month": "March", "deep": ${deep}`);
    zip['chats/deep.json'] = strToU8(text);
    manifest.chats.push({ file: 'chats/deep.json', name: 'Deep' });
    zip['manifest.json'] = strToU8(JSON.stringify(manifest));
    await fs.writeFile(path.join(out, 'deep.zip'), zipSync(zip));

    const result = await importFile('deep.zip');
    expect(result.imported.map((chat) => chat.name)).toEqual(['Quarterly chart']);
    expect(result.failed).toEqual([{ title: 'Deep', reason: 'it holds data nested more than 1000 levels deep' }]);
  });

  it('a ChatGPT conversation with 8,000 hidden nodes in a row imports, and so do the others of the file', async () => {
    const node = (id: string, parent: string | null, children: string[], role?: string) => ({
      id,
      parent,
      children,
      message: role ? { id, author: { role }, create_time: 1_700_300_000, content: { content_type: 'text', parts: [id] } } : null,
    });
    const mapping: Record<string, unknown> = { root: node('root', null, ['q']), q: node('q', 'root', ['h0'], 'user') };
    for (let i = 0; i < 8_000; i++) mapping[`h${i}`] = node(`h${i}`, i ? `h${i - 1}` : 'q', [i < 7_999 ? `h${i + 1}` : 'a'], 'tool');
    mapping.a = node('a', 'h7999', [], 'assistant');
    await fs.writeFile(path.join(out, 'conversations.json'), JSON.stringify([{ title: 'Hidden', mapping }, ...chatgptSample()]));

    const { imported, failed } = await importFile('conversations.json');
    expect([imported.map((chat) => chat.name), failed]).toEqual([['Hidden', 'Packing for Kyoto', '数学题'], []]);
    const hidden = await call<SessionDetail>('sessions:get', { sessionId: imported[0]!.id });
    expect(hidden.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
  });
});

describe('names cut on characters', () => {
  const loneSurrogate = /\p{Cs}/u;

  it('a name with emoji straddling both cuts (200 for names, 80 for file names) exports and imports back whole', async () => {
    // 'a' × 79 puts 😀 across the file name's 80th unit; 'b' × 118 puts the second across the name's 200th.
    const name = `${'a'.repeat(79)}😀${'b'.repeat(118)}😀 and more`;
    const renamed = await call<SessionSummary>('sessions:rename', { sessionId: RICH_ID, name });
    expect(renamed.name).toBe(`${'a'.repeat(79)}😀${'b'.repeat(118)}`);

    nextPath.push(path.join(out, 'all.zip'));
    await call('transfer:exportAll');
    const zip = unzipSync(readFileSync(path.join(out, 'all.zip')));
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as { chats: Array<{ file: string; name: string }> };
    expect(manifest.chats).toEqual([{ file: `chats/${'a'.repeat(79)}-${RICH_ID.slice(0, 8)}.json`, name: renamed.name }]);
    expect(Object.keys(zip).filter((entry) => loneSurrogate.test(entry))).toEqual([]);

    const { imported, failed } = await importFile('all.zip');
    expect([imported.map((chat) => chat.name), failed]).toEqual([[renamed.name], []]);
  });

  it('an archive written before the fix (a lone surrogate in its manifest) imports its chat once, with no error', async () => {
    const file = `chats/${'a'.repeat(79)}\ud83d-${RICH_ID.slice(0, 8)}.json`;
    const chat = await exportAs(RICH_ID, 'json', 'chat.json');
    const manifest = { format: 'tiny-agent-archive', version: 1, exportedAt: '2026-01-01T00:00:00.000Z', chats: [{ file, name: 'x' }] };
    await fs.writeFile(path.join(out, 'old.zip'), zipSync({ [file]: strToU8(chat), 'manifest.json': strToU8(JSON.stringify(manifest)) }));
    const { imported, failed } = await importFile('old.zip');
    expect([imported.map((one) => one.name), failed]).toEqual([['Quarterly chart'], []]);
  });
});

describe('readable formats', () => {
  it('Markdown: the shown branch with reasoning folded, versions noted, the tool call and the attachment named', async () => {
    const md = await exportAs(RICH_ID, 'markdown', 'Quarterly chart.md');
    expect(md).toContain('# Quarterly chart\n');
    expect(md).toContain('## You\n\nWhat does this chart show?\n\n- Attachment: chart.png\n');
    expect(md).toContain(
      '## Assistant · fake-model (version 1 of 2)\n\n<details>\n<summary>Reasoning</summary>\n\nThe bars grow to the right.\n\n</details>\n\nSales rise in **March**.\n',
    );
    expect(md).toContain('## You (version 1 of 2)\n\nAdd the weather for each month.\n');
    expect(md).toContain('**Tool call: weather**\n\n```json\n{\n  "month": "March"\n}\n```');
    expect(md).toContain('**Result of weather**\n\n```\nSunny, 14 °C\n```');
    expect(md).not.toContain('Only March, please.'); // another version: in the JSON export, not in the reading copy
  });

  it('HTML in Chinese: a standalone page with the picture embedded, no script, the raw HTML of a message shown as text', async () => {
    await core.dispose();
    await open('zh-CN');
    const html = await exportAs(RICH_ID, 'html', 'chart.html');
    expect(asked[0]).toMatchObject({ title: '导出对话' });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).toContain('<details class="reasoning"><summary>思考过程</summary>');
    expect(html).toContain(
      'March was sunny &lt;img src=x onerror=alert(1)&gt; and <a href="https://example.com" rel="noopener noreferrer">safe</a>.',
    );
    expect(html).toContain(`src="data:image/png;base64,${RICH_PNG.toString('base64')}"`);
    expect(html).not.toMatch(/<script|<img[^>]*onerror/i);
  });
});
