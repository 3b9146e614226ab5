// The quick-ask view: a question typed while the last answer is still ending is neither dropped nor lost from the
// box — it waits, the hint says so, and it goes the moment that run ends, in the same chat.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuickAsk } from '../../src/renderer/src/quick-ask/QuickAsk';
import { useQuickAsk } from '../../src/renderer/src/quick-ask/quickAskStore';
import { createFakeApi, installFakeApi, type FakeApi } from './fake-api';
import { settle } from './harness';

let fake: FakeApi;
beforeEach(async () => {
  fake = createFakeApi();
  installFakeApi(fake);
  useQuickAsk.setState({ sessionId: null, question: '', answer: '', busy: false, queued: null, error: null });
  await useQuickAsk.getState().init();
});
afterEach(cleanup);

const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;
function type(text: string): void {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.keyDown(box(), { key: 'Enter' });
}

describe('quick ask', () => {
  it('a question asked while the answer ends waits for it, then goes in the same chat', async () => {
    render(<QuickAsk />);
    type('One');
    await settle();
    const sessionId = useQuickAsk.getState().sessionId!;
    act(() => {
      fake.emit(sessionId, { type: 'run_start', userText: 'One' });
      fake.emit(sessionId, { type: 'delta', text: 'You said: One' });
    });
    expect(screen.getByTestId('message-content').textContent).toBe('You said: One');
    expect(screen.getByTestId('quick-ask').dataset.busy).toBe('true');

    type('Two');
    await settle();
    expect(fake.callsOf('send').map((call) => call.text)).toEqual(['One']);
    expect(box().value).toBe('');
    expect(screen.getByTestId('quick-ask-hint').textContent).toBe('Your next question goes as soon as this answer ends.');

    act(() => {
      fake.emit(sessionId, { type: 'run_end', committed: true });
    });
    await settle();
    expect(fake.callsOf('send')).toEqual([
      { sessionId, text: 'One' },
      { sessionId, text: 'Two' },
    ]);
    expect(fake.callsOf('createSession')).toHaveLength(1);
    expect(screen.getByTestId('quick-ask-hint').textContent).toBe('The answer is kept as a chat: open it in Tiny Agent to go on.');
  });
});
