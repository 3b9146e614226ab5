// The session service against the real fake model server: the 003 walk-through, every run outcome, restart.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import { AppError } from '../../src/shared/errors.js';
import { messageText, type Message } from '../../src/shared/messages.js';
import { StoreError } from '../../src/main/sessions/store/session-store.js';
import { streamOpenAI } from '../../src/main/llm/index.js';
import { SessionService } from '../../src/main/sessions/session-service.js';
import {
  eventOf,
  fileLines,
  sentMessages,
  startHarness,
  streamedText,
  SYSTEM_PROMPT,
  types,
  WORDS,
  type Harness,
} from '../unit/sessions/service-harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** A gate the fake server waits on; `open()` lets the rest of the reply through. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('the 003 walk-through', () => {
  it('the second question carries the first exchange; a new session carries none of it', async () => {
    const first = await h.service.create({});
    h.server.enqueue({ text: '好的，我记住了：项目代号是极简。' });
    await h.runEnd((await h.service.send(first.id, '请记住项目代号是极简')).runId);
    h.server.enqueue({ text: '代号是极简。' });
    await h.runEnd((await h.service.send(first.id, '刚才的代号是什么？')).runId);

    expect(sentMessages(h.server.chatRequests[1]!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', '请记住项目代号是极简'],
      ['assistant', '好的，我记住了：项目代号是极简。'],
      ['user', '刚才的代号是什么？'],
    ]);

    const second = await h.service.create({});
    await h.runEnd((await h.service.send(second.id, '代号是什么？')).runId);
    expect(sentMessages(h.server.chatRequests[2]!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', '代号是什么？'],
    ]);

    // Switching back: the whole history, system first.
    const detail = await h.service.get(first.id);
    expect(detail.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect(detail).toMatchObject({ name: '请记住项目代号是极简', messageCount: 5, isStreaming: false });
    expect(h.service.list().map((s) => s.id)).toEqual([second.id, first.id]);
  });
});

describe('run outcomes', () => {
  it('success: events in order, one fsynced unit on disk, then saved', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'Hello there friend', reasoning: 'thinking hard' });
    const { runId } = await h.service.send(session.id, 'hi');
    const events = await h.runEnd(runId);

    expect(types(events)).toEqual(['run_start', 'message_start', 'message_start', 'delta', 'assistant_end', 'saved', 'run_end']);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.every((e) => e.sessionId === session.id && e.runId === runId)).toBe(true);
    // Named from the first message as soon as it is sent; streaming until run_end.
    expect(eventOf(events, 'run_start')).toMatchObject({ userText: 'hi', summary: { name: 'hi', messageCount: 1, isStreaming: true } });
    expect(events[2]!.event).toMatchObject({ type: 'message_start', message: { role: 'assistant', content: [] } });
    expect(streamedText(events)).toBe('Hello there friend');
    expect(events.map((e) => (e.event.type === 'delta' ? (e.event.thinking ?? '') : '')).join('')).toBe('thinking hard');
    expect(eventOf(events, 'assistant_end')).toMatchObject({ stopReason: 'stop', toolCalls: [] });
    expect(eventOf(events, 'saved')).toMatchObject({ stopped: false, summary: { name: 'hi', messageCount: 3, isStreaming: false } });
    expect(eventOf(events, 'run_end')).toMatchObject({
      type: 'run_end',
      committed: true,
      summary: { name: 'hi', messageCount: 3, isStreaming: false },
    });
    // The API key never appears in any event.
    expect(JSON.stringify(h.events)).not.toContain('sk-test-key');

    const lines = await fileLines(h.dir, session.id);
    expect(lines.map((l) => l.type)).toEqual(['session', 'message', 'message', 'commit']);
    expect(lines[0]).toMatchObject({ version: 2, id: session.id, systemPrompt: SYSTEM_PROMPT, model: 'fake-model' });
    expect(lines[1]).toMatchObject({ parentId: null, runId, message: { role: 'user', content: 'hi' } });
    expect(lines[2]).toMatchObject({ parentId: lines[1]!.id, runId, message: { role: 'assistant', stopReason: 'stop' } });
    expect(lines[3]).toMatchObject({ runId, count: 2 });
  });

  it('empty reply: error empty_reply with the text offered back, nothing on disk, transcript rolled back', async () => {
    const session = await h.service.create({});
    // Named first, so the chat is kept (a new chat holding only a failed first send is removed: first-run.test).
    await h.service.rename(session.id, 'Kept');
    h.server.enqueue({ empty: true });
    const { runId } = await h.service.send(session.id, 'say something');
    const events = await h.runEnd(runId);
    expect(types(events)).toEqual(['run_start', 'message_start', 'message_start', 'assistant_end', 'error', 'run_end']);
    expect(eventOf(events, 'error')).toEqual({
      type: 'error',
      code: 'empty_reply',
      message: WORDS.emptyReply,
      unsentText: 'say something',
    });
    expect(eventOf(events, 'run_end').committed).toBe(false);
    expect((await fileLines(h.dir, session.id)).map((l) => l.type)).toEqual(['session', 'meta']);

    await h.runEnd((await h.service.send(session.id, 'again')).runId);
    expect(sentMessages(h.server.chatRequests[1]!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', 'again'],
    ]);
  });

  it('model failure: error names the cause, nothing committed, the next request omits the failed turn', async () => {
    const session = await h.service.create({});
    await h.runEnd((await h.service.send(session.id, 'first')).runId);
    h.server.enqueue({ status: 500 });
    const { runId } = await h.service.send(session.id, 'second');
    const events = await h.runEnd(runId);
    const end = eventOf(events, 'assistant_end');
    expect(end).toMatchObject({ stopReason: 'error', errorCode: 'server_error' });
    const error = eventOf(events, 'error');
    expect(error).toEqual({
      type: 'error',
      code: 'server_error',
      message: WORDS.runFailed('server_error', end.errorMessage),
      unsentText: 'second',
    });
    expect(types(events).slice(-2)).toEqual(['error', 'run_end']);
    expect((await fileLines(h.dir, session.id)).filter((l) => l.type === 'message')).toHaveLength(2);

    await h.runEnd((await h.service.send(session.id, 'third')).runId);
    expect(sentMessages(h.server.chatRequests[2]!.body).map(([role, text]) => `${role}:${text}`)).toEqual([
      `system:${SYSTEM_PROMPT}`,
      'user:first',
      'assistant:You said: first',
      'user:third',
    ]);
  });

  it('a stream that breaks mid-answer is a failure: the partial text is not kept', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'one two three four', disconnectAfterChunks: 2 });
    const events = await h.runEnd((await h.service.send(session.id, 'count')).runId);
    expect(streamedText(events)).toBe('one two ');
    const error = eventOf(events, 'error');
    expect(error.code).toBe(eventOf(events, 'assistant_end').errorCode);
    expect(error.unsentText).toBe('count');
    expect((await fileLines(h.dir, session.id)).map((l) => l.type)).toEqual(['session']);
  });

  it('stopped after text: the partial answer is committed as stopped', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'one two three', gate: held.promise, gateAfterChunks: 1 });
    const { runId } = await h.service.send(session.id, 'count');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    expect(await h.service.abort(session.id)).toEqual({ aborted: true });
    const events = await h.runEnd(runId);
    expect(types(events)).toEqual(['run_start', 'message_start', 'message_start', 'delta', 'assistant_end', 'saved', 'run_end']);
    expect(eventOf(events, 'assistant_end').stopReason).toBe('aborted');
    expect(eventOf(events, 'saved').stopped).toBe(true);
    const lines = await fileLines(h.dir, session.id);
    expect(lines.map((l) => l.type)).toEqual(['session', 'message', 'message', 'commit']);
    expect(lines[2]!.message).toMatchObject({ stopReason: 'aborted', content: [{ type: 'text', text: 'one ' }] });
    expect(lines[3]).toMatchObject({ stopped: true });
    held.open();
  });

  it('stopped with a follow-up still queued: it is not sent, and comes back with the saved run', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'one two three', gate: held.promise, gateAfterChunks: 1 });
    const { runId } = await h.service.send(session.id, 'count');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    await h.service.followUp(session.id, 'and then summarize');
    await h.service.abort(session.id);
    const events = await h.runEnd(runId);
    expect(eventOf(events, 'saved')).toMatchObject({ stopped: true, unsentText: 'and then summarize' });
    expect(h.server.chatRequests).toHaveLength(1);
    held.open();
  });

  it('Stop pressed while the commit is being written sends nothing more; the queued text goes back to the composer', async () => {
    const session = await h.service.create({});
    const store = h.service.store;
    const realAppend = store.append.bind(store);
    const writing = gate();
    const release = gate();
    // Fault seam: hold the commit's write open so the Stop lands inside it (a real write is too quick to hit).
    store.append = async (...args) => {
      writing.open();
      await release.promise;
      return realAppend(...args);
    };
    const { runId } = await h.service.send(session.id, 'count');
    await writing.promise;
    await h.service.followUp(session.id, 'and then summarize');
    expect(await h.service.abort(session.id)).toEqual({ aborted: true });
    release.open();
    const events = await h.runEnd(runId);
    store.append = realAppend;
    expect(eventOf(events, 'saved')).toMatchObject({ stopped: false, unsentText: 'and then summarize' });
    expect(eventOf(events, 'run_end').committed).toBe(true);
    // A queued follow-up would have started (run_start) in the same turn of the event loop as run_end.
    expect(h.server.chatRequests).toHaveLength(1);
    expect(h.events.filter((e) => e.sessionId === session.id && e.event.type === 'run_start')).toHaveLength(1);
    expect((await h.service.get(session.id)).isStreaming).toBe(false);
  });

  it('a delete that fails on disk leaves the stopped session usable, with its run ended', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'one two three', gate: held.promise, gateAfterChunks: 1 });
    const { runId } = await h.service.send(session.id, 'count');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    const store = h.service.store;
    const realDelete = store.delete.bind(store);
    store.delete = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new StoreError('io', 'EPERM: operation not permitted');
    };
    await expect(h.service.delete(session.id)).rejects.toMatchObject({ code: 'storage' });
    store.delete = realDelete;
    const end = await h.waitForEvent((e) => e.runId === runId && e.event.type === 'run_end');
    expect(end.event).toMatchObject({ committed: false, summary: { isStreaming: false } });
    held.open();
    h.server.enqueue({ text: 'fine again' });
    const next = await h.service.send(session.id, 'still here?');
    expect(streamedText(await h.runEnd(next.runId))).toBe('fine again');
  });

  it('stopped before any text: error aborted, nothing committed', async () => {
    const session = await h.service.create({});
    // Named first, so the chat is kept (a new chat holding only a failed first send is removed: first-run.test).
    await h.service.rename(session.id, 'Kept');
    const held = gate();
    h.server.enqueue({ text: 'never shown', gate: held.promise, gateAfterChunks: 0 });
    const { runId } = await h.service.send(session.id, 'wait');
    await h.server.waitForRequests(1);
    await h.service.abort(session.id);
    const events = await h.runEnd(runId);
    expect(types(events)).toEqual(['run_start', 'message_start', 'message_start', 'assistant_end', 'error', 'run_end']);
    expect(eventOf(events, 'assistant_end').stopReason).toBe('aborted');
    expect(eventOf(events, 'error')).toEqual({ type: 'error', code: 'aborted', message: WORDS.stoppedBeforeReply, unsentText: 'wait' });
    expect(eventOf(events, 'run_end').committed).toBe(false);
    expect((await fileLines(h.dir, session.id)).map((l) => l.type)).toEqual(['session', 'meta']);
    held.open();
    await h.runEnd((await h.service.send(session.id, 'retry')).runId);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', 'retry'],
    ]);
  });

  it('busy while running; not_found for an unknown id', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'slow', gate: held.promise });
    const { runId } = await h.service.send(session.id, 'one');
    await expect(h.service.send(session.id, 'two')).rejects.toEqual(new AppError('busy', WORDS.busy));
    await expect(h.service.regenerate(session.id)).rejects.toMatchObject({ code: 'busy' });
    held.open();
    await h.runEnd(runId);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const call of [
      () => h.service.get(unknown),
      () => h.service.send(unknown, 'x'),
      () => h.service.rename(unknown, 'x'),
      () => h.service.delete(unknown),
      () => h.service.abort(unknown),
    ]) {
      await expect(call()).rejects.toEqual(new AppError('not_found', WORDS.notFound));
    }
  });
});

describe('sessions over time', () => {
  it('restart restores every session and message in order; continuing sends the restored history', async () => {
    const a = await h.service.create({});
    const b = await h.service.create({ name: 'Named', systemPrompt: 'Answer in French.' });
    for (const text of ['a1', 'a2']) await h.runEnd((await h.service.send(a.id, text)).runId);
    await h.runEnd((await h.service.send(b.id, 'b1')).runId);
    const before = { a: await h.service.get(a.id), b: await h.service.get(b.id), list: h.service.list() };

    const service = await h.restart();
    expect(service.list()).toEqual(before.list);
    expect(await service.get(a.id)).toEqual(before.a);
    expect(await service.get(b.id)).toEqual(before.b);
    expect(before.b).toMatchObject({ name: 'Named', systemPrompt: 'Answer in French.', messageCount: 3 });

    await h.runEnd((await service.send(a.id, 'a3')).runId);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body).map(([role, text]) => `${role}:${text}`)).toEqual([
      `system:${SYSTEM_PROMPT}`,
      'user:a1',
      'assistant:You said: a1',
      'user:a2',
      'assistant:You said: a2',
      'user:a3',
    ]);
  });

  it('rename appends one meta line, survives a restart, and stops automatic naming', async () => {
    const session = await h.service.create({});
    const file = path.join(h.dir, 'sessions', `${session.id}.jsonl`);
    await h.runEnd((await h.service.send(session.id, 'first question')).runId);
    const before = await fs.readFile(file);
    const summary = await h.service.rename(session.id, '我的会话');
    expect(summary).toMatchObject({ id: session.id, name: '我的会话', messageCount: 3 });
    const after = await fs.readFile(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(JSON.parse(after.subarray(before.length).toString())).toMatchObject({ type: 'meta', name: '我的会话' });
    const service = await h.restart();
    expect(service.list()[0]).toMatchObject({ name: '我的会话' });
    expect((await service.get(session.id)).name).toBe('我的会话');
  });

  it('regenerate: the new answer replaces the old in the view; both stay on disk as sibling branches', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'first answer' });
    await h.runEnd((await h.service.send(session.id, 'question')).runId);
    h.server.enqueue({ text: 'second answer' });
    const { runId } = await h.service.regenerate(session.id);
    const events = await h.runEnd(runId);
    expect(types(events)).toEqual(['run_start', 'message_start', 'delta', 'assistant_end', 'saved', 'run_end']);
    expect(eventOf(events, 'run_start').userText).toBe('question');
    expect(sentMessages(h.server.chatRequests[1]!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', 'question'],
    ]);
    const texts = async () =>
      (await h.service.get(session.id)).messages.map(
        (m) =>
          `${m.role}:${'content' in m && typeof m.content === 'string' ? m.content : (m.content as Array<{ text?: string }>).map((p) => p.text).join('')}`,
      );
    expect(await texts()).toEqual([`system:${SYSTEM_PROMPT}`, 'user:question', 'assistant:second answer']);

    const lines = (await fileLines(h.dir, session.id)).filter((l) => l.type === 'message');
    expect(lines.map((l) => l.parentId)).toEqual([null, lines[0]!.id, lines[0]!.id]);
    await h.restart();
    expect(await texts()).toEqual([`system:${SYSTEM_PROMPT}`, 'user:question', 'assistant:second answer']);
    await expect(h.service.regenerate((await h.service.create({})).id)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('a failed regenerate keeps the old answer', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'kept answer' });
    await h.runEnd((await h.service.send(session.id, 'question')).runId);
    h.server.enqueue({ status: 503 });
    const events = await h.runEnd((await h.service.regenerate(session.id)).runId);
    expect(eventOf(events, 'error')).toMatchObject({ code: 'server_error', unsentText: '' });
    expect((await h.service.get(session.id)).messages).toHaveLength(3);
    await h.runEnd((await h.service.send(session.id, 'next')).runId);
    expect(sentMessages(h.server.chatRequests[2]!.body).map(([r]) => r)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('get during a run returns a snapshot that later events continue exactly', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'alpha beta gamma delta', gate: held.promise, gateAfterChunks: 2 });
    const { runId } = await h.service.send(session.id, 'stream please');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    const detail = await h.service.get(session.id);
    expect(detail.isStreaming).toBe(true);
    expect(detail.messages.map((m) => m.role)).toEqual(['system']);
    const snapshot = detail.activeRun!;
    expect(snapshot.runId).toBe(runId);
    expect(snapshot.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    held.open();
    const events = await h.runEnd(runId);
    const later = events.filter((e) => e.seq > snapshot.seq);
    const partial = snapshot.messages[1]!;
    const shown = partial.role === 'assistant' ? partial.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
    expect(shown + streamedText(later)).toBe('alpha beta gamma delta');
    expect(h.service.list()[0]!.isStreaming).toBe(false);
  });

  it('follow-up and steering while running: queue events, one committed run holding every message', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue(
      { text: 'first reply', gate: held.promise, gateAfterChunks: 1 },
      { text: 'steered reply' },
      { text: 'follow-up reply' },
    );
    const { runId } = await h.service.send(session.id, 'start');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    expect(await h.service.followUp(session.id, 'and then?')).toEqual({ steering: [], followUp: ['and then?'] });
    expect(await h.service.steer(session.id, 'actually, shorter')).toEqual({ steering: ['actually, shorter'], followUp: ['and then?'] });
    expect(await h.service.peekQueue(session.id)).toEqual({ steering: ['actually, shorter'], followUp: ['and then?'] });
    held.open();
    const events = await h.runEnd(runId);
    expect(events.filter((e) => e.event.type === 'queue').map((e) => (e.event as { queue: unknown }).queue)).toEqual([
      { steering: [], followUp: ['and then?'] },
      { steering: ['actually, shorter'], followUp: ['and then?'] },
      { steering: [], followUp: ['and then?'] },
      { steering: [], followUp: [] },
    ]);
    expect(eventOf(events, 'run_end').committed).toBe(true);
    const stored = (await fileLines(h.dir, session.id)).filter((l) => l.type === 'message' || l.type === 'commit');
    expect(stored.map((l) => (l.type === 'commit' ? 'commit' : l.message.role))).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'commit',
    ]);
    expect(new Set(stored.map((l) => l.runId))).toEqual(new Set([runId]));
    await expect(h.service.steer(session.id, 'too late')).rejects.toEqual(new AppError('invalid_input', WORDS.notRunning));
  });

  it('a failed run hands back every text the user wrote for it', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'partial', gate: held.promise, gateAfterChunks: 1 }, { status: 500 });
    const { runId } = await h.service.send(session.id, 'start');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    await h.service.steer(session.id, 'steer me');
    held.open();
    const events = await h.runEnd(runId);
    expect(eventOf(events, 'error')).toMatchObject({ code: 'server_error', unsentText: 'start\n\nsteer me' });
    expect((await fileLines(h.dir, session.id)).map((l) => l.type)).toEqual(['session']);
  });

  it('unreadable and newer-version files are refused with clear errors and left untouched', async () => {
    const good = await h.service.create({});
    await h.runEnd((await h.service.send(good.id, 'hello')).runId);
    const corrupt = await h.service.create({});
    await h.runEnd((await h.service.send(corrupt.id, 'one')).runId);
    await h.runEnd((await h.service.send(corrupt.id, 'two')).runId);
    await h.service.dispose();
    const corruptFile = path.join(h.dir, 'sessions', `${corrupt.id}.jsonl`);
    const lines = (await fs.readFile(corruptFile, 'utf8')).split('\n');
    lines[2] = '{ broken';
    await fs.writeFile(corruptFile, lines.join('\n'));
    const newerId = '11111111-2222-4333-8444-555555555555';
    const newerFile = path.join(h.dir, 'sessions', `${newerId}.jsonl`);
    await fs.writeFile(newerFile, `${JSON.stringify({ type: 'session', version: 7, id: newerId, createdAt: 1 })}\n`);
    const bytes = { corrupt: await fs.readFile(corruptFile), newer: await fs.readFile(newerFile) };

    const service = await h.restart();
    // Listed with their problem, never silently dropped; the good one first.
    expect(service.list().map((s) => [s.id, s.problem])).toEqual([
      [good.id, undefined],
      ...[
        [corrupt.id, 'unreadable'],
        [newerId, 'unsupported_version'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ]);
    await expect(service.get(corrupt.id)).rejects.toEqual(new AppError('storage', WORDS.unreadable));
    await expect(service.send(corrupt.id, 'x')).rejects.toEqual(new AppError('storage', WORDS.unreadable));
    await expect(service.rename(corrupt.id, 'x')).rejects.toEqual(new AppError('storage', WORDS.unreadable));
    await expect(service.get(newerId)).rejects.toEqual(new AppError('unsupported_version', WORDS.unsupportedVersion));
    await service.dispose();
    expect(await fs.readFile(corruptFile)).toEqual(bytes.corrupt);
    expect(await fs.readFile(newerFile)).toEqual(bytes.newer);
  });
});

describe('idle sessions are unloaded and reloaded transparently', () => {
  it('with room for one idle session, three sessions keep their own histories', async () => {
    await h.close();
    h = await startHarness({ maxIdleSessions: 1 });
    const ids = [(await h.service.create({})).id, (await h.service.create({})).id, (await h.service.create({})).id];
    for (let round = 1; round <= 2; round++) {
      for (const [i, id] of ids.entries()) await h.runEnd((await h.service.send(id, `s${i} r${round}`)).runId);
    }
    const details = await Promise.all(ids.map((id) => h.service.get(id)));
    for (const [i, detail] of details.entries()) {
      expect(detail.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([`s${i} r1`, `s${i} r2`]);
    }
    expect(sentMessages(h.server.chatRequests.at(-1)!.body).map(([, text]) => text)).toEqual([
      SYSTEM_PROMPT,
      's2 r1',
      'You said: s2 r1',
      's2 r2',
    ]);
  });
});

describe('a commit that cannot be written', () => {
  it('reports storage, offers the text back and rolls the transcript back', async () => {
    const session = await h.service.create({});
    await h.runEnd((await h.service.send(session.id, 'kept')).runId);
    let release!: () => void;
    h.server.enqueue({ text: 'lost answer', gate: new Promise<void>((r) => (release = r)), gateAfterChunks: 1 });
    const { runId } = await h.service.send(session.id, 'unsaved');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    // The file disappears under the app (another program, a sync tool): the append must not re-create it.
    const file = path.join(h.dir, 'sessions', `${session.id}.jsonl`);
    await fs.rename(file, `${file}.moved`);
    release();
    const events = await h.runEnd(runId);
    // The answer was shown: it stays in the chat, not saved, offering Retry.
    expect(eventOf(events, 'error')).toEqual({
      type: 'error',
      code: 'storage',
      message: `${WORDS.saveFailed} ${WORDS.storageCauses.missing}`,
      unsentText: 'unsaved',
      kept: true,
    });
    expect(eventOf(events, 'run_end').committed).toBe(false);
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await fs.rename(`${file}.moved`, file);
    await h.runEnd((await h.service.send(session.id, 'after')).runId);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body).map(([, text]) => text)).toEqual([
      SYSTEM_PROMPT,
      'kept',
      'You said: kept',
      'after',
    ]);
  });
});

describe('the request limit of a run', () => {
  it('a model that keeps answering with tool calls gets maxRequestsPerRun requests; the answered turns are saved with a notice', async () => {
    await h.close();
    h = await startHarness({ maxRequestsPerRun: () => 4 });
    let n = 0;
    h.server.setDefaultReply(() => ({ toolCalls: [{ id: `call-${++n}`, name: 'search', arguments: '{"q":"more"}' }] }));
    const session = await h.service.create({});
    const { runId } = await h.service.send(session.id, 'find everything');
    const events = await h.runEnd(runId);
    expect(h.server.chatRequests).toHaveLength(4);
    // The last request carried system, the question and three answered rounds: it cannot grow without bound.
    expect(h.server.chatRequests.at(-1)!.body.messages).toHaveLength(2 + 3 * 2);
    expect(types(events).slice(-3)).toEqual(['notice', 'saved', 'run_end']);
    expect(eventOf(events, 'notice')).toEqual({ type: 'notice', code: 'request_limit', message: WORDS.requestLimit(4) });
    expect(eventOf(events, 'saved')).toMatchObject({ stopped: true });
    const lines = await fileLines(h.dir, session.id);
    expect(lines.filter((l) => l.type === 'message').map((l) => (l as { message: { role: string } }).message.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'assistant',
      'toolResult',
      'assistant',
      'toolResult',
      'assistant',
      'toolResult',
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'commit', stopped: true });
  });
});

describe('the order of sessions', () => {
  it('the clock going back an hour still lists the session just used first', async () => {
    let wallClock = 1_800_000_000_000;
    await h.close();
    h = await startHarness({ now: () => wallClock });
    const older = await h.service.create({});
    await h.runEnd((await h.service.send(older.id, 'first')).runId);
    wallClock += 60_000;
    const newer = await h.service.create({});
    await h.runEnd((await h.service.send(newer.id, 'second')).runId);
    expect(h.service.list().map((s) => s.id)).toEqual([newer.id, older.id]);
    wallClock -= 3_600_000;
    await h.runEnd((await h.service.send(older.id, 'third, after the clock went back')).runId);
    expect(h.service.list().map((s) => s.id)).toEqual([older.id, newer.id]);
    // It holds after a restart too: stamps continue above the newest stored one.
    const restarted = await h.restart();
    await h.runEnd((await restarted.send(newer.id, 'fourth')).runId);
    expect(restarted.list().map((s) => s.id)).toEqual([newer.id, older.id]);
  });
});

describe('storage changed under the app', () => {
  it("a second service on the same folder never truncates the first one's committed run; its text comes back", async () => {
    const session = await h.service.create({});
    await h.runEnd((await h.service.send(session.id, 'first')).runId);
    const otherEvents: SessionEventEnvelope[] = [];
    const otherRunEnd = async (runId: string) => {
      await vi.waitFor(() => expect(otherEvents.some((e) => e.runId === runId && e.event.type === 'run_end')).toBe(true), {
        timeout: 10_000,
      });
      return otherEvents.filter((e) => e.runId === runId);
    };
    const other = await SessionService.open({
      dataDir: h.dir,
      emit: (envelope) => void otherEvents.push(structuredClone(envelope)),
      resolveModel: () => h.model,
      defaultSystemPrompt: () => SYSTEM_PROMPT,
      messages: () => WORDS,
      log: { info: () => undefined, error: () => undefined },
      streamFn: streamOpenAI,
    });
    // The first service's index may not be flushed yet: the second one finds the chat through its folder check.
    await other.store.scanned();
    try {
      await other.get(session.id);
      await h.runEnd((await h.service.send(session.id, 'from A')).runId);
      const fileAfterA = await fs.readFile(path.join(h.dir, 'sessions', `${session.id}.jsonl`));
      const events = await otherRunEnd((await other.send(session.id, 'from B')).runId);
      expect(eventOf(events, 'error')).toEqual({ type: 'error', code: 'storage', message: WORDS.changedOnDisk, unsentText: 'from B' });
      expect((await fs.readFile(path.join(h.dir, 'sessions', `${session.id}.jsonl`))).equals(fileAfterA)).toBe(true);
      // B read the file again: it shows A's run and its next message follows it.
      const detail = await other.get(session.id);
      expect(detail.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['first', 'from A']);
      await otherRunEnd((await other.send(session.id, 'from B again')).runId);
      const lines = await fileLines(h.dir, session.id);
      expect(lines.filter((l) => l.type === 'commit')).toHaveLength(3);
      const reread = await (await h.restart()).get(session.id);
      expect(reread.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['first', 'from A', 'from B again']);
    } finally {
      await other.dispose();
    }
  });

  it('the sessions folder deleted while running: a new chat makes it again, and a vanished session is a storage error', async () => {
    const old = await h.service.create({});
    await h.runEnd((await h.service.send(old.id, 'before')).runId);
    await h.restart();
    await fs.rm(path.join(h.dir, 'sessions'), { recursive: true });
    const fresh = await h.service.create({});
    await h.runEnd((await h.service.send(fresh.id, 'after')).runId);
    expect((await h.service.get(fresh.id)).messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    await expect(h.service.get(old.id)).rejects.toEqual(new AppError('storage', WORDS.storageFailed(WORDS.storageCauses.missing)));
    await h.service.store.flush();
    const index = JSON.parse(await fs.readFile(path.join(h.dir, 'sessions', 'index.json'), 'utf8'));
    expect(index.sessions.map((s: { id: string }) => s.id)).toContain(fresh.id);
  });
});

describe('a run that breaks off after showing text', () => {
  const shown = (messages: Message[]) => messages.map((m) => `${m.role}:${messageText(m)}`);

  it('stays in its chat where it stopped: the row keeps its name and is marked, a reopen shows it, a retry replaces it', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'Half of an answer that breaks off', chunkSize: 8, disconnectAfterChunks: 2 });
    const { runId } = await h.service.send(session.id, 'Plan three days in Kyoto');
    const events = await h.runEnd(runId);
    expect(eventOf(events, 'error')).toMatchObject({ code: 'interrupted', unsentText: 'Plan three days in Kyoto', kept: true });
    expect(eventOf(events, 'run_end').summary).toMatchObject({ name: 'Plan three days in Kyoto', failed: true, isStreaming: false });
    expect(h.service.list().find((summary) => summary.id === session.id)).toMatchObject({ name: 'Plan three days in Kyoto', failed: true });

    const detail = await h.service.open(session.id);
    expect(detail.total).toBe(0);
    expect(detail.draft).toBeUndefined();
    expect(detail.failedRun).toMatchObject({
      runId,
      origin: { kind: 'send' },
      base: 0,
      code: 'interrupted',
      unsentText: 'Plan three days in Kyoto',
    });
    expect(shown(detail.failedRun!.messages)).toEqual(['user:Plan three days in Kyoto', 'assistant:Half of an answe']);
    expect((await fileLines(h.dir, session.id)).map((l) => l.type)).toEqual(['session']);

    h.server.enqueue({ text: 'A whole answer.' });
    await h.runEnd((await h.service.send(session.id, 'Plan three days in Kyoto')).runId);
    const after = await h.service.open(session.id);
    expect(after.failedRun).toBeUndefined();
    expect(after.failed).toBeUndefined();
    expect(shown(after.messages.slice(1))).toEqual(['user:Plan three days in Kyoto', 'assistant:A whole answer.']);
  });

  it('a send that asked to search the web and broke off names that in its origin, so a retry asks for it again', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'Kettles this week: the first', chunkSize: 8, disconnectAfterChunks: 2 });
    await h.runEnd((await h.service.send(session.id, 'latest kettle news', [], { webSearch: true })).runId);
    expect((await h.service.open(session.id)).failedRun?.origin).toEqual({ kind: 'send', once: { webSearch: true } });
  });

  it('a regenerate that breaks off is shown in place of the answer it re-runs, which stays saved', async () => {
    const session = await h.service.create({});
    await h.runEnd((await h.service.send(session.id, 'first')).runId);
    h.server.enqueue({ text: 'Another version that breaks', chunkSize: 8, disconnectAfterChunks: 1 });
    await h.runEnd((await h.service.regenerate(session.id)).runId);
    const detail = await h.service.open(session.id);
    expect(detail.total).toBe(2);
    expect(detail.failedRun).toMatchObject({ origin: { kind: 'regenerate' }, base: 1, unsentText: '' });
    expect(shown(detail.failedRun!.messages)).toEqual(['assistant:Another ']);
  });

  it('set aside, it is gone from the chat and its row; after a restart its question is offered in the composer', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ text: 'Half of an answer', chunkSize: 6, disconnectAfterChunks: 1 });
    await h.runEnd((await h.service.send(session.id, 'keep my words')).runId);
    // A restart forgets the broken-off run (nothing was stored) but not the question.
    const restarted = await h.restart();
    const reopened = await restarted.open(session.id);
    expect(reopened.failedRun).toBeUndefined();
    expect(reopened.draft).toBe('keep my words');

    h.server.enqueue({ text: 'Half again', chunkSize: 5, disconnectAfterChunks: 1 });
    await h.runEnd((await restarted.send(session.id, 'keep my words')).runId);
    expect((await restarted.open(session.id)).failedRun?.unsentText).toBe('keep my words');
    expect(await restarted.dismissFailure(session.id)).toMatchObject({ id: session.id });
    expect(restarted.list().find((summary) => summary.id === session.id)?.failed).toBeUndefined();
    const dismissed = await restarted.open(session.id);
    expect([dismissed.failedRun, dismissed.draft]).toEqual([undefined, undefined]);
  });
});

describe('quitting before an answer keeps the question', () => {
  it('the text of a run stopped by quitting comes back as the session draft after a restart, until the next send', async () => {
    const session = await h.service.create({});
    const held = gate();
    h.server.enqueue({ text: 'never shown', gate: held.promise, gateAfterChunks: 0 });
    await h.service.send(session.id, 'my carefully written question');
    await h.server.waitForRequests(1);
    const restarted = await h.restart();
    held.open();
    expect((await restarted.get(session.id)).draft).toBe('my carefully written question');
    expect((await fileLines(h.dir, session.id)).map((l) => l.type)).toEqual(['session']);

    h.server.enqueue({ text: 'answered now' });
    const { runId } = await restarted.send(session.id, 'my carefully written question');
    await h.runEnd(runId);
    expect((await restarted.get(session.id)).draft).toBeUndefined();
    expect((await (await h.restart()).get(session.id)).draft).toBeUndefined();
  });
});
