// A data folder with damaged files — settings.json, ui-state.json and attachments/refs.json truncated, of wrong types,
// huge, or from a newer Tiny Agent — through the real app core: it starts, it says what it set aside (as notices the
// window words), it overwrites nothing it could not read (the file stays, or a copy of it as it was is kept), and it
// never deletes an attachment a chat still shows.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import type { AppStatus } from '../../src/shared/app-status.js';
import type { AddAttachmentResult } from '../../src/shared/attachments.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { SettingsView } from '../../src/shared/settings.js';
import type { UiState } from '../../src/shared/ui-state.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { makePng } from '../fixtures/images.js';
import { useTestCores } from '../fixtures/test-core.js';

const cores = useTestCores('damaged');
const A = '11111111-1111-4111-8111-111111111111';
let server: FakeOpenAIServer;

beforeEach(async () => {
  server = await startFakeOpenAI();
});
afterEach(async () => {
  await server.close();
});

const file = (...parts: string[]) => path.join(cores.dir(), ...parts);
const write = (name: string, text: string | Buffer) =>
  fs.mkdir(path.dirname(file(name)), { recursive: true }).then(() => fs.writeFile(file(name), text));
const read = (name: string) => fs.readFile(file(name));
const exists = (name: string) =>
  fs.stat(file(name)).then(
    () => true,
    () => false,
  );

/** A core whose environment names a working provider (so a chat can run whatever settings.json holds). */
const open = () => cores.open({ env: { OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'fake-model', TINY_AGENT_AUTO_TITLE: '0' } });

async function call<T>(core: AppCore, channel: string, request?: unknown): Promise<T> {
  const result = await core.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const notices = async (core: AppCore) => (await call<AppStatus>(core, 'app:status')).notices;

/** The app works: a chat is created and answered. */
async function works(core: AppCore): Promise<void> {
  const chat = await call<SessionDetail>(core, 'sessions:create', {});
  await call(core, 'chat:send', { sessionId: chat.id, text: 'still working?' });
  await server.waitForRequests(server.chatRequests.length + 1);
}

/** A version-2 settings file with a good provider and preset, and parts of wrong types (and one unknown). */
function damagedSettings(): string {
  const settings = {
    version: 2,
    providers: [
      { id: 'p-good', name: 'Good', presetId: 'custom', baseUrl: server.url, model: 'good-model', models: ['good-model'], enabled: true },
      { id: 7, name: 'Broken', baseUrl: 'https://broken.example/v1', model: 'x' },
    ],
    defaultModel: { providerId: 'p-good', model: 'good-model' },
    presets: [
      { id: 'mine', name: 'Mine', systemPrompt: 'Be brief.', params: {} },
      { id: 'bad', name: 'Bad', systemPrompt: 42, params: {} },
    ],
    systemPrompt: null,
    language: 'klingon',
    theme: 5,
    autoTitle: 'yes',
    somethingNew: { from: 'a later Tiny Agent' },
  };
  return JSON.stringify(settings, null, 2);
}

describe('settings.json', () => {
  it.each([
    ['truncated', (): string => damagedSettings().slice(0, 200), 'unreadable'],
    ['not an object', (): string => '[1, 2, 3]', 'unreadable'],
    ['of a newer format version', (): string => JSON.stringify({ version: 3, providers: [], later: true }), 'newerVersion'],
    ['huge (20 MB)', (): string => `{"version":2,"systemPrompt":"${'x'.repeat(20 * 1024 * 1024)}"}`, 'tooLarge'],
  ] as const)('%s: starts on defaults, says so, and leaves the file byte for byte', async (_name, text, problem) => {
    await write('settings.json', text());
    const before = await read('settings.json');
    const core = await open();
    expect(await notices(core)).toEqual([
      { file: 'settings', problem, readOnly: true, ...(problem === 'tooLarge' && { limitBytes: 16 * 1024 * 1024 }) },
    ]);
    await works(core);
    const refused = await core.router.handle('settings:update', { theme: 'dark' });
    expect(refused).toMatchObject({ ok: false, error: { code: problem === 'newerVersion' ? 'unsupported_version' : 'storage' } });
    await cores.close(core);
    expect((await read('settings.json')).equals(before)).toBe(true);
    expect(await fs.readdir(cores.dir())).not.toContain('settings.json.unread.bak');
  });

  it('in Chinese, a refused change says why in Chinese', async () => {
    await write('settings.json', '{"version": 2, "providers": [');
    const core = await cores.open({ env: { OPENAI_BASE_URL: server.url }, systemLocale: 'zh-CN' });
    expect(await core.router.handle('settings:update', { theme: 'dark' })).toEqual({
      ok: false,
      error: {
        code: 'storage',
        message: '设置文件 settings.json 无法读取（已损坏），已保持原样未修改。在修复或移走它之前，设置中的更改不会保存。',
      },
    });
  });

  it('with fields of wrong types: the rest is used, each part left out is named, and a copy of the file as it was is kept', async () => {
    await write('settings.json', damagedSettings());
    const original = await read('settings.json');
    const core = await open();
    expect(await notices(core)).toEqual([
      {
        file: 'settings',
        problem: 'partlyUnreadable',
        parts: ['providers[1]', 'presets[1]', 'language', 'theme', 'autoTitle', 'somethingNew'],
        keptAs: 'settings.json.unread.bak',
      },
    ]);
    const view = await call<SettingsView>(core, 'settings:get');
    expect(view.providers.map((p) => p.id)).toEqual(['p-good']);
    expect(view.presets.map((p) => p.id)).toEqual(['mine']);
    expect(view).toMatchObject({ language: 'system', theme: 'system', defaultModel: { providerId: 'p-good', model: 'good-model' } });
    expect((await read('settings.json.unread.bak')).equals(original)).toBe(true);

    // Changes are saved again; the copy keeps what was left out.
    await call(core, 'settings:update', { theme: 'dark' });
    await cores.close(core);
    expect(JSON.parse((await read('settings.json')).toString())).toMatchObject({ theme: 'dark', providers: [{ id: 'p-good' }] });
    expect((await read('settings.json.unread.bak')).equals(original)).toBe(true);
    const again = await open();
    expect(await notices(again)).toEqual([]);
  });
});

describe('ui-state.json', () => {
  it.each([
    ['truncated', (): string => '{"version":1,"lastSessionId":null,"drafts":{"draft":{"text":"half', 'unreadable'],
    ['of a newer format version', (): string => JSON.stringify({ version: 4, panes: [] }), 'newerVersion'],
  ] as const)('%s: starts without it, says so, and keeps the file as it was', async (_name, text, problem) => {
    await write('ui-state.json', text());
    const core = await open();
    expect(await notices(core)).toEqual([{ file: 'uiState', problem, keptAs: 'ui-state.json.unread.bak' }]);
    expect(await call<UiState>(core, 'ui:get')).toEqual({ lastSessionId: null, drafts: {}, anchors: {} });
    await call(core, 'ui:update', { drafts: { draft: 'new text' } });
    await works(core);
    await cores.close(core);
    expect((await read('ui-state.json.unread.bak')).toString()).toBe(text());
    expect(JSON.parse((await read('ui-state.json')).toString()).drafts).toEqual({ draft: { text: 'new text', at: expect.any(Number) } });
  });

  it('with entries of wrong types: the readable ones are restored, the count of the others said, the file kept', async () => {
    const text = JSON.stringify({
      version: 1,
      lastSessionId: 42,
      drafts: { draft: { text: 'typed before the crash', at: 1 }, [A]: 5 },
      anchors: 'everywhere',
    });
    await write('ui-state.json', text);
    const core = await open();
    expect(await notices(core)).toEqual([{ file: 'uiState', problem: 'partlyUnreadable', count: 3, keptAs: 'ui-state.json.unread.bak' }]);
    expect((await call<UiState>(core, 'ui:get')).drafts).toEqual({ draft: 'typed before the crash' });
    expect((await read('ui-state.json.unread.bak')).toString()).toBe(text);
  });

  it('huge (70 MB): not read, moved aside whole, and the app starts without it', async () => {
    await write('ui-state.json', Buffer.alloc(70 * 1024 * 1024, 0x20));
    const core = await open();
    expect(await notices(core)).toEqual([
      { file: 'uiState', problem: 'tooLarge', limitBytes: 64 * 1024 * 1024, keptAs: 'ui-state.json.unread.bak' },
    ]);
    expect((await fs.stat(file('ui-state.json.unread.bak'))).size).toBe(70 * 1024 * 1024);
    expect(await exists('ui-state.json')).toBe(false);
    await works(core);
  });
});

describe('attachments/refs.json', () => {
  /** A chat that shows a picture; returns the picture's file name. */
  async function chatWithPicture(): Promise<string> {
    const core = await open();
    const png = makePng(20, 20);
    const added = await call<AddAttachmentResult>(core, 'attachments:add', { name: 'kept.png', bytes: png });
    if (!('attachment' in added)) throw new Error('refused');
    const chat = await call<SessionDetail>(core, 'sessions:create', {});
    await call(core, 'chat:send', { sessionId: chat.id, text: 'look', attachments: [added.attachment.sha256] });
    await server.waitForRequests(1);
    await expect.poll(async () => (await call<SessionDetail>(core, 'sessions:get', { sessionId: chat.id })).messages.length).toBe(3);
    await cores.close(core);
    return `${createHash('sha256').update(png).digest('hex')}.png`;
  }

  it.each([
    ['truncated', (): string => '{"version":1,"sessions":{"', 'unreadable'],
    ['of wrong types', (): string => JSON.stringify({ version: 1, sessions: { [A]: 'not a list' } }), 'unreadable'],
    ['of wrong types inside a list', (): string => JSON.stringify({ version: 1, sessions: { [A]: [5, null] } }), 'unreadable'],
    ['of a newer format version', (): string => JSON.stringify({ version: 2, files: {} }), 'newerVersion'],
  ] as const)('%s: rebuilt from the chats, no picture a chat shows is deleted, the file kept as it was', async (_name, text, problem) => {
    const picture = await chatWithPicture();
    await write('attachments/refs.json', text());
    const core = await open();
    expect(await notices(core)).toEqual([{ file: 'attachmentRefs', problem, keptAs: 'attachments/refs.json.unread.bak' }]);
    expect(await exists(`attachments/${picture}`)).toBe(true);
    expect((await read('attachments/refs.json.unread.bak')).toString()).toBe(text());
    expect(Object.values(JSON.parse((await read('attachments/refs.json')).toString()).sessions)).toEqual([[picture.split('.')[0]]]);
    await works(core);
  });

  it('huge (70 MB): rebuilt without reading it, the file moved aside whole', async () => {
    const picture = await chatWithPicture();
    await write('attachments/refs.json', Buffer.alloc(70 * 1024 * 1024, 0x20));
    const core = await open();
    expect(await notices(core)).toEqual([
      { file: 'attachmentRefs', problem: 'tooLarge', limitBytes: 64 * 1024 * 1024, keptAs: 'attachments/refs.json.unread.bak' },
    ]);
    expect(await exists(`attachments/${picture}`)).toBe(true);
    expect((await fs.stat(file('attachments/refs.json.unread.bak'))).size).toBe(70 * 1024 * 1024);
  });
});

describe('all three damaged at once', () => {
  it('starts, works, and lists every file it set aside, settings first', async () => {
    await write('settings.json', '{');
    await write('ui-state.json', '{');
    await write('attachments/refs.json', '{');
    const core = await open();
    expect((await notices(core)).map((n) => [n.file, n.problem])).toEqual([
      ['settings', 'unreadable'],
      ['uiState', 'unreadable'],
      ['attachmentRefs', 'unreadable'],
    ]);
    await works(core);
  });
});
