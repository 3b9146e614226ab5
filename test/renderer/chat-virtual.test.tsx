// Virtualization and scrolling of the message list, under the happy-dom layout of chat-fixtures (a 600 px viewport,
// 100 px rows, scroll events delivered by the test). Verified here: how many rows mount, where the list opens, that
// the top is reachable, following appended messages at the bottom, "jump to latest", session switches, and a send
// (a new `sent` count) bringing the view back to the end from wherever it was, while scrolling up during the answer
// it asked for keeps the place.
// Verified in a browser only (happy-dom has no ResizeObserver callbacks): a row growing as its answer streams keeps
// the bottom pinned.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../src/shared/messages';
import {
  assistant,
  conversation,
  frames,
  installLayout,
  listProps,
  renderList,
  scrollList,
  settled,
  user,
  VIEWPORT,
} from './chat-fixtures';

beforeAll(installLayout);

const rows = () => screen.queryAllByTestId('message');
const rowTexts = () => rows().map((row) => row.querySelector('[data-testid="message-content"]')?.textContent?.trim());
const list = () => screen.getByTestId('message-list');
const atBottom = () => list().scrollTop === list().scrollHeight - VIEWPORT;

describe('MessageList virtualization', () => {
  it('mounts at most 60 of 2,000 rows and opens at the latest messages', async () => {
    renderList(listProps({ messages: conversation(2000) }));
    await frames();
    expect(rowTexts()).toContain('answer 1999');
    expect(rows().length).toBeLessThanOrEqual(60);
    expect(rowTexts()).not.toContain('question 0');
    expect(atBottom()).toBe(true);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    // The latest message's row alone is marked (its actions always show), whatever rows happen to be mounted.
    const marked = [...list().querySelectorAll<HTMLElement>('.chat-row[data-latest]')].map((row) => row.dataset.index);
    expect(marked).toEqual(['1999']);
  });

  it('reaches the first message when scrolled to the top, still mounting at most 60 rows', async () => {
    renderList(listProps({ messages: conversation(2000) }));
    await frames();
    await scrollList(0);
    await waitFor(() => expect(rowTexts()).toContain('question 0'));
    expect(rowTexts()).not.toContain('answer 1999');
    expect(rows().length).toBeLessThanOrEqual(60);
  });

  it('names the list for assistive technology and marks it busy while an answer streams', () => {
    const { update } = renderList(listProps({ messages: conversation(2) }));
    expect(list().getAttribute('role')).toBe('log');
    expect(list().getAttribute('aria-label')).toBe('Messages');
    expect(list().getAttribute('aria-busy')).toBe('false');
    update(listProps({ messages: [...conversation(2), assistant('', { stopReason: 'pending' })], streamingIndex: 2 }));
    expect(list().getAttribute('aria-busy')).toBe('true');
  });
});

describe('MessageList following', () => {
  it('follows appended messages while at the bottom', async () => {
    const first = conversation(40);
    const { update } = renderList(listProps({ messages: first }));
    await frames();
    expect(atBottom()).toBe(true);
    update(listProps({ messages: [...first, user('new question'), assistant('new answer')] }));
    await frames();
    expect(rowTexts()).toContain('new answer');
    expect(atBottom()).toBe(true);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
  });

  it('stops following once scrolled up, offers "jump to latest", and jumping resumes following', async () => {
    const first = conversation(40);
    const { update } = renderList(listProps({ messages: first }));
    await frames();
    await scrollList(1000);
    const jump = await screen.findByTestId('jump-to-latest');
    expect(jump.textContent).toBe('Jump to latest');
    // The jump was a flight (scrollMotion.ts): once it has stopped, the rows around the view take their heights.
    await settled();
    const top = list().scrollTop;

    const more = [...first, user('while away'), assistant('answered while away')];
    update(listProps({ messages: more }));
    await frames();
    expect(list().scrollTop).toBe(top);
    expect(rowTexts()).not.toContain('answered while away');

    await act(async () => {
      fireEvent.click(jump);
    });
    await frames();
    await waitFor(() => expect(screen.queryByTestId('jump-to-latest')).toBeNull());
    expect(atBottom()).toBe(true);
    expect(rowTexts()).toContain('answered while away');

    update(listProps({ messages: [...more, user('after the jump'), assistant('followed again')] }));
    await frames();
    expect(rowTexts()).toContain('followed again');
    expect(atBottom()).toBe(true);
  });

  it('shows the latest messages of a session it switches to, even after scrolling up in the previous one', async () => {
    const { update } = renderList(listProps({ sessionKey: 'a', messages: conversation(300) }));
    await frames();
    await scrollList(0);
    await waitFor(() => expect(rowTexts()).toContain('question 0'));
    const other = Array.from({ length: 500 }, (_, i) => (i % 2 === 0 ? user(`b question ${i}`) : assistant(`b answer ${i}`)));
    update(listProps({ sessionKey: 'b', messages: other }));
    await frames();
    await waitFor(() => expect(rowTexts()).toContain('b answer 499'));
    expect(atBottom()).toBe(true);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
  });

  it('scrolls to the latest messages when they arrive after the session opened empty', async () => {
    const { update } = renderList(listProps({ sessionKey: 'loading', messages: [] }));
    update(listProps({ sessionKey: 'loading', messages: conversation(500) }));
    await frames();
    await waitFor(() => expect(rowTexts()).toContain('answer 499'));
    expect(atBottom()).toBe(true);
  });
});

const jump = () => screen.queryByTestId('jump-to-latest');

/** A 40-message chat scrolled up by a little more than one wheel notch. */
async function scrolledUpChat(): Promise<{ first: Message[]; update: ReturnType<typeof renderList>['update'] }> {
  const first = conversation(40);
  const { update } = renderList(listProps({ messages: first, sent: 0 }));
  await frames();
  expect(atBottom()).toBe(true);
  await scrollList(list().scrollTop - 120);
  await settled();
  expect(jump()).not.toBeNull();
  return { first, update };
}

describe('MessageList after a send', () => {
  it('a question sent while scrolled up is brought into view, and its answer is followed', async () => {
    const { first, update } = await scrolledUpChat();
    const asked = [...first, user('the new question')];
    update(listProps({ messages: asked, sent: 1 }));
    await frames();
    expect(atBottom()).toBe(true);
    expect(rowTexts()).toContain('the new question');
    expect(jump()).toBeNull();

    update(listProps({ messages: [...asked, assistant('the answer, streaming in')], streamingIndex: 40, sent: 1 }));
    await frames();
    expect(rowTexts()).toContain('the answer, streaming in');
    expect(atBottom()).toBe(true);
  });

  it('scrolling up while that answer streams keeps the place; new text does not pull the view down', async () => {
    const { first, update } = await scrolledUpChat();
    const asked = [...first, user('the new question'), assistant('first words')];
    update(listProps({ messages: asked, streamingIndex: 40, sent: 1 }));
    await frames();
    expect(atBottom()).toBe(true);

    await scrollList(1500);
    await settled();
    const top = list().scrollTop;
    update(listProps({ messages: [...asked.slice(0, -1), assistant('first words and more')], streamingIndex: 40, sent: 1 }));
    update(listProps({ messages: [...asked, user('queued follow-up'), assistant('its answer')], streamingIndex: 42, sent: 1 }));
    await frames();
    expect(list().scrollTop).toBe(top);
    expect(jump()).not.toBeNull();
  });

  it('a steer or follow-up (a new count without a new row yet) goes to the end as well', async () => {
    const { first, update } = await scrolledUpChat();
    update(listProps({ messages: first, sent: 1 }));
    await frames();
    expect(atBottom()).toBe(true);
    expect(jump()).toBeNull();
  });
});
