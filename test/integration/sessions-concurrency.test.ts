// Several sessions at once: streams never cross, deletes are final, and the index always matches the files.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventStream, type StreamFn } from '../../src/main/agent/index.js';
import { messageText, type AssistantMessage, emptyAssistantMessage } from '../../src/shared/messages.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import { SessionService } from '../../src/main/sessions/session-service.js';
import { SessionStore } from '../../src/main/sessions/store/session-store.js';
import { currentBranch } from '../../src/main/sessions/store/session-file.js';
import { startHarness, streamedText, SYSTEM_PROMPT, WORDS, type Harness } from '../unit/sessions/service-harness.js';

describe('concurrent sessions (fake model server)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('two sessions streaming at once never cross events', async () => {
    const a = await h.service.create({});
    const b = await h.service.create({});
    const answers: Record<string, string> = { alpha: 'a1 a2 a3 a4 a5 a6 a7 a8 ', beta: 'b1 b2 b3 b4 b5 b6 b7 b8 ' };
    h.server.setDefaultReply((request) => {
      const last = String(request.body.messages.at(-1).content);
      return { text: answers[last]!, delayMs: 3 };
    });
    const [runA, runB] = await Promise.all([h.service.send(a.id, 'alpha'), h.service.send(b.id, 'beta')]);
    await Promise.all([h.runEnd(runA.runId), h.runEnd(runB.runId)]);

    for (const [session, run, answer] of [
      [a.id, runA.runId, answers.alpha!],
      [b.id, runB.runId, answers.beta!],
    ] as const) {
      const mine = h.events.filter((e) => e.sessionId === session);
      expect(mine.every((e) => e.runId === run)).toBe(true);
      expect(mine.map((e) => e.seq)).toEqual(mine.map((_, i) => i + 1));
      expect(streamedText(mine)).toBe(answer);
      expect(mine.at(-1)!.event).toMatchObject({ type: 'run_end', committed: true, summary: { id: session, isStreaming: false } });
    }
    // The two streams really overlapped: b's events arrived between a's first and last.
    const firstA = h.events.findIndex((e) => e.sessionId === a.id);
    const lastA = h.events.map((e) => e.sessionId).lastIndexOf(a.id);
    expect(h.events.slice(firstA, lastA).some((e) => e.sessionId === b.id)).toBe(true);
  });

  it('deleting a streaming session aborts it: no file, no index entry, no later events', async () => {
    const doomed = await h.service.create({});
    let release!: () => void;
    h.server.enqueue({ text: 'one two three four', gate: new Promise<void>((r) => (release = r)), gateAfterChunks: 1 });
    const { runId } = await h.service.send(doomed.id, 'talk');
    await h.waitForEvent((e) => e.runId === runId && e.event.type === 'delta');
    // Counted before the delete: nothing of this session may reach the renderer once it asked to delete it.
    const seen = h.events.length;
    expect(await h.service.delete(doomed.id)).toEqual({ deleted: true });
    await expect(h.service.get(doomed.id)).rejects.toMatchObject({ code: 'not_found' });
    release();
    await h.service.dispose();
    expect(h.events.length).toBe(seen);
    expect(h.events.some((e) => e.event.type === 'run_end' && e.runId === runId)).toBe(false);
    await expect(fs.stat(path.join(h.dir, 'sessions', `${doomed.id}.jsonl`))).rejects.toMatchObject({ code: 'ENOENT' });
    const index = JSON.parse(await fs.readFile(path.join(h.dir, 'sessions', 'index.json'), 'utf8'));
    expect(index.sessions).toEqual([]);
  });
});

/** An in-process model: answers "echo: <last user text>" in three deltas, or nothing when the text says "empty". */
const echoStream: StreamFn = (model, context) => {
  const stream = new EventStream();
  const last = context.messages.at(-1);
  const text = last ? `echo: ${messageText(last)}` : 'echo';
  const empty = last ? messageText(last).includes('empty') : false;
  const partial: AssistantMessage = emptyAssistantMessage(model.id);
  queueMicrotask(() => {
    stream.push({ type: 'start', partial });
    if (!empty) {
      partial.content.push({ type: 'text', text: '' });
      stream.push({ type: 'text_start', contentIndex: 0, partial });
      for (const piece of [text.slice(0, 3), text.slice(3, 6), text.slice(6)]) {
        (partial.content[0] as { text: string }).text += piece;
        stream.push({ type: 'text_delta', contentIndex: 0, delta: piece, partial });
      }
      stream.push({ type: 'text_end', contentIndex: 0, content: text, partial });
    }
    stream.push({ type: 'done', reason: 'stop', message: { ...partial, stopReason: 'stop' } });
  });
  return stream;
};

type Command =
  | { kind: 'create'; named: boolean }
  | { kind: 'rename'; target: number; name: string }
  | { kind: 'send'; target: number; text: string; wait: boolean }
  | { kind: 'delete'; target: number }
  | { kind: 'restart' };

const text = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.trim() || 'y');
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), named: fc.boolean() }),
  fc.record({ kind: fc.constant('rename' as const), target: fc.nat(), name: text }),
  fc.record({ kind: fc.constant('send' as const), target: fc.nat(), text: fc.oneof(text, fc.constant('empty')), wait: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }),
  fc.constant({ kind: 'restart' as const }),
);

describe('index and files stay consistent (property)', () => {
  it('random create / rename / send / delete / restart sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-prop-'));
        const events: SessionEventEnvelope[] = [];
        // Each start is an app whose window paints at once: the folder check (or the rebuild) runs beside the commands.
        const open = async () => {
          const opened = await SessionService.open({
            dataDir: dir,
            emit: (e) => void events.push(e),
            resolveModel: () => ({ id: 'echo-model', baseUrl: 'http://127.0.0.1:9' }),
            defaultSystemPrompt: () => SYSTEM_PROMPT,
            messages: () => WORDS,
            streamFn: echoStream,
            coalesceMs: 0,
            log: { info: () => undefined, error: () => undefined },
          });
          opened.store.check();
          return opened;
        };
        let service = await open();
        // What should exist: per session, the user's name (if any) and the runs started in it.
        const sessions = new Map<string, { name?: string; runs: Array<{ runId: string; text: string }> }>();
        const pick = (n: number) => [...sessions.keys()][n % Math.max(1, sessions.size)];
        // A new chat whose only run failed before showing anything is removed by the service (run_end `discarded`).
        const discarded = (id: string) => events.some((e) => e.sessionId === id && e.event.type === 'run_end' && e.event.discarded);
        const forgetDiscarded = () => [...sessions.keys()].filter(discarded).forEach((id) => sessions.delete(id));
        // A command may meet a chat whose failed first run ended (and removed it) while the command was on its way.
        const unlessDiscarded = (id: string) => (error: Error & { code?: string }) => {
          if (error.code !== 'not_found' || !discarded(id)) throw error;
        };
        try {
          for (const c of commands) {
            forgetDiscarded();
            if (c.kind === 'create') {
              const detail = await service.create(c.named ? { name: 'given' } : {});
              sessions.set(detail.id, { ...(c.named ? { name: 'given' } : {}), runs: [] });
            } else if (c.kind === 'restart') {
              await service.dispose();
              service = await open();
            } else {
              const id = pick(c.target);
              if (!id) continue;
              const model = sessions.get(id)!;
              if (c.kind === 'rename') {
                await service.rename(id, c.name).then(() => (model.name = c.name), unlessDiscarded(id));
              } else if (c.kind === 'delete') {
                await service.delete(id).catch(unlessDiscarded(id));
                sessions.delete(id);
              } else {
                // Without `wait`, later commands (rename, delete, restart, another send → busy) hit the run in flight.
                const started = await service.send(id, c.text).catch((error: Error & { code?: string }) => {
                  if (error.code !== 'busy') unlessDiscarded(id)(error);
                  return undefined;
                });
                if (!started) continue;
                model.runs.push({ runId: started.runId, text: c.text });
                if (c.wait)
                  while (!events.some((e) => e.runId === started.runId && e.event.type === 'run_end'))
                    await new Promise((r) => setTimeout(r, 1));
              }
            }
          }
          await service.dispose();
          forgetDiscarded();
          // What the service lists, what the index file says, and what the files contain all agree with the model.
          const committed = (runId: string) => events.some((e) => e.runId === runId && e.event.type === 'run_end' && e.event.committed);
          const expected = new Map(
            [...sessions].map(([id, model]) => {
              const kept = model.runs.filter((run) => committed(run.runId));
              return [id, { name: model.name ?? kept[0]?.text ?? WORDS.untitled, count: 1 + 2 * kept.length }];
            }),
          );
          // Runs that were never committed are exactly the empty replies (a restart stops a run before its first token).
          for (const model of sessions.values())
            for (const run of model.runs)
              if (run.text !== 'empty' && !committed(run.runId)) {
                const end = events.find((e) => e.runId === run.runId && e.event.type === 'error');
                expect(end?.event).toMatchObject({ code: 'aborted' });
              }
          const reopened = await open();
          const listed = new Map(reopened.list().map((s) => [s.id, { name: s.name, count: s.messageCount }]));
          await reopened.dispose();
          expect(listed).toEqual(expected);
          const indexFile = JSON.parse(await fs.readFile(path.join(dir, 'sessions', 'index.json'), 'utf8')) as {
            sessions: Array<{ id: string; messageCount: number }>;
          };
          expect(new Set(indexFile.sessions.map((s) => s.id))).toEqual(new Set(expected.keys()));
          const files = (await fs.readdir(path.join(dir, 'sessions'))).filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -6));
          expect(new Set(files)).toEqual(new Set(expected.keys()));
          const store = new SessionStore({ dir: path.join(dir, 'sessions') });
          await store.open();
          for (const [id, model] of expected) {
            expect(currentBranch((await store.load(id)).entries).length + 1).toBe(model.count);
          }
        } finally {
          await service.dispose();
          await fs.rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 40 },
    );
  });
});
