// One run, without a disk: a scripted model, an in-memory commit, and the events it says. Each way a run ends gives
// exactly one RunEnd: saved, failed, stopped (with text, and before any), a save refused, limit reached, deleted.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../src/shared/events.js';
import type { UserMessage } from '../../../src/shared/messages.js';
import type { RunOutcome } from '../../../src/main/sessions/run-outcome.js';
import { SessionRun, type RunDeps, type RunSpec } from '../../../src/main/sessions/run/session-run.js';
import { SESSION_MESSAGES } from '../../../src/main/sessions/session-messages.js';
import { StoreError } from '../../../src/main/sessions/store/session-store.js';
import {
  call,
  done,
  fail,
  gate,
  instantTool,
  MODEL,
  reply,
  scriptedModel,
  text,
  wait,
  type ScriptedModel,
} from '../agent/scripted-stream.js';

const WORDS = SESSION_MESSAGES.en;
const quiet = { info: () => undefined, error: () => undefined };
/** A timer that never fires: batches leave only when another event flushes them, so the order is exact. */
const stillTimer = { setTimeout: () => 0, clearTimeout: () => undefined, time: () => 0 };

const user = (content: string): UserMessage => ({ role: 'user', content, timestamp: 1 });

function runOf(model: ScriptedModel, spec: Partial<RunSpec> = {}, deps: Partial<RunDeps> = {}) {
  const events: SessionEvent[] = [];
  const commits: Extract<RunOutcome, { commit: true }>[] = [];
  const run = new SessionRun(
    {
      baseBranch: [],
      system: { role: 'system', content: 'sys', timestamp: 0 },
      prompts: [user('hi')],
      model: MODEL,
      tools: [],
      maxRequests: 10,
      ...spec,
    },
    {
      streamFn: model.streamFn,
      maxMessages: 100,
      coalesceMs: 16,
      timer: stillTimer,
      emit: (event) => void events.push(event),
      commit: async (outcome) => void commits.push(outcome),
      approvalsChanged: () => undefined,
      isDeleted: () => false,
      strings: () => WORDS,
      log: quiet,
      ...deps,
    },
  );
  const types = () => events.map((event) => event.type);
  return { run, events, commits, types };
}

const texts = (outcome: Extract<RunOutcome, { commit: true }>) =>
  outcome.messages.map(
    (m) => `${m.role}:${typeof m.content === 'string' ? m.content : m.content.map((p) => ('text' in p ? p.text : p.type)).join('')}`,
  );

describe('a run', () => {
  it('saved: the answer is committed once and the end says so, with nothing left over', async () => {
    const { run, commits, types } = runOf(scriptedModel(reply(text('Hel', 'lo'), done('stop'))));
    expect(await run.start()).toEqual({ kind: 'committed', stopped: false, leftovers: [], handBack: false });
    expect(commits.map(texts)).toEqual([['user:hi', 'assistant:Hello']]);
    expect(types()).toEqual(['message_start', 'message_start', 'delta', 'assistant_end']);
  });

  it('failed: nothing is committed, and the text comes back with the cause', async () => {
    const { run, commits } = runOf(scriptedModel(reply(fail('the server said no'))));
    const end = await run.start();
    expect(commits).toEqual([]);
    expect(end).toMatchObject({ kind: 'failed', code: 'unknown', unsent: [user('hi')], showedNothing: true, staleOnDisk: false });
    expect(end.kind === 'failed' && end.message).toBe(WORDS.runFailed('unknown', 'the server said no'));
  });

  it('stopped with text shown: committed as stopped; a queued follow-up goes back to the person', async () => {
    const held = gate();
    const reached = gate();
    const { run, commits, events } = runOf(scriptedModel(reply(text('Half an ans'), wait(held, reached))));
    const end = run.start();
    await reached.promise;
    expect(run.enqueue('and then?', 'followUp')).toEqual({ steering: [], followUp: ['and then?'] });
    run.stop();
    expect(run.stopped).toBe(true);
    expect(await end).toMatchObject({
      kind: 'committed',
      stopped: true,
      handBack: true,
      leftovers: [user('and then?')].map((m) => ({ ...m, timestamp: expect.any(Number) })),
    });
    expect(commits.map(texts)).toEqual([['user:hi', 'assistant:Half an ans']]);
    const queues = events.flatMap((event) => (event.type === 'queue' ? [event.queue] : []));
    expect(queues).toEqual([
      { steering: [], followUp: ['and then?'] },
      { steering: [], followUp: [] },
      { steering: [], followUp: [] },
    ]);
  });

  it('stopped with text shown: the answer keeps estimated counts (the provider sends usage only with its last chunk)', async () => {
    const held = gate();
    const reached = gate();
    const { run, commits, events } = runOf(scriptedModel(reply(text('Half an answer'), wait(held, reached))));
    const end = run.start();
    await reached.promise;
    run.stop();
    await end;
    const stored = commits[0]?.messages[1];
    const usage = stored?.role === 'assistant' ? stored.usage : undefined;
    // 'sys' and 'hi' are one token each plus four of framing; 'Half an answer' is three.
    expect(usage).toEqual({ input: 10, output: 3, reasoning: 0, cacheRead: 0, totalTokens: 13, estimated: true });
    expect(events.find((event) => event.type === 'assistant_end')).toMatchObject({ stopReason: 'aborted', usage });
  });

  it('takes one queued message out when its text is still there; the one the model already took stays taken', async () => {
    const held = gate();
    const reached = gate();
    const { run, events } = runOf(scriptedModel(reply(text('Working'), wait(held, reached)), reply(text('done'), done('stop'))));
    const end = run.start();
    await reached.promise;
    run.enqueue('first', 'followUp');
    run.enqueue('second', 'followUp');
    run.enqueue('shorter', 'steering');
    expect(run.removeQueued('followUp', 0, 'first')).toEqual({ queue: { steering: ['shorter'], followUp: ['second'] }, removed: true });
    // The index no longer holds that text (it moved, or the model took it): nothing is removed.
    expect(run.removeQueued('followUp', 0, 'first')).toEqual({ queue: { steering: ['shorter'], followUp: ['second'] }, removed: false });
    expect(run.removeQueued('steering', 3, 'shorter')).toEqual({ queue: { steering: ['shorter'], followUp: ['second'] }, removed: false });
    expect(events.filter((event) => event.type === 'queue').at(-1)).toEqual({
      type: 'queue',
      queue: { steering: ['shorter'], followUp: ['second'] },
    });
    held.open();
    await end;
  });

  it('stopped before any text: nothing to keep (a new chat of only this send is discarded by the caller)', async () => {
    const held = gate();
    const reached = gate();
    const { run, commits } = runOf(scriptedModel(reply(wait(held, reached))));
    const end = run.start();
    await reached.promise;
    run.stop();
    expect(await end).toMatchObject({
      kind: 'failed',
      code: 'aborted',
      message: WORDS.stoppedBeforeReply,
      unsent: [user('hi')],
      showedNothing: true,
    });
    expect(commits).toEqual([]);
  });

  it('a save the disk refuses: failed with the cause, and marked stale when another program changed the file', async () => {
    const { run } = runOf(
      scriptedModel(reply(text('Hello'), done('stop'))),
      {},
      {
        commit: () => Promise.reject(new StoreError('changed', 'changed behind our back')),
      },
    );
    expect(await run.start()).toMatchObject({
      kind: 'failed',
      code: 'storage',
      message: WORDS.changedOnDisk,
      showedNothing: false,
      staleOnDisk: true,
    });
  });

  it('limit reached: what was shown is kept like a stop, and a notice names the limit', async () => {
    const tool = instantTool('look');
    const model = scriptedModel(reply(call('t1', 'look'), done('toolUse')), reply(text('never asked'), done('stop')));
    const { run, commits, events } = runOf(model, { tools: [tool], maxRequests: 1 });
    expect(await run.start()).toEqual({ kind: 'committed', stopped: true, leftovers: [], handBack: true });
    expect(model.requests).toHaveLength(1);
    expect(commits.map(texts)).toEqual([['user:hi', 'assistant:toolCall', 'toolResult:look ok']]);
    expect(events.filter((event) => event.type === 'notice')).toEqual([
      { type: 'notice', code: 'request_limit', message: WORDS.requestLimit(1) },
    ]);
  });

  it('deleted meanwhile: nothing more is said (what was shown is still handed to commit, kept should the delete fail)', async () => {
    let deleted = false;
    const held = gate();
    const reached = gate();
    const { run, commits, types } = runOf(scriptedModel(reply(text('Hello'), wait(held, reached))), {}, { isDeleted: () => deleted });
    const end = run.start();
    await reached.promise;
    const before = types().length;
    deleted = true;
    run.cancel();
    expect(await end).toEqual({ kind: 'deleted' });
    expect(commits.map(texts)).toEqual([['user:hi', 'assistant:Hello']]);
    expect(types().length).toBe(before);
  });

  it('a snapshot mid-answer holds the text sent so far, so later deltas continue from it', async () => {
    const held = gate();
    const reached = gate();
    const { run, events } = runOf(scriptedModel(reply(text('Hello'), wait(held, reached), text(' world'), done('stop'))));
    const end = run.start();
    await reached.promise;
    await new Promise((resolve) => setImmediate(resolve));
    const snapshot = run.snapshot();
    expect(snapshot.runId).toBe(run.id);
    expect(snapshot.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(events.filter((event) => event.type === 'delta')).toEqual([{ type: 'delta', text: 'Hello' }]);
    held.open();
    await end;
    expect(events.filter((event) => event.type === 'delta')).toEqual([
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' world' },
    ]);
  });
});
