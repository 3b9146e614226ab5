// The message list over a chat loaded in pages (happy-dom layout of chat-fixtures: 600 px viewport, 100 px rows):
// rows not loaded are placeholders, the rows near the view are asked for, and a list flying over rows none of which
// is loaded waits until it stops there.
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../src/shared/messages';
import { conversation, frames, installLayout, listProps, renderList, scrollList } from './chat-fixtures';

beforeAll(installLayout);

/** 400 positions, only the newest 50 loaded. */
function paged(): (Message | undefined)[] {
  return conversation(400).map((message, i) => (i >= 350 ? message : undefined));
}

/**
 * A 2,000-position chat with the newest 50 loaded, opened at its end; `land` applies the pages asked since it last
 * ran, as a fast main would before the next frame.
 */
async function pagedAtTheEnd() {
  const all = conversation(2_000);
  let messages: (Message | undefined)[] = all.map((message, i) => (i >= 1_950 ? message : undefined));
  const asked: Array<[number, number]> = [];
  const onNeedRows = vi.fn((from: number, to: number) => void asked.push([from, to]));
  const { update } = renderList(listProps({ messages, onNeedRows }));
  await frames();
  const land = () => {
    const pending = asked.splice(0);
    if (pending.length === 0) return;
    messages = messages.slice();
    for (const [from, to] of pending) for (let i = from; i < to; i++) messages[i] = all[i];
    update(listProps({ messages, onNeedRows }));
  };
  return { onNeedRows, land };
}

describe('MessageList over pages', () => {
  it('opens at the newest loaded rows and asks for the rows just above them, not the whole chat', async () => {
    const onNeedRows = vi.fn();
    renderList(listProps({ messages: paged(), onNeedRows }));
    await frames();
    expect(screen.getAllByTestId('message').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('message-placeholder')).toHaveLength(0);
    expect(onNeedRows).not.toHaveBeenCalled();
    // A jump of many screens flies past: the rows are asked for once the scrolling stops there.
    await scrollList(340 * 96);
    await waitFor(() => expect(onNeedRows).toHaveBeenCalled());
    const [from, to] = onNeedRows.mock.calls.at(-1)!;
    expect(from).toBeLessThan(350);
    expect(to - from).toBeLessThan(100);
    expect(screen.getAllByTestId('message-placeholder').length).toBeGreaterThan(0);
  });

  it('rows loaded later replace their placeholders in place', async () => {
    const messages = paged();
    const { update } = renderList(listProps({ messages }));
    await frames();
    await scrollList(300 * 96);
    expect(screen.getAllByTestId('message-placeholder').length).toBeGreaterThan(0);
    update(listProps({ messages: conversation(400) }));
    await frames();
    expect(screen.queryAllByTestId('message-placeholder')).toHaveLength(0);
    expect(screen.getAllByText(/^question 3\d\d$/).length).toBeGreaterThan(0);
  });

  it('a fling from the newest rows to the oldest asks no page on the way, and the pages where it stops', async () => {
    const { onNeedRows, land } = await pagedAtTheEnd();
    // Five screens a frame, from the end to the top. A step that took longer than the virtualizer's 150 ms without a
    // scroll (a starved test machine) is a stop, where asking is right: only asks while the list kept moving count.
    const list = screen.getByTestId('message-list');
    let askedInFlight = 0;
    while (list.scrollTop > 0) {
      const before = performance.now();
      const calls = onNeedRows.mock.calls.length;
      await act(async () => {
        list.scrollTop = Math.max(0, list.scrollTop - 5 * 600);
      });
      await frames(1);
      if (performance.now() - before < 150) askedInFlight += onNeedRows.mock.calls.length - calls;
      land();
    }
    expect(askedInFlight).toBe(0);
    // Stopped at the top: the oldest rows are asked for and shown.
    const atTop = onNeedRows.mock.calls.length;
    await waitFor(() => {
      land();
      expect(screen.getByText('question 0')).toBeTruthy();
    });
    expect(onNeedRows.mock.calls.slice(atTop).every(([from]) => from < 100)).toBe(true);
  });

  it('scrolling up at a reading pace asks for the pages above on the way, so no placeholder comes into view', async () => {
    const { onNeedRows, land } = await pagedAtTheEnd();
    const list = screen.getByTestId('message-list');
    const placeholdersInView = () =>
      screen.queryAllByTestId('message-placeholder').filter((row) => {
        const top = Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]);
        return top + 96 > list.scrollTop && top < list.scrollTop + 600;
      }).length;
    // A wheel notch (100 px) a 16 ms frame, at most (happy-dom's frames can come faster), for 150 rows.
    for (let step = 0; step < 150; step++) {
      await act(async () => {
        list.scrollTop -= 100;
        await new Promise((resolve) => setTimeout(resolve, 16));
      });
      await frames(1);
      expect(placeholdersInView()).toBe(0);
      land();
    }
    expect(onNeedRows).toHaveBeenCalled();
  });
});
