// Every invoke channel through the real app core: malformed input gets a typed error, main keeps serving,
// and nothing stored changes.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { requestSchemas } from '../../src/main/ipc/schemas.js';
import { INVOKE_CHANNELS, LIMITS, type InvokeMethod } from '../../src/shared/ipc.js';
import { PREVIEW_MAX_SOURCE_CHARS } from '../../src/shared/preview-document.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';

let server: FakeOpenAIServer;
let core: AppCore;
let dataDir: string;
let sessionId: string;

beforeAll(async () => {
  server = await startFakeOpenAI();
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-ipc-'));
  core = await createAppCore({
    dataDir,
    // Every model request here is scripted: no model-written title after a first answer.
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-ipc-test-key-000000', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: () => {},
    openExternal: async () => {},
    writeLog: () => {},
  });
  const created = await core.router.handle('sessions:create', {});
  if (!created.ok) throw new Error(created.error.message);
  sessionId = (created.value as { id: string }).id;
});

afterAll(async () => {
  await core.dispose();
  await server.close();
});

/** A fingerprint of every file in the data folder. */
function snapshot(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${path}\0`).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('IPC input validation', () => {
  it('answers typed errors for a wrong type, a missing field, an unknown session and a 10 MB string, and keeps serving', async () => {
    const wrongType = await core.router.handle('sessions:get', { sessionId: 42 });
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const missing = await core.router.handle('chat:send', { sessionId });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!missing.ok) expect(missing.error.message).toContain('text');

    const unknown = await core.router.handle('sessions:get', { sessionId: randomUUID() });
    expect(unknown).toEqual({ ok: false, error: { code: 'not_found', message: 'Chat not found' } });

    const huge = await core.router.handle('chat:send', { sessionId, text: 'x'.repeat(10 * 1024 * 1024) });
    expect(huge).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const empty = await core.router.handle('chat:send', { sessionId, text: '   \n ' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const blankName = await core.router.handle('sessions:rename', { sessionId, name: '   ' });
    expect(blankName).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const list = await core.router.handle('sessions:list', undefined);
    expect(list.ok).toBe(true);
  });

  it('refuses links that are not http(s) or mailto', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x']) {
      expect(await core.router.handle('shell:openExternal', { url })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('survives 1,000+ random and malformed payloads across every channel with typed errors and no stored change', async () => {
    const before = snapshot(dataDir);
    const methods = Object.keys(INVOKE_CHANNELS) as InvokeMethod[];
    const malformed = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
      fc.record(
        { sessionId: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.uuid({ version: 4 })), text: fc.anything() },
        { requiredKeys: [] },
      ),
      fc.record({
        sessionId: fc.constant(sessionId),
        name: fc.oneof(
          fc.constant(''),
          fc.integer(),
          fc.string({ maxLength: 3 }).map((s) => s.replace(/\S/g, ' ')),
        ),
        extra: fc.anything(),
      }),
      fc.record({ baseUrl: fc.oneof(fc.string(), fc.constant('javascript:alert(1)'), fc.constant('file:///x')), apiKey: fc.integer() }),
      fc.record({
        sessionId: fc.constant(sessionId),
        model: fc.record({ providerId: fc.string(), model: fc.oneof(fc.constant(''), fc.integer()) }),
        params: fc.anything(),
      }),
      fc.constant({ __proto__: { polluted: true } }),
      fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "sessionId": "x"}')),
      fc.array(fc.anything(), { maxLength: 5 }),
    );
    let tried = 0;
    const codes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), malformed, async (method, payload) => {
        // Only payloads the contract rejects; a valid payload would legitimately change data.
        if (requestSchemas[method].safeParse(payload).success) return;
        tried++;
        const result = await core.router.handle(INVOKE_CHANNELS[method], payload);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(['invalid_input', 'not_found']).toContain(result.error.code);
          expect(typeof result.error.message).toBe('string');
          codes.set(result.error.code, (codes.get(result.error.code) ?? 0) + 1);
        }
      }),
      { numRuns: 1_400, seed: 20261129 },
    );
    expect(tried).toBeGreaterThanOrEqual(1_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(snapshot(dataDir)).toBe(before);
    expect((await core.router.handle('sessions:get', { sessionId })).ok).toBe(true);
  });
});

describe('request schemas', () => {
  const id = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
  /** A minimal valid request for every method that takes an object. */
  const valid: Partial<Record<InvokeMethod, object>> = {
    createSession: { name: 'n' },
    getSession: { sessionId: id },
    getMessages: { sessionId: id, before: 40 },
    renameSession: { sessionId: id, name: 'n' },
    deleteSession: { sessionId: id },
    pinSession: { sessionId: id, pinned: true },
    send: { sessionId: id, text: 't' },
    regenerate: { sessionId: id },
    editMessage: { sessionId: id, messageId: '0123456789abcdef', text: 't' },
    switchBranch: { sessionId: id, messageId: '0123456789abcdef', version: 1 },
    steer: { sessionId: id, text: 't' },
    followUp: { sessionId: id, text: 't' },
    abort: { sessionId: id },
    peekQueue: { sessionId: id },
    clearQueue: { sessionId: id, which: 'all' },
    removeQueued: { sessionId: id, which: 'followUp', index: 0, text: 't' },
    dismissFailure: { sessionId: id },
    updateSettings: { theme: 'dark' },
    saveProvider: { baseUrl: 'https://a.example/v1' },
    deleteProvider: { providerId: 'p-1' },
    updateChat: { sessionId: id, params: { temperature: 0.5 } },
    listModels: { model: 'm' },
    testConnection: { model: 'm' },
    openExternal: { url: 'https://example.com' },
    searchMessages: { query: 'q' },
    findInSession: { sessionId: id, query: 'q' },
    addAttachment: { name: 'a.png', bytes: new Uint8Array([1]) },
    openPreviewInBrowser: { kind: 'html', source: '<p>hi</p>' },
    readAttachment: { sha256: 'a'.repeat(64) },
    openAttachedDocument: { sha256: 'a'.repeat(64), name: 'manual.pdf' },
    approveTool: { sessionId: id, toolCallId: 'call_1', decision: 'once' },
    setSessionServers: { sessionId: id, servers: ['fixture'] },
    saveMcpServer: { name: 'fixture', transport: 'stdio', command: 'node', enabled: true },
    removeMcpServer: { name: 'fixture' },
    restartMcpServer: { name: 'fixture' },
    importMcpConfig: { text: '{}' },
    setMcpOptions: { startAtLaunch: true },
    revokeToolApproval: { server: 'fixture', tool: 'add' },
    setMcpTools: { server: 'fixture', tools: ['add'], on: false },
    exportSession: { sessionId: id, format: 'json' },
    cancelImport: { importId: id },
    updateUiState: { drafts: { [id]: 't' } },
    updateDesktop: { updates: { enabled: true }, shortcuts: { quickAsk: 'Alt+Space' } },
    quickAskOpenInApp: { sessionId: id },
    listFirstSessions: { limit: 100 },
    createFolder: { name: 'f' },
    renameFolder: { folderId: 'f-1', name: 'f' },
    deleteFolder: { folderId: 'f-1' },
    setFolderCollapsed: { folderId: 'f-1', collapsed: true },
    moveSessionToFolder: { sessionId: id, folderId: null },
    exportFolder: { folderId: 'f-1' },
    compare: {
      sessionId: id,
      text: 't',
      models: [
        { providerId: 'p', model: 'a' },
        { providerId: 'p', model: 'b' },
      ],
    },
    stopCompare: { sessionId: id },
    regenerateWith: { sessionId: id, runId: id },
    mergeAnswers: { sessionId: id, messageId: '0123456789abcdef' },
    dismissCompare: { sessionId: id },
    forkSession: { sessionId: id, messageId: '0123456789abcdef' },
    getCondense: { sessionId: id },
    condenseNow: { sessionId: id },
    undoCondense: { sessionId: id },
    setCondenseOff: { sessionId: id, off: true },
    setWebSearch: { engine: 'searxng', url: 'https://search.example', apiKey: null },
    setBuiltinToolPolicy: { tool: 'web_search', policy: 'always' },
    setFetchAllowedHosts: { hosts: ['localhost', '192.168.1.20'] },
    setSessionBuiltinTools: { sessionId: id, tools: ['web_search', 'fetch_page'] },
    updateBackupSettings: { enabled: true, keep: 3 },
    restoreBackup: { name: 'tiny-agent-backup-2026-12-02T10-00-00-000Z-manual' },
    updateSyncSettings: { enabled: true, paused: false, intervalMinutes: 5, webdav: { url: 'https://dav.example/sync', username: 'me' } },
    createKnowledgeBase: { name: 'Notes' },
    renameKnowledgeBase: { kbId: 'kb-1', name: 'Papers' },
    deleteKnowledgeBase: { kbId: 'kb-1' },
    addKnowledgePaths: { kbId: 'kb-1', kind: 'folder' },
    removeKnowledgePath: { kbId: 'kb-1', path: '/home/me/notes' },
    setKnowledgeEmbedding: { kbId: 'kb-1', embedding: { providerId: 'p1', model: 'bge-m3' } },
    reindexKnowledgeBase: { kbId: 'kb-1' },
    setSessionKnowledge: { sessionId: id, kbIds: ['kb-1'] },
    openKnowledgeFile: { file: '/home/me/notes/a.md' },
  };

  it('refuses unknown fields on every request that takes an object', () => {
    const methods = (Object.keys(INVOKE_CHANNELS) as InvokeMethod[]).filter(
      (m) =>
        ![
          'listSessions',
          'getSettings',
          'getAppStatus',
          'getMcpSettings',
          'exportAllSessions',
          'importSessions',
          'detectLocalServers',
          'getUiState',
          'windowPainted',
          'listFolders',
          'getDesktop',
          'checkForUpdates',
          'restartToUpdate',
          'hideQuickAsk',
          'getBuiltinTools',
          'getBackups',
          'chooseBackupFolder',
          'backupNow',
          'getSync',
          'chooseSyncFolder',
          'syncNow',
          'listKnowledgeBases',
        ].includes(m),
    );
    expect(Object.keys(valid).sort()).toEqual(methods.sort());
    for (const [method, payload] of Object.entries(valid) as Array<[InvokeMethod, object]>) {
      expect(requestSchemas[method].safeParse(payload).success, method).toBe(true);
      expect(requestSchemas[method].safeParse({ ...payload, extra: 1 }).success, `${method} + extra`).toBe(false);
    }
    expect(requestSchemas.updateChat.safeParse({ sessionId: id, params: { temperature: 1, extra: 1 } }).success).toBe(false);
    expect(
      requestSchemas.updateSettings.safeParse({ presets: [{ id: 'x', name: 'X', systemPrompt: '', params: {}, extra: 1 }] }).success,
    ).toBe(false);
  });

  it("a provider's 'takes images' list is true or false per named model; tools are switched by name, one at least", () => {
    const images = (takesImages: unknown) => requestSchemas.saveProvider.safeParse({ takesImages }).success;
    expect([images({ 'gpt-4o': true, plain: false }), images({ 'gpt-4o': 'yes' }), images({ '': true })]).toEqual([true, false, false]);
    const tools = (request: unknown) => requestSchemas.setMcpTools.safeParse(request).success;
    expect([
      tools({ server: 'fixture', tools: ['add', 'big'], on: true }),
      tools({ server: 'fixture', tools: [], on: true }),
      tools({ server: 'a b', tools: ['add'], on: true }),
      tools({ server: 'fixture', tools: ['x'.repeat(201)], on: false }),
      tools({ server: 'fixture', tools: ['add'] }),
    ]).toEqual([true, false, false, false, false]);
  });

  it('names versions by whole positive numbers and edits with the same text rules as a send', () => {
    const version = (v: unknown) => requestSchemas.switchBranch.safeParse({ sessionId: id, messageId: 'm1', version: v }).success;
    expect([1, 7, 0, -1, 1.5, '1', null].map(version)).toEqual([true, true, false, false, false, false, false]);
    const edit = (text: string, messageId = 'm1') => requestSchemas.editMessage.safeParse({ sessionId: id, messageId, text }).success;
    expect([edit('x'), edit('   '), edit('x'.repeat(LIMITS.maxMessageChars + 1)), edit('x', '')]).toEqual([true, false, false, false]);
    expect(requestSchemas.regenerate.safeParse({ sessionId: id, messageId: 'm1' }).success).toBe(true);
  });

  it('exports only as Markdown, JSON or HTML, and takes no path from the window', () => {
    const format = (value: unknown) => requestSchemas.exportSession.safeParse({ sessionId: id, format: value }).success;
    expect(['markdown', 'json', 'html', 'pdf', '', null].map(format)).toEqual([true, true, true, false, false, false]);
    expect(requestSchemas.exportSession.safeParse({ sessionId: id, format: 'json', path: '/tmp/x.json' }).success).toBe(false);
    expect(requestSchemas.importSessions.safeParse({ path: '/etc/passwd' }).success).toBe(false);
    expect(requestSchemas.importSessions.safeParse(undefined).success).toBe(true);
  });

  it('takes sync settings within bounds: an http(s) WebDAV URL, a passphrase of 8 or more, no path from the window', () => {
    const sync = (patch: unknown) => requestSchemas.updateSyncSettings.safeParse(patch).success;
    expect([
      sync({ intervalMinutes: 1 }),
      sync({ intervalMinutes: 0 }),
      sync({ intervalMinutes: 1.5 }),
      sync({ passphrase: 'correct horse' }),
      sync({ passphrase: 'short' }),
      sync({ passphrase: null }),
      sync({ webdav: { url: 'file:///etc', username: 'me' } }),
      sync({ webdav: { url: 'https://dav.example', username: 'me', password: '' } }),
      sync({ folder: '/tmp/anywhere' }),
      sync({ target: { kind: 'folder', path: '/tmp' } }),
      sync({ clearTarget: true }),
      sync({ clearTarget: false }),
      sync({ clearTarget: true, webdav: { url: 'https://dav.example', username: 'me' } }),
    ]).toEqual([true, false, false, true, false, true, false, false, false, false, true, false, false]);
    expect(requestSchemas.syncNow.safeParse({ force: true }).success).toBe(false);
  });

  it('narrows a search only to a folder named by a short non-empty id', () => {
    const search = (folderId: unknown) => requestSchemas.searchMessages.safeParse({ query: 'q', folderId }).success;
    expect(['f-1', '', 'x'.repeat(101), 42, null].map(search)).toEqual([true, false, false, false, false]);
  });

  it('names a reading of an added document only by a short id of letters, digits and dashes', () => {
    const add = (readingId: unknown) =>
      requestSchemas.addAttachment.safeParse({ name: 'a.pdf', bytes: new Uint8Array([1]), readingId }).success;
    expect([add(id), add(undefined), add(''), add('x'.repeat(65)), add('../x'), add(7)]).toEqual([true, true, false, false, false, false]);
  });

  it('opens in the browser only an html or svg preview of up to 2,000,000 characters, never a path or a URL', () => {
    const open = (request: unknown) => requestSchemas.openPreviewInBrowser.safeParse(request).success;
    expect([
      open({ kind: 'svg', source: '<svg/>' }),
      open({ kind: 'html', source: 'x'.repeat(PREVIEW_MAX_SOURCE_CHARS) }),
      open({ kind: 'html', source: 'x'.repeat(PREVIEW_MAX_SOURCE_CHARS + 1) }),
      open({ kind: 'html', source: '' }),
      open({ kind: 'js', source: 'alert(1)' }),
      open({ kind: 'html', source: '<p>', path: '/tmp/x.html' }),
      open({ kind: 'html', source: '<p>', url: 'file:///etc/passwd' }),
    ]).toEqual([true, true, false, false, false, false, false]);
  });

  it('takes knowledge base ids, names, path kinds and absolute paths only, and takes no path to add from the window', () => {
    const ok = (method: InvokeMethod, request: unknown) => requestSchemas[method].safeParse(request).success;
    expect([
      ok('createKnowledgeBase', { name: 'Notes' }),
      ok('createKnowledgeBase', { name: '   ' }),
      ok('createKnowledgeBase', {}),
      ok('renameKnowledgeBase', { kbId: '../kb', name: 'x' }),
      ok('deleteKnowledgeBase', { kbId: 'x'.repeat(65) }),
      ok('addKnowledgePaths', { kbId: 'kb', kind: 'anything' }),
      ok('addKnowledgePaths', { kbId: 'kb', kind: 'folder', path: '/etc' }),
      ok('removeKnowledgePath', { kbId: 'kb', path: 'relative/notes' }),
      ok('removeKnowledgePath', { kbId: 'kb', path: '/notes\0x' }),
      ok('setKnowledgeEmbedding', { kbId: 'kb', embedding: null }),
      ok('setKnowledgeEmbedding', { kbId: 'kb' }),
      ok('setKnowledgeEmbedding', { kbId: 'kb', embedding: { providerId: 'p', model: ' ' } }),
      ok('setSessionKnowledge', { sessionId: id, kbIds: 'kb' }),
      ok('setSessionKnowledge', { sessionId: 'x', kbIds: [] }),
      ok('setSessionKnowledge', { sessionId: id, kbIds: Array.from({ length: 51 }, (_, i) => `kb${i}`) }),
      ok('openKnowledgeFile', { file: 'C:\\Users\\me\\a.pdf' }),
      ok('openKnowledgeFile', { file: 'a.pdf' }),
      ok('openKnowledgeFile', { file: `/${'x'.repeat(4096)}` }),
      ok('listKnowledgeBases', { kbId: 'kb' }),
    ]).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('answers typed errors for a knowledge base that does not exist, and a file outside every base', async () => {
    const handle = (channel: string, request: unknown) => core.router.handle(channel, request);
    expect(await handle('knowledge:rename', { kbId: 'missing', name: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await handle('knowledge:addPaths', { kbId: 'missing', kind: 'files' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await handle('sessions:setKnowledge', { sessionId, kbIds: ['missing'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await handle('knowledge:openFile', { file: join(dataDir, 'settings.json') })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('takes message text up to the limit and not one character more', () => {
    const send = (text: string) => requestSchemas.send.safeParse({ sessionId: id, text }).success;
    expect([send('x'.repeat(LIMITS.maxMessageChars)), send('x'.repeat(LIMITS.maxMessageChars + 1))]).toEqual([true, false]);
  });

  it('sends text, files, or both — never neither — and attachment hashes only as sha256 digests', () => {
    const send = (req: object) => requestSchemas.send.safeParse({ sessionId: id, ...req }).success;
    const hash = 'c'.repeat(64);
    expect([
      send({ text: 'q' }),
      send({ text: '', attachments: [hash] }),
      send({ text: ' ', attachments: [] }),
      send({ text: 'q', attachments: ['../x'] }),
    ]).toEqual([true, true, false, false]);
    const read = (sha256: string) => requestSchemas.readAttachment.safeParse({ sha256 }).success;
    expect([read(hash), read('C'.repeat(64)), read('../../settings.json')]).toEqual([true, false, false]);
    const open = (sha256: string, name: string) => requestSchemas.openAttachedDocument.safeParse({ sha256, name }).success;
    expect([open(hash, 'manual.pdf'), open('../x', 'manual.pdf'), open(hash, ''), open(hash, 'x'.repeat(1001))]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('takes session ids only as uuids and base URLs only as http(s)', () => {
    const get = (sessionId: string) => requestSchemas.getSession.safeParse({ sessionId }).success;
    expect([id, '../settings', 'not-a-uuid', ''].map(get)).toEqual([true, false, false, false]);
    const baseUrl = (url: string) => requestSchemas.saveProvider.safeParse({ baseUrl: url }).success;
    expect(
      ['http://127.0.0.1:11434/v1', 'https://api.example.com/v1/', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com'].map(
        baseUrl,
      ),
    ).toEqual([true, true, false, false, false]);
  });

  it('refuses saving an empty model name', () => {
    const model = (name: string) => requestSchemas.saveProvider.safeParse({ model: name }).success;
    expect(['gpt-4o', '', '   '].map(model)).toEqual([true, false, false]);
    const chatModel = (name: string) =>
      requestSchemas.updateChat.safeParse({ sessionId: id, model: { providerId: 'p', model: name } }).success;
    expect(['gpt-4o', ''].map(chatModel)).toEqual([true, false]);
  });

  it('takes chat parameters only within their ranges', () => {
    const params = (value: object) => requestSchemas.updateChat.safeParse({ sessionId: id, params: value }).success;
    expect(
      [
        { temperature: 0 },
        { temperature: 2 },
        { temperature: 2.1 },
        { topP: 1 },
        { topP: -0.1 },
        { maxOutputTokens: 1 },
        { maxOutputTokens: 1.5 },
        { reasoningEffort: 'high' },
        { reasoningEffort: 'max' },
      ].map(params),
    ).toEqual([true, true, false, true, false, true, false, true, false]);
  });

  it('takes only known engines, http(s) URLs and known built-in tools', () => {
    const web = (input: object) => requestSchemas.setWebSearch.safeParse(input).success;
    expect([
      web({ engine: 'searxng', url: 'http://127.0.0.1:8888' }),
      web({ engine: 'brave', url: '', apiKey: 'k' }),
      web({ engine: 'google', url: '' }),
      web({ engine: 'searxng', url: 'file:///etc/passwd' }),
      web({ engine: 'tavily', url: '', apiKey: 'k'.repeat(1001) }),
    ]).toEqual([true, true, false, false, false]);
    expect(requestSchemas.setBuiltinToolPolicy.safeParse({ tool: 'rm_rf', policy: 'always' }).success).toBe(false);
    expect(requestSchemas.setBuiltinToolPolicy.safeParse({ tool: 'run_python', policy: 'never' }).success).toBe(false);
    expect(requestSchemas.setSessionBuiltinTools.safeParse({ sessionId: id, tools: ['shell'] }).success).toBe(false);
    expect(requestSchemas.send.safeParse({ sessionId: id, text: 'hi', webSearch: 'yes' }).success).toBe(false);
    expect(requestSchemas.send.safeParse({ sessionId: id, text: 'hi', readPage: 1 }).success).toBe(false);
    expect(requestSchemas.send.parse({ sessionId: id, text: ' https://example.org ', readPage: true })).toEqual({
      sessionId: id,
      text: 'https://example.org',
      readPage: true,
    });
    const hosts = (list: unknown) => requestSchemas.setFetchAllowedHosts.safeParse({ hosts: list });
    expect(
      [
        ['localhost', 'Wiki.Home', '10.0.0.5', '::1', 'fe80::1'],
        [],
        ['http://localhost'],
        ['localhost:8080'],
        ['a b'],
        [''],
        ['-bad.example'],
        [42],
        'localhost',
        Array.from({ length: 65 }, (_, i) => `h${i}.lan`),
        ['x'.repeat(254)],
      ].map((list) => hosts(list).success),
    ).toEqual([true, true, false, false, false, false, false, false, false, false, false]);
    expect(hosts([' Wiki.Home ', 'wiki.home', 'localhost']).data).toEqual({ hosts: ['wiki.home', 'localhost'] });
  });
});
