// A tool call's progress as the chat is told of it: thinned to about four reports a second on a clock driven by
// hand, a report held back sent when its interval ends, repeats dropped, nothing sent after the call ended.
import { describe, expect, it } from 'vitest';
import { ProgressGate, toolCallProgress, type ProgressClock } from '../../../src/main/mcp/progress.js';
import type { ToolCallProgress } from '../../../src/shared/mcp.js';

function handClock(): ProgressClock & { advance(ms: number): void } {
  let now = 0;
  let timers: Array<{ at: number; callback: () => void }> = [];
  return {
    now: () => now,
    later(callback, ms) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
    advance(ms) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers = timers.filter((t) => t !== timer);
        timer.callback();
      }
    },
  };
}

const step = (progress: number, total = 10): ToolCallProgress => ({ progress, total, message: `Step ${progress}` });

describe('progress reports', () => {
  it('the first passes at once; within 250 ms the newest waits and is sent when the interval ends', () => {
    const clock = handClock();
    const sent: number[] = [];
    const gate = new ProgressGate((p) => sent.push(p.progress), clock);
    gate.push(step(1));
    clock.advance(50);
    gate.push(step(2));
    gate.push(step(3));
    expect(sent).toEqual([1]);
    clock.advance(200);
    expect(sent).toEqual([1, 3]);
    clock.advance(300);
    gate.push(step(4));
    expect(sent).toEqual([1, 3, 4]);
  });

  it('1,000 reports in one second reach the window as 5; a repeat of the last is dropped', () => {
    const clock = handClock();
    const sent: number[] = [];
    const gate = new ProgressGate((p) => sent.push(p.progress), clock);
    for (let i = 1; i <= 1_000; i++) {
      gate.push(step(i, 1_000));
      clock.advance(1);
    }
    clock.advance(250);
    expect(sent).toEqual([1, 250, 500, 750, 1000]);
    gate.push(step(1_000, 1_000));
    clock.advance(1_000);
    expect(sent).toHaveLength(5);
  });

  it('a report held back when the call ends is never sent', () => {
    const clock = handClock();
    const sent: number[] = [];
    const gate = new ProgressGate((p) => sent.push(p.progress), clock);
    gate.push(step(1));
    gate.push(step(2));
    gate.close();
    clock.advance(1_000);
    expect(sent).toEqual([1]);
  });

  it('keeps what the window shows: numbers, a total above zero, the message trimmed and cut at 200 characters', () => {
    expect(toolCallProgress({ progress: 3, total: 10, message: '  Copying  ' })).toEqual({ progress: 3, total: 10, message: 'Copying' });
    expect(toolCallProgress({ progress: 7, total: 0, message: ' ' })).toEqual({ progress: 7 });
    expect(toolCallProgress({ progress: 1, message: 'x'.repeat(300) }).message).toHaveLength(200);
  });
});
