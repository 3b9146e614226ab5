// The message list over a chat loaded in pages (happy-dom layout of chat-fixtures: 600 px viewport, 100 px rows):
// rows not loaded are placeholders, the rows near the view are asked for, and a list flying over rows none of which
// is loaded waits until it stops there.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../src/shared/messages';
import { conversation, frames, installLayout, listProps, renderList, scrollList } from './chat-fixtures';

beforeAll(installLayout);

/** 400 positions, only the newest 50 loaded. */
function paged(): (Message | undefined)[] {
  return conversation(400).map((message, i) => (i >= 350 ? message : undefined));
}

describe('MessageList over pages', () => {
  it('opens at the newest loaded rows and asks for the rows just above them, not the whole chat', async () => {
    const onNeedRows = vi.fn();
    renderList(listProps({ messages: paged(), onNeedRows }));
    await frames();
    expect(screen.getAllByTestId('message').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('message-placeholder')).toHaveLength(0);
    expect(onNeedRows).not.toHaveBeenCalled();
    await scrollList(340 * 96);
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
});
