// Model-written chat names against the real fake model server: after the first answer the chat's own model is asked
// for a title, which names the chat (event, list, file) unless the person named it; the request is its own, never
// waited for, aborted with the chat, and asks in the conversation's language.
import { afterEach, describe, expect, it } from 'vitest';
import { eventOf, fileLines, sentMessages, startHarness, type Harness } from '../unit/sessions/service-harness.js';
import { TITLE_MAX_TOKENS } from '../../src/main/sessions/title-writer.js';

let h: Harness;
let autoTitle = true;
const logged: string[] = [];

async function start(): Promise<void> {
  autoTitle = true;
  logged.length = 0;
  h = await startHarness({
    autoTitle: () => autoTitle,
    log: { info: (message) => logged.push(message), error: (context) => logged.push(context) },
  });
}

afterEach(async () => {
  await h.close();
});

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const titled = (sessionId: string) => h.waitForEvent((e) => e.sessionId === sessionId && e.event.type === 'titled');

describe('a title after the first answer', () => {
  it('the second request asks the same model for a title; its text names the chat in the list, the event and the file', async () => {
    await start();
    const chat = await h.service.create({});
    h.server.enqueue({ text: 'Use a sourdough starter and a long cold proof.' }, { text: '"Sourdough Bread Basics."' });
    const { runId } = await h.service.send(chat.id, 'how do I bake bread at home?');
    await h.runEnd(runId);
    const event = await titled(chat.id);

    const [answer, title] = await h.server.waitForRequests(2).then(() => h.server.chatRequests);
    expect(answer!.body.model).toBe('fake-model');
    expect(title!.body).toMatchObject({ model: 'fake-model', stream: true, max_tokens: TITLE_MAX_TOKENS });
    expect(title!.body.tools).toBeUndefined();
    const [system, excerpt] = sentMessages(title!.body);
    expect(system![0]).toBe('system');
    expect(system![1]).toContain('same language the user writes in');
    expect(excerpt).toEqual(['user', 'User: how do I bake bread at home?\n\nAssistant: Use a sourdough starter and a long cold proof.']);

    // Quotes and the final full stop go; the run that answered names the event.
    expect(event.runId).toBe(runId);
    expect(event.event).toMatchObject({ type: 'titled', summary: { id: chat.id, name: 'Sourdough Bread Basics', isStreaming: false } });
    expect(h.service.list()[0]).toMatchObject({ id: chat.id, name: 'Sourdough Bread Basics' });
    expect((await fileLines(h.dir, chat.id)).at(-1)).toMatchObject({ type: 'meta', title: 'Sourdough Bread Basics' });

    // A later answer keeps the title and asks for no other; a restart reads it back.
    h.server.enqueue({ text: 'About four hours.' });
    await h.runEnd((await h.service.send(chat.id, 'how long does it rise?')).runId);
    expect(h.server.chatRequests).toHaveLength(3);
    expect(sentMessages(h.server.chatRequests[2]!.body).at(-1)).toEqual(['user', 'how long does it rise?']);
    expect(h.service.list()[0]!.name).toBe('Sourdough Bread Basics');
    await h.restart();
    expect(h.service.list()[0]!.name).toBe('Sourdough Bread Basics');
    expect((await h.service.get(chat.id)).name).toBe('Sourdough Bread Basics');
  });

  it('a Chinese chat asks for a Chinese title', async () => {
    await start();
    const chat = await h.service.create({});
    h.server.enqueue({ text: '先把面粉和水混合，静置半小时。' }, { text: '家庭面包入门' });
    await h.runEnd((await h.service.send(chat.id, '在家怎么做面包？')).runId);
    await titled(chat.id);

    const [system, excerpt] = sentMessages(h.server.chatRequests[1]!.body);
    expect(system![1]).toContain('请用中文');
    expect(excerpt).toEqual(['user', '用户：在家怎么做面包？\n\n助手：先把面粉和水混合，静置半小时。']);
    expect(h.service.list()[0]!.name).toBe('家庭面包入门');
  });

  it('a chat the person named is never renamed: no request when named before, the name kept when renamed while the model writes', async () => {
    await start();
    const named = await h.service.create({ name: 'My recipes' });
    h.server.enqueue({ text: 'Flour, water, salt, yeast.' });
    await h.runEnd((await h.service.send(named.id, 'what goes into bread?')).runId);

    const renamed = await h.service.create({});
    const slow = gate();
    h.server.enqueue({ text: 'Knead for ten minutes.' }, { text: 'Kneading Dough', gate: slow.promise });
    await h.runEnd((await h.service.send(renamed.id, 'how long do I knead?')).runId);
    await h.server.waitForRequests(3);
    await h.service.rename(renamed.id, 'Kneading notes');
    slow.open();

    // The next question is the next request: nothing was asked for the named chat, and the renamed one stays renamed.
    h.server.enqueue({ text: 'Yes.' });
    await h.runEnd((await h.service.send(named.id, 'any sugar?')).runId);
    expect(sentMessages(h.server.chatRequests[1]!.body).at(-1)).toEqual(['user', 'how long do I knead?']);
    expect(sentMessages(h.server.chatRequests[3]!.body).at(-1)).toEqual(['user', 'any sugar?']);
    await h.restart();
    expect(h.service.list().map((s) => s.name)).toEqual(['My recipes', 'Kneading notes']);
    expect(h.events.some((e) => e.event.type === 'titled')).toBe(false);
  });

  it('with the setting off no second request is sent', async () => {
    await start();
    autoTitle = false;
    const chat = await h.service.create({});
    h.server.enqueue({ text: 'Hello.' }, { text: 'Second answer.' });
    await h.runEnd((await h.service.send(chat.id, 'hi there')).runId);
    await h.runEnd((await h.service.send(chat.id, 'and again')).runId);

    expect(h.server.chatRequests.map((r) => sentMessages(r.body).at(-1))).toEqual([
      ['user', 'hi there'],
      ['user', 'and again'],
    ]);
    expect(h.service.list()[0]!.name).toBe('hi there');
  });
});

describe('a title request stays out of the way', () => {
  it('a failed request keeps the automatic name, says nothing to the renderer, and is logged', async () => {
    await start();
    const chat = await h.service.create({});
    h.server.enqueue({ text: 'An answer.' }, { status: 500 });
    await h.runEnd((await h.service.send(chat.id, 'first question')).runId);
    await h.server.waitForRequests(2);
    // The next send is the next request and works as ever.
    h.server.enqueue({ text: 'Another answer.' });
    await h.runEnd((await h.service.send(chat.id, 'second question')).runId);

    expect(h.service.list()[0]!.name).toBe('first question');
    expect(h.events.filter((e) => e.event.type === 'titled' || e.event.type === 'error')).toEqual([]);
    expect(logged.some((line) => line.includes('no title written'))).toBe(true);
  });

  it('does not hold up the next send: a question asked while the title is written is answered first', async () => {
    await start();
    const chat = await h.service.create({});
    const slow = gate();
    h.server.enqueue({ text: 'First answer.' }, { text: 'Slow Title', gate: slow.promise }, { text: 'Second answer.' });
    await h.runEnd((await h.service.send(chat.id, 'first question')).runId);
    await h.server.waitForRequests(2);
    const second = await h.service.send(chat.id, 'second question');
    const events = await h.runEnd(second.runId);
    expect(eventOf(events, 'saved').summary.name).toBe('first question');

    slow.open();
    const event = await titled(chat.id);
    // Numbered after the second run's events: one sequence per chat.
    expect(event.seq).toBeGreaterThan(events.at(-1)!.seq);
    expect(h.service.list()[0]!.name).toBe('Slow Title');
  });

  it('deleting the chat aborts its title request; nothing is written or said afterwards', async () => {
    await start();
    const chat = await h.service.create({});
    const slow = gate();
    h.server.enqueue({ text: 'An answer.' }, { text: 'Never Seen', gate: slow.promise, gateAfterChunks: 0 });
    await h.runEnd((await h.service.send(chat.id, 'question')).runId);
    const [, title] = await h.server.waitForRequests(2).then(() => h.server.chatRequests);
    const before = h.events.length;
    await h.service.delete(chat.id);
    await expect.poll(() => title!.disconnected).toBe(true);
    slow.open();
    await h.restart();
    expect(h.events.slice(before)).toEqual([]);
    expect(h.service.list()).toEqual([]);
  });
});
