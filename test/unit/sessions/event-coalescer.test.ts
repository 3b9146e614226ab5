import { describe, expect, it } from 'vitest';
import { DeltaCoalescer, type CoalescerTimer, type DeltaBatch } from '../../../src/main/sessions/event-coalescer.js';

/** A manual clock: `advance(ms)` fires due timers in order; `busy(ms)` lets time pass without firing any (a busy loop). */
function manualTimer(): CoalescerTimer & { now: number; advance(ms: number): void; busy(ms: number): void; pending(): number } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    get now() {
      return now;
    },
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    time: () => now,
    busy(ms) {
      now += ms;
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

describe('DeltaCoalescer', () => {
  it('batches increments until the interval passes', () => {
    const timer = manualTimer();
    const out: DeltaBatch[] = [];
    const coalescer = new DeltaCoalescer((batch) => out.push(batch), 16, timer);
    coalescer.push('thinking', 'hm');
    coalescer.push('text', 'Hel');
    coalescer.push('text', 'lo');
    timer.advance(15);
    expect(out).toEqual([]);
    timer.advance(1);
    expect(out).toEqual([{ thinking: 'hm', text: 'Hello' }]);
    expect(timer.pending()).toBe(0);
  });

  it('a burst within one interval goes in batches of at most 4,096 characters, whole increments each', () => {
    const timer = manualTimer();
    const out: DeltaBatch[] = [];
    const coalescer = new DeltaCoalescer((batch) => out.push(batch), 16, timer);
    for (let i = 0; i < 625; i++) coalescer.push('text', 'abcdefghijklmnop'); // 10,000 characters, no time passing
    expect(out.map((batch) => batch.text!.length)).toEqual([4_096, 4_096]);
    timer.advance(16);
    expect(out.map((batch) => batch.text!.length)).toEqual([4_096, 4_096, 1_808]);
    coalescer.push('text', 'x'.repeat(5_000));
    expect(out.at(-1)!.text!.length).toBe(5_000);
    expect(timer.pending()).toBe(0);
  });

  it('flush emits at once and cancels the timer; an empty flush emits nothing', () => {
    const timer = manualTimer();
    const out: DeltaBatch[] = [];
    const coalescer = new DeltaCoalescer((batch) => out.push(batch), 16, timer);
    coalescer.flush();
    coalescer.push('text', 'a');
    coalescer.flush();
    expect(out).toEqual([{ text: 'a' }]);
    expect(timer.pending()).toBe(0);
    coalescer.push('text', 'b');
    coalescer.cancel();
    timer.advance(100);
    expect(out).toEqual([{ text: 'a' }]);
  });

  it('100,000 one-char deltas: events bounded by elapsed frames, bytes ≤ 1.3 × the answer', () => {
    const timer = manualTimer();
    const envelopes: string[] = [];
    let seq = 0;
    const sessionId = '0b7f5c3e-8d6a-4a43-9d1e-2f3c4b5a6d7e';
    const runId = '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c';
    const coalescer = new DeltaCoalescer(
      (batch) => envelopes.push(JSON.stringify({ sessionId, runId, seq: ++seq, event: { type: 'delta', ...batch } })),
      16,
      timer,
    );
    // A fast stream: 100 one-char deltas per millisecond, as when a local server floods the socket.
    const answer = 'x'.repeat(100_000);
    for (let i = 0; i < answer.length; i++) {
      coalescer.push('text', answer[i]!);
      if (i % 100 === 99) timer.advance(1);
    }
    coalescer.flush();
    const frames = Math.ceil(timer.now / 16);
    expect(envelopes.length).toBeLessThanOrEqual(frames + 1);
    const text = envelopes.map((e) => (JSON.parse(e) as { event: { text: string } }).event.text).join('');
    expect(text).toBe(answer);
    const bytes = envelopes.reduce((n, e) => n + Buffer.byteLength(e), 0);
    expect(bytes).toBeLessThanOrEqual(1.3 * Buffer.byteLength(answer));
  });

  it('a burst that keeps the timer from firing is still sent once per interval, as it arrives', () => {
    const timer = manualTimer();
    const out: DeltaBatch[] = [];
    const coalescer = new DeltaCoalescer((batch) => out.push(batch), 16, timer);
    // A whole answer read in one go: a delta every 5 ms, and the event loop never gets to the timer.
    for (let i = 0; i < 12; i++) {
      coalescer.push('text', `${i} `);
      timer.busy(5);
    }
    // Each batch goes with the first delta 16 ms after its own first one (at 0 and 20 ms; 25 and 45 ms).
    expect(out).toEqual([{ text: '0 1 2 3 4 ' }, { text: '5 6 7 8 9 ' }]);
    coalescer.flush();
    expect(out).toEqual([{ text: '0 1 2 3 4 ' }, { text: '5 6 7 8 9 ' }, { text: '10 11 ' }]);
    expect(timer.pending()).toBe(0);
  });
});

describe('order of text and thinking', () => {
  it('thinking that follows pending text starts a new batch, so batches never reorder them', () => {
    const batches: Array<{ text?: string; thinking?: string }> = [];
    const timer = { setTimeout: () => 1, clearTimeout: () => {}, time: () => 0 };
    const coalescer = new DeltaCoalescer((batch) => batches.push(batch), 16, timer);
    coalescer.push('thinking', 'plan ');
    coalescer.push('text', 'Answer ');
    coalescer.push('thinking', 'more thought');
    coalescer.push('text', 'end');
    coalescer.flush();
    expect(batches).toEqual([
      { thinking: 'plan ', text: 'Answer ' },
      { thinking: 'more thought', text: 'end' },
    ]);
  });
});
