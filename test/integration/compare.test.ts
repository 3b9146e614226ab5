// Compare and fork through the whole app core and two real fake servers: one question to three models streams three
// answers at once; picking one makes it the shown version (kept across a restart) and the next request carries only
// it; Stop stops every column and keeps what each had shown; a column is answered again; a merge is a normal run over
// the versions; a chat keeps its compare set; a fork holds exactly the shown branch up to its message.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { CompareColumnEnd } from '../../src/shared/compare.js';
import type { SessionEvent, SessionEventEnvelope } from '../../src/shared/events.js';
import { messageText } from '../../src/shared/messages.js';
import type { SessionDetail, SessionSummary } from '../../src/shared/sessions.js';
import type { ModelRef, SettingsView } from '../../src/shared/settings.js';
import { startFakeOpenAI, type FakeOpenAIServer, type FakeRequest } from '../fixtures/fake-openai.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { emptyUsage, type Message } from '../../src/shared/messages.js';
import { serializeLines, type FileLine } from '../../src/main/sessions/store/session-file.js';
import { chainEntries } from '../fixtures/chain-entries.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let serverA: FakeOpenAIServer;
let serverB: FakeOpenAIServer;
let dataDir: string;
let core: AppCore | undefined;
const events: SessionEventEnvelope[] = [];

beforeEach(async () => {
  events.length = 0;
  [serverA, serverB] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-compare-'));
});

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await Promise.all([serverA.close(), serverB.close()]);
});

async function start(): Promise<AppCore> {
  await core?.dispose();
  core = await createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
  });
  return core;
}

async function call<T>(channel: string, request?: unknown): Promise<T> {
  const result = await core!.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** Three models on two providers: A/model-a, A/model-a2, B/model-b. */
async function threeModels(): Promise<ModelRef[]> {
  await call<SettingsView>('settings:saveProvider', { baseUrl: serverA.url, model: 'model-a', apiKey: 'sk-aaaa-0000000000000000' });
  const view = await call<SettingsView>('settings:saveProvider', {
    baseUrl: serverB.url,
    model: 'model-b',
    apiKey: 'sk-bbbb-1111111111111111',
  });
  const [a, b] = view.providers.map((p) => p.id);
  return [
    { providerId: a!, model: 'model-a' },
    { providerId: a!, model: 'model-a2' },
    { providerId: b!, model: 'model-b' },
  ];
}

/** Each server answers "answer from <model>" word by word, holding after the first word until `gate` opens. */
function gatedAnswers(gate: Promise<unknown>): void {
  const reply = (request: FakeRequest) => ({ text: `answer from ${request.body.model}`, gate, gateAfterChunks: 1 });
  serverA.setDefaultReply(reply);
  serverB.setDefaultReply(reply);
}

function ofType<T extends SessionEvent['type']>(
  type: T,
  from = 0,
): (SessionEventEnvelope & { event: Extract<SessionEvent, { type: T }> })[] {
  return events.slice(from).filter((e) => e.event.type === type) as never;
}

async function compareEnd(from: number): Promise<CompareColumnEnd[]> {
  await vi.waitFor(() => expect(ofType('compare_end', from)).toHaveLength(1), { timeout: 10_000 });
  return ofType('compare_end', from)[0]!.event.columns;
}

async function runToEnd(sessionId: string, text: string): Promise<void> {
  const before = events.length;
  await call('chat:send', { sessionId, text });
  await vi.waitFor(() => expect(ofType('run_end', before).some((e) => e.sessionId === sessionId)).toBe(true), { timeout: 10_000 });
}

/** Text streamed so far per run id. */
function streamed(): Map<string, string> {
  const text = new Map<string, string>();
  for (const e of ofType('delta')) text.set(e.runId, (text.get(e.runId) ?? '') + (e.event.text ?? ''));
  return text;
}

describe('compare', () => {
  it('three models stream at once; picking the second shows it, the next request carries only it, and a restart keeps 2/3', async () => {
    await start();
    const models = await threeModels();
    let open!: () => void;
    gatedAnswers(new Promise<void>((resolve) => (open = resolve)));
    const chat = await call<SessionDetail>('sessions:create', {});
    const { compareId, runIds } = await call<{ compareId: string; runIds: string[] }>('compare:start', {
      sessionId: chat.id,
      text: 'Which is best?',
      models,
    });
    expect(runIds).toHaveLength(3);
    expect(ofType('compare_start')[0]).toMatchObject({
      runId: compareId,
      event: { columns: runIds.map((runId, i) => ({ runId, model: models[i] })), userText: 'Which is best?' },
    });
    // All three requests are in flight, and each column has shown its first word, before any of them may finish.
    await serverA.waitForRequests(2);
    await serverB.waitForRequests(1);
    await vi.waitFor(() => expect(runIds.map((id) => streamed().get(id))).toEqual(['answer ', 'answer ', 'answer ']));
    expect(ofType('saved')).toHaveLength(0);
    // The chat is busy while it compares: a send is refused.
    expect(await core!.router.handle('chat:send', { sessionId: chat.id, text: 'too soon' })).toMatchObject({
      ok: false,
      error: { code: 'busy' },
    });
    open();
    const columns = await compareEnd(0);
    expect(runIds.map((id) => streamed().get(id))).toEqual(['answer from model-a', 'answer from model-a2', 'answer from model-b']);
    expect(columns.map((c) => [c.runId, c.versions])).toEqual(runIds.map((id) => [id, 3]));
    expect(new Set(columns.map((c) => c.version))).toEqual(new Set([1, 2, 3]));

    const second = columns[1]!;
    const picked = await call<SessionDetail>('chat:switchBranch', {
      sessionId: chat.id,
      messageId: second.messageId,
      version: second.version,
    });
    expect(picked.messages.slice(1).map((m) => messageText(m))).toEqual(['Which is best?', 'answer from model-a2']);
    expect(picked.refs[1]).toEqual({ id: second.messageId, version: second.version, versions: 3 });

    serverA.setDefaultReply({ text: 'next answer' });
    await runToEnd(chat.id, 'And why?');
    const next = serverA.chatRequests.at(-1)!.body.messages.map((m: { role: string; content: string }) => [m.role, m.content]);
    expect(next.slice(1)).toEqual([
      ['user', 'Which is best?'],
      ['assistant', 'answer from model-a2'],
      ['user', 'And why?'],
    ]);

    await start();
    const reopened = await call<SessionDetail>('sessions:get', { sessionId: chat.id });
    expect(reopened.messages.slice(1).map((m) => messageText(m))).toEqual([
      'Which is best?',
      'answer from model-a2',
      'And why?',
      'next answer',
    ]);
    expect(reopened.refs[1]).toEqual({ id: second.messageId, version: second.version, versions: 3 });
  });

  it('in a chat that used a tool and whose prompt names {{model}}, each column asks its own model, tools as text, none declared', async () => {
    // A chat written before: the model called get_weather, the tool answered, the model replied.
    const id = '00000000-0000-4000-8000-00000000c0de';
    const messages: Message[] = [
      { role: 'user', content: 'Weather in Paris?', timestamp: 1 },
      {
        role: 'assistant',
        content: [{ type: 'toolCall', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        model: 'model-a',
        usage: emptyUsage(),
        stopReason: 'toolUse',
        timestamp: 2,
      },
      {
        role: 'toolResult',
        toolCallId: 'call_1',
        toolName: 'get_weather',
        content: [{ type: 'text', text: 'Sunny, 21 °C' }],
        isError: false,
        timestamp: 3,
      },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'It is sunny.' }],
        model: 'model-a',
        usage: emptyUsage(),
        stopReason: 'stop',
        timestamp: 4,
      },
    ];
    const lines: FileLine[] = [
      { type: 'session', version: 1, id, createdAt: 1, systemPrompt: 'You are {{model}}.', model: 'model-a', name: 'Weather' },
      ...chainEntries('run-1', messages, null, 1),
      { type: 'commit', runId: 'run-1', count: messages.length, timestamp: 5 },
    ];
    mkdirSync(join(dataDir, 'sessions'), { recursive: true });
    writeFileSync(join(dataDir, 'sessions', `${id}.jsonl`), serializeLines(lines));
    await start();
    // Listed once the store's background check of the sessions folder is over.
    await core!.sessions?.store.scanned();
    const models = (await threeModels()).slice(1);
    serverA.setDefaultReply((request: FakeRequest) => ({ text: `answer from ${request.body.model}` }));
    serverB.setDefaultReply((request: FakeRequest) => ({ text: `answer from ${request.body.model}` }));

    await call('compare:start', { sessionId: id, text: 'And tomorrow?', models });
    const columns = await compareEnd(0);
    expect(columns.map((c) => c.versions)).toEqual([2, 2]);
    const requests = [...serverA.chatRequests, ...serverB.chatRequests];
    expect(requests.map((r) => r.body.model).sort()).toEqual(['model-a2', 'model-b']);
    for (const request of requests) {
      expect(request.body.tools).toBeUndefined();
      const sent = request.body.messages.map((m: { role: string; content: unknown; tool_calls?: unknown }) => [
        m.role,
        m.content,
        m.tool_calls,
      ]);
      expect(sent).toEqual([
        ['system', `You are ${request.body.model}.`, undefined],
        ['user', 'Weather in Paris?', undefined],
        ['assistant', '[Called the tool get_weather with {"city":"Paris"}]', undefined],
        ['user', '[Result of the tool get_weather]\nSunny, 21 °C', undefined],
        ['assistant', 'It is sunny.', undefined],
        ['user', 'And tomorrow?', undefined],
      ]);
    }
    // What is stored is unchanged: the tool call and its result are still a call and a result.
    const detail = await call<SessionDetail>('sessions:get', { sessionId: id });
    expect(detail.messages.slice(1, 5).map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
  });

  it('a compare that ended without a pick offers it again after a restart; the pick or a dismissal ends the offer', async () => {
    await start();
    const models = await threeModels();
    gatedAnswers(Promise.resolve());
    const chat = await call<SessionDetail>('sessions:create', {});
    await call('compare:start', { sessionId: chat.id, text: 'Which is best?', models });
    const ended = await compareEnd(0);

    await start();
    const reopened = await call<SessionDetail>('sessions:get', { sessionId: chat.id });
    const pending = reopened.pendingCompare!;
    expect(pending.userText).toBe('Which is best?');
    expect(pending.columns.map((c) => [c.model, c.message && messageText(c.message), c.messageId, c.version, c.versions])).toEqual(
      ended.map((c, i) => [models[i], `answer from ${models[i]!.model}`, c.messageId, c.version, 3]),
    );

    // Picking the first column's answer is the pick: not offered again, after a restart neither.
    const first = pending.columns[0]!;
    const picked = await call<SessionDetail>('chat:switchBranch', {
      sessionId: chat.id,
      messageId: first.messageId,
      version: first.version,
    });
    expect(picked.pendingCompare).toBeUndefined();
    expect(messageText(picked.messages.at(-1)!)).toBe('answer from model-a');
    await start();
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).pendingCompare).toBeUndefined();

    // Another compare, closed without a pick: dismissed, it is not offered again.
    const from = events.length;
    await call('compare:start', { sessionId: chat.id, text: 'And now?', models: models.slice(0, 2) });
    await compareEnd(from);
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).pendingCompare?.columns).toHaveLength(2);
    expect(await call('compare:dismiss', { sessionId: chat.id })).toEqual({ dismissed: true });
    expect(await call('compare:dismiss', { sessionId: chat.id })).toEqual({ dismissed: false });
    await start();
    const after = await call<SessionDetail>('sessions:get', { sessionId: chat.id });
    expect(after.pendingCompare).toBeUndefined();
    expect(after.messages.slice(1).map((m) => (messageText(m).startsWith('answer from') ? 'answer' : messageText(m)))).toEqual([
      'Which is best?',
      'answer',
      'And now?',
      'answer',
    ]);
  });

  it('a pick not made is not offered once the chat went on past it', async () => {
    await start();
    const models = await threeModels();
    gatedAnswers(Promise.resolve());
    const chat = await call<SessionDetail>('sessions:create', {});
    await call('compare:start', { sessionId: chat.id, text: 'Which?', models: models.slice(0, 2) });
    await compareEnd(0);
    serverA.setDefaultReply({ text: 'next answer' });
    serverB.setDefaultReply({ text: 'next answer' });
    await runToEnd(chat.id, 'Go on');
    await start();
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).pendingCompare).toBeUndefined();
  });

  it('Stop during a compare stops all three, and each keeps what it had shown', async () => {
    await start();
    const models = await threeModels();
    gatedAnswers(new Promise(() => {}));
    const chat = await call<SessionDetail>('sessions:create', {});
    const { runIds } = await call<{ runIds: string[] }>('compare:start', { sessionId: chat.id, text: 'Go', models });
    await vi.waitFor(() => expect(runIds.map((id) => streamed().get(id))).toEqual(['answer ', 'answer ', 'answer ']));
    expect(await call('chat:abort', { sessionId: chat.id })).toEqual({ aborted: true });
    const columns = await compareEnd(0);
    expect(
      ofType('saved')
        .map((e) => [e.runId, e.event.stopped])
        .sort(),
    ).toEqual(runIds.map((id) => [id, true]).sort());
    expect(columns.every((c) => c.messageId && c.versions === 3)).toBe(true);
    await start();
    const detail = await call<SessionDetail>('sessions:get', { sessionId: chat.id });
    expect(detail.messages.slice(1).map((m) => messageText(m))).toEqual(['Go', 'answer ']);
    expect(detail.refs[1]!.versions).toBe(3);
  });

  it('Stop on one column stops only it; a column is answered again; a merge is a normal run over the versions', async () => {
    await start();
    const [a, a2] = await threeModels();
    let open!: () => void;
    gatedAnswers(new Promise<void>((resolve) => (open = resolve)));
    const chat = await call<SessionDetail>('sessions:create', {});
    const { runIds } = await call<{ runIds: string[] }>('compare:start', { sessionId: chat.id, text: 'Q', models: [a, a2] });
    await vi.waitFor(() => expect(runIds.map((id) => streamed().get(id))).toEqual(['answer ', 'answer ']));
    expect(await call('compare:stop', { sessionId: chat.id, runId: runIds[0] })).toEqual({ aborted: true });
    await vi.waitFor(() => expect(ofType('saved').map((e) => e.runId)).toEqual([runIds[0]]));
    // The stopped column is answered again while the other still streams.
    serverA.setDefaultReply({ text: 'fresh from model-a' });
    const { runId: again } = await call<{ runId: string }>('compare:regenerate', { sessionId: chat.id, runId: runIds[0] });
    expect(ofType('compare_column')[0]!.event).toMatchObject({ column: 0, runId: again });
    open();
    const columns = await compareEnd(0);
    expect(columns.map((c) => c.runId)).toEqual([again, runIds[1]]);
    expect(columns.map((c) => c.versions)).toEqual([3, 3]);
    expect(streamed().get(again)).toBe('fresh from model-a');

    serverA.setDefaultReply({ text: 'merged' });
    const before = serverA.chatRequests.length;
    await call('compare:merge', { sessionId: chat.id, messageId: columns[0]!.messageId });
    await vi.waitFor(() => expect(serverA.chatRequests.length).toBe(before + 1));
    await vi.waitFor(() => expect(ofType('run_end').length).toBeGreaterThanOrEqual(4));
    const merge = serverA.chatRequests.at(-1)!.body.messages.at(-1) as { role: string; content: string };
    expect(merge.role).toBe('user');
    expect(merge.content).toContain('Merge these 3 answers');
    for (const text of ['### Answer 1 (model-a)\nanswer', '(model-a2)\nanswer from model-a2', 'fresh from model-a'])
      expect(merge.content).toContain(text);
  });

  it('a chat keeps its compare set across a restart, and refuses one model or a repeated one', async () => {
    await start();
    const [a, a2, b] = await threeModels();
    const chat = await call<SessionDetail>('sessions:create', {});
    await call('chat:updateSettings', { sessionId: chat.id, compareModels: [a, b] });
    await start();
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).chat.compareModels).toEqual([a, b]);
    await call('chat:updateSettings', { sessionId: chat.id, compareModels: null });
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).chat.compareModels).toBeUndefined();
    expect(await core!.router.handle('compare:start', { sessionId: chat.id, text: 'x', models: [a] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await core!.router.handle('compare:start', { sessionId: chat.id, text: 'x', models: [a2, a2] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'A compare needs 2 to 4 different models.' },
    });
  });
});

describe('fork', () => {
  it('a fork at message 5 of 10 holds exactly the first five, the chat settings, a name after it and a link back', async () => {
    await start();
    await threeModels();
    serverA.setDefaultReply((request) => ({ text: `reply ${request.body.messages.length}` }));
    const chat = await call<SessionDetail>('sessions:create', { systemPrompt: 'Be brief.', params: { temperature: 0.4 } });
    for (const n of [1, 2, 3, 4, 5]) await runToEnd(chat.id, `question ${n}`);
    const source = await call<SessionDetail>('sessions:get', { sessionId: chat.id });
    expect(source.total).toBe(10);
    const fifth = source.refs[4]!.id;
    const fork = await call<SessionSummary>('sessions:fork', { sessionId: chat.id, messageId: fifth });
    expect(fork.name).toBe('question 1 (fork)');
    await start();
    const forked = await call<SessionDetail>('sessions:get', { sessionId: fork.id });
    expect(forked.messages.slice(1).map((m) => messageText(m))).toEqual(source.messages.slice(1, 6).map((m) => messageText(m)));
    expect(forked.total).toBe(5);
    expect(forked.forkedFrom).toEqual({ sessionId: chat.id, messageId: fifth });
    expect(forked).toMatchObject({ systemPrompt: 'Be brief.', chat: { params: { temperature: 0.4 } } });
    // The source is untouched, and the fork goes on by itself.
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).total).toBe(10);
    await runToEnd(fork.id, 'question 6');
    const sent = serverA.chatRequests.at(-1)!.body.messages.map((m: { content: string }) => m.content);
    expect(sent).toEqual(['Be brief.', 'question 1', 'reply 2', 'question 2', 'reply 4', 'question 3', 'question 6']);
  });
});
