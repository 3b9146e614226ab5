// When the message list counts as flown past (no pages asked, one row rendered beyond the view), and what the
// virtualizer's per-row questions cost (rowLayout.ts).
import { describe, expect, it } from 'vitest';
import { estimateRowHeight, PLACEHOLDER_PX, rowKey } from '../../src/renderer/src/chat/rowLayout';
import { FLING_MS, ScrollMotion } from '../../src/renderer/src/chat/scrollMotion';
import type { AssistantMessage } from '../../src/shared/messages';
import { emptyUsage } from '../../src/shared/messages';

/** Feeds `motion` one render per 16 ms frame, the first row in view moving by `rowsPerFrame`; the last answer. */
function frames(motion: ScrollMotion, count: number, rowsPerFrame: number, start = { row: 10_000, at: 0 }): boolean {
  let flying = false;
  for (let i = 1; i <= count; i++) flying = motion.update(start.row - i * rowsPerFrame, 8, start.at + i * 16, true);
  return flying;
}

describe('ScrollMotion', () => {
  it('reading (a wheel notch, one row, a frame) is not a flight', () => {
    const motion = new ScrollMotion();
    motion.update(10_000, 8, 0, false);
    expect(frames(motion, 60, 1)).toBe(false);
  });

  it('a fling (three screens a frame) is a flight from its first frame, and ends when the scrolling stops', () => {
    const motion = new ScrollMotion();
    motion.update(10_000, 8, 0, false);
    expect(motion.update(10_000 - 24, 8, 16, true)).toBe(true);
    expect(frames(motion, 30, 24, { row: 9_976, at: 16 })).toBe(true);
    expect(motion.update(9_000, 8, 1_000, false)).toBe(false);
  });

  it('a flight ends once a whole window passes with less than two screens crossed, even while still scrolling', () => {
    const motion = new ScrollMotion();
    motion.update(10_000, 8, 0, false);
    expect(frames(motion, 10, 24)).toBe(true);
    // Slowed to a row a frame: within the next window or two the view reads again.
    expect(frames(motion, Math.ceil((3 * FLING_MS) / 16), 1, { row: 10_000 - 240, at: 160 })).toBe(false);
  });

  it('a page landing above the view moves the scroll position, not the row in view: no flight', () => {
    const motion = new ScrollMotion();
    motion.update(5_000, 8, 0, false);
    // The same first row in view, render after render, while corrections move the pixels.
    for (let at = 16; at < 500; at += 16) expect(motion.update(5_000, 8, at, true)).toBe(false);
  });
});

describe('row layout', () => {
  it('keys are numbers: the index once loaded, -1 - index for a placeholder', () => {
    const messages = [undefined, assistantCounting().message];
    expect(rowKey(messages, 0)).toBe(-1);
    expect(rowKey(messages, 1)).toBe(1);
  });

  it("an estimate reads a message's text for its first estimate only, however often the virtualizer asks", () => {
    const { message, reads } = assistantCounting();
    const first = estimateRowHeight(message);
    const readsForOne = reads();
    for (let i = 0; i < 1_000; i++) expect(estimateRowHeight(message)).toBe(first);
    expect(reads()).toBe(readsForOne);
    expect(estimateRowHeight(undefined)).toBe(PLACEHOLDER_PX);
  });
});

/** An answer that counts how often its content is read. */
function assistantCounting(): { message: AssistantMessage; reads: () => number } {
  let reads = 0;
  const content: AssistantMessage['content'] = [{ type: 'text', text: 'x'.repeat(900) }];
  const message = {
    role: 'assistant',
    model: 'm',
    usage: emptyUsage(),
    stopReason: 'stop',
    timestamp: 1,
    get content() {
      reads += 1;
      return content;
    },
  } as AssistantMessage;
  return { message, reads: () => reads };
}
