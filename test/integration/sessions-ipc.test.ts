// The IPC traffic of a long streamed answer through the whole service: coalesced deltas, never the cumulative text.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStream, type StreamFn } from '../../src/main/agent/index.js';
import { type AssistantMessage, emptyAssistantMessage } from '../../src/shared/messages.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { CoalescerTimer } from '../../src/main/sessions/event-coalescer.js';
import { SessionService } from '../../src/main/sessions/session-service.js';
import { SYSTEM_PROMPT, WORDS } from '../unit/sessions/service-harness.js';

const ANSWER = 'abcdefghijklmnopqrstuvwxyz'.repeat(4_000).slice(0, 100_000);

/** A manual clock for the coalescer; the model below advances it as its deltas arrive. */
function manualClock(): CoalescerTimer & { now: number; advance(ms: number): void } {
  const timers = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  const clock = {
    now: 0,
    setTimeout(callback: () => void, ms: number) {
      timers.set(next, { at: clock.now + ms, callback });
      return next++;
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number);
    },
    time: () => clock.now,
    advance(ms: number) {
      clock.now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > clock.now) break;
        timers.delete(id);
        timer.callback();
      }
    },
  };
  return clock;
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('IPC traffic of a 100,000-char answer in 1-char deltas', () => {
  it('delta events are bounded by elapsed frames and total bytes stay within 1.3 × the answer', async () => {
    const clock = manualClock();
    // One character per delta; every 100 deltas one simulated millisecond passes (a fast local model).
    const flood: StreamFn = (model) => {
      const stream = new EventStream();
      const partial: AssistantMessage = emptyAssistantMessage(model.id, 0);
      void (async () => {
        stream.push({ type: 'start', partial });
        const block = { type: 'text' as const, text: '' };
        partial.content.push(block);
        stream.push({ type: 'text_start', contentIndex: 0, partial });
        for (let i = 0; i < ANSWER.length; i++) {
          block.text += ANSWER[i]!;
          stream.push({ type: 'text_delta', contentIndex: 0, delta: ANSWER[i]!, partial });
          if (i % 100 === 99) {
            await new Promise((resolve) => setImmediate(resolve));
            clock.advance(1);
          }
        }
        stream.push({ type: 'text_end', contentIndex: 0, content: block.text, partial });
        stream.push({ type: 'done', reason: 'stop', message: { ...partial, stopReason: 'stop' } });
      })();
      return stream;
    };
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-ipc-'));
    const sent: string[] = [];
    const service = await SessionService.open({
      dataDir: dir,
      emit: (envelope: SessionEventEnvelope) => void sent.push(JSON.stringify(envelope)),
      resolveModel: () => ({ id: 'flood', baseUrl: 'http://127.0.0.1:9' }),
      defaultSystemPrompt: () => SYSTEM_PROMPT,
      messages: () => WORDS,
      streamFn: flood,
      coalesceMs: 16,
      timer: clock,
    });
    const session = await service.create({});
    await service.send(session.id, 'write a lot');
    while (!sent.some((line) => line.includes('"type":"run_end"'))) await new Promise((resolve) => setTimeout(resolve, 5));
    await service.dispose();

    const events = sent.map((line) => JSON.parse(line) as SessionEventEnvelope);
    const deltas = events.filter((e) => e.event.type === 'delta');
    expect(deltas.map((e) => (e.event.type === 'delta' ? e.event.text : '')).join('')).toBe(ANSWER);
    // At most one delta event per 16 ms frame, plus the flush before assistant_end.
    expect(deltas.length).toBeLessThanOrEqual(Math.ceil(clock.now / 16) + 1);
    expect(deltas.length).toBeGreaterThan(10);
    const bytes = sent.reduce((n, line) => n + Buffer.byteLength(line), 0);
    expect(bytes).toBeLessThanOrEqual(1.3 * Buffer.byteLength(ANSWER));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });
});
