// Sending brings the view to what was sent, wherever the person had scrolled: a new `sent` count scrolls the list to
// its end and follows the answer; the same count again changes nothing, so a person who scrolls up while that answer
// streams keeps their place. Under the happy-dom layout of chat-fixtures (600 px viewport, 100 px rows).
import { screen } from '@testing-library/react';
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

const list = () => screen.getByTestId('message-list');
const atBottom = () => list().scrollTop === list().scrollHeight - VIEWPORT;
const rowTexts = () =>
  screen.queryAllByTestId('message').map((row) => row.querySelector('[data-testid="message-content"]')?.textContent?.trim());
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
