// The work a page costs the message list when it lands (happy-dom layout of chat-fixtures: 600 px viewport, 100 px
// rows, six rows rendered beyond each edge): only the rows around the view render, each once, and only their
// answers are parsed — whatever the length of the chat.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowRenders } from '../../src/renderer/src/chat/renderCounter';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';
import type { Message } from '../../src/shared/messages';
import { conversation, frames, installLayout, listProps, renderList, scrollList, settled } from './chat-fixtures';

beforeAll(installLayout);
afterEach(() => {
  rowRenders.enabled = false;
  rowRenders.counts.clear();
});

/** Rows on screen (600 / 100, plus one cut at each edge) and rendered beyond each edge at rest. */
const ROWS_AROUND_VIEW = 8 + 2 * 6;

/** A chat of `total` positions with only the newest 50 loaded, opened and scrolled to row 1,000 at rest. */
async function restingAtRow1000(total: number) {
  const all = conversation(total);
  let messages: (Message | undefined)[] = all.map((message, i) => (i >= total - 50 ? message : undefined));
  const onNeedRows = vi.fn();
  const { update } = renderList(listProps({ messages, onNeedRows }));
  await frames();
  await scrollList(1_000 * 96);
  await settled();
  return {
    /** Lands the page [from, to) and lets its frames run; returns the rows rendered and answers parsed meanwhile. */
    async land(from: number, to: number) {
      messages = messages.slice();
      for (let i = from; i < to; i++) messages[i] = all[i];
      rowRenders.counts.clear();
      rowRenders.enabled = true;
      resetMarkdownStats();
      update(listProps({ messages, onNeedRows }));
      await frames();
      rowRenders.enabled = false;
      return { rows: [...rowRenders.counts.entries()], lexCalls: markdownStats.lexCalls };
    },
  };
}

describe('a page landing in a long chat', () => {
  it.each([2_000, 20_000])('around the view renders only the rows around it, each once (%i positions)', async (total) => {
    const view = await restingAtRow1000(total);
    const { rows, lexCalls } = await view.land(975, 1_025);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(ROWS_AROUND_VIEW);
    expect(rows.every(([, renders]) => renders === 1)).toBe(true);
    // Answers are every other row; each is parsed once.
    expect(lexCalls).toBeLessThanOrEqual(Math.ceil(rows.length / 2));
  });

  it('above the view renders no row and parses nothing', async () => {
    const view = await restingAtRow1000(2_000);
    const { rows, lexCalls } = await view.land(900, 950);
    expect(rows).toEqual([]);
    expect(lexCalls).toBe(0);
  });
});
