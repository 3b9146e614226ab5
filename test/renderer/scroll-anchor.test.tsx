// Where a chat was scrolled, kept as "this stored message at the top, this many pixels into it" (or "at the bottom"),
// under the happy-dom layout of chat-fixtures (600 px viewport, 100 px rows, 16 px list padding).
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageRef } from '../../src/shared/sessions';
import { conversation, frames, installLayout, listProps, renderList, scrollList, VIEWPORT } from './chat-fixtures';

beforeAll(installLayout);

const PADDING = 16;
const list = () => screen.getByTestId('message-list');
const refsOf = (count: number): MessageRef[] => Array.from({ length: count }, (_, i) => ({ id: `m${i}`, version: 1, versions: 1 }));
/** Where rows sit before they are measured: near enough to scroll to (rows above keep estimated heights). */
const rowTop = (index: number) => PADDING + index * 85;
/** The row at the view's top as the DOM shows it, and how far into it the view starts: the anchor a person sees. */
function anchorShown(): { messageId: string; offset: number } {
  const top = list().scrollTop;
  for (const row of list().querySelectorAll<HTMLElement>('.chat-row')) {
    const start = startOf(Number(row.dataset.index));
    if (start <= top && top < start + 100) return { messageId: `m${row.dataset.index}`, offset: top - start };
  }
  throw new Error(`no row at ${top}`);
}
function startOf(index: number): number {
  const row = list().querySelector<HTMLElement>(`.chat-row[data-index="${index}"]`);
  if (!row) throw new Error(`row ${index} is not rendered`);
  return Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]);
}

describe('scroll anchor', () => {
  it('opens a chat where it was left: the anchored message at the top, the same pixels into it', async () => {
    renderList(listProps({ messages: conversation(200), refs: refsOf(200), scrollAnchor: { messageId: 'm120', offset: 30 } }));
    await frames();
    expect(anchorShown()).toEqual({ messageId: 'm120', offset: 30 });
    expect(screen.getAllByTestId('message').some((row) => row.textContent?.includes('question 120'))).toBe(true);
    expect(screen.queryByTestId('jump-to-latest')).not.toBeNull();
  });

  it('opens at the latest messages when it was at the bottom, or its message is gone', async () => {
    const { unmount } = renderList(listProps({ messages: conversation(200), refs: refsOf(200), scrollAnchor: { atBottom: true } }));
    await frames();
    expect(list().scrollTop).toBe(list().scrollHeight - VIEWPORT);
    unmount();
    renderList(listProps({ messages: conversation(200), refs: refsOf(200), scrollAnchor: { messageId: 'deleted', offset: 5 } }));
    await frames();
    expect(list().scrollTop).toBe(list().scrollHeight - VIEWPORT);
  });

  it('reports the message at the top as the person scrolls, a few times a second at most, and "at bottom" at the end', async () => {
    const onScrollAnchor = vi.fn();
    renderList(listProps({ messages: conversation(200), refs: refsOf(200), onScrollAnchor }));
    // Opening at the end scrolled the list: that position is reported first.
    await waitFor(() => expect(onScrollAnchor).toHaveBeenLastCalledWith({ atBottom: true }));
    onScrollAnchor.mockClear();
    await act(async () => {
      for (const top of [rowTop(50) + 10, rowTop(40) + 70, rowTop(30) + 20]) list().scrollTop = top;
    });
    await frames();
    const shown = anchorShown();
    await waitFor(() => expect(onScrollAnchor).toHaveBeenLastCalledWith(shown));
    // Three scroll events in one frame: one report.
    expect(onScrollAnchor).toHaveBeenCalledTimes(1);

    await scrollList(list().scrollHeight - VIEWPORT);
    await waitFor(() => expect(onScrollAnchor).toHaveBeenLastCalledWith({ atBottom: true }));
  });

  it('reports where the chat was when it closes, even inside the throttle window', async () => {
    const onScrollAnchor = vi.fn();
    const { unmount } = renderList(listProps({ messages: conversation(200), refs: refsOf(200), onScrollAnchor }));
    await frames();
    await scrollList(rowTop(7));
    // The report of the scroll (opening at the end may have reported "at bottom" first).
    await waitFor(() => expect(onScrollAnchor).toHaveBeenLastCalledWith(expect.objectContaining({ messageId: 'm7' })));
    const before = onScrollAnchor.mock.lastCall![0] as { messageId: string; offset: number };
    onScrollAnchor.mockClear();
    // A second scroll right after the first report waits out the throttle: closing now must not lose it.
    const step = before.offset < 50 ? 40 : -40;
    await scrollList(list().scrollTop + step);
    expect(onScrollAnchor).not.toHaveBeenCalled();
    unmount();
    expect(onScrollAnchor.mock.calls).toEqual([[{ messageId: before.messageId, offset: before.offset + step }]]);
  });

  it('skips rows not stored yet: the next stored message below serves as the anchor', async () => {
    const onScrollAnchor = vi.fn();
    const refs: Array<MessageRef | undefined> = refsOf(200);
    for (let i = 55; i <= 65; i++) refs[i] = undefined;
    renderList(listProps({ messages: conversation(200), refs, onScrollAnchor }));
    await frames();
    await scrollList(rowTop(60) + 40);
    expect(Number(anchorShown().messageId.slice(1))).toBeGreaterThanOrEqual(55);
    expect(Number(anchorShown().messageId.slice(1))).toBeLessThan(65);
    await waitFor(() => expect(onScrollAnchor).toHaveBeenLastCalledWith({ messageId: 'm66', offset: list().scrollTop - startOf(66) }));
  });

  it('a search result asked for at open wins over the saved anchor', async () => {
    renderList(
      listProps({
        messages: conversation(200),
        refs: refsOf(200),
        scrollAnchor: { messageId: 'm20', offset: 0 },
        focus: { index: 150, query: 'question', nonce: 1 },
      }),
    );
    await frames(8);
    const shown = screen.getAllByTestId('message').map((row) => row.textContent ?? '');
    expect(shown.some((text) => text.includes('question 150'))).toBe(true);
    expect(shown.some((text) => text.includes('question 20'))).toBe(false);
  });
});
