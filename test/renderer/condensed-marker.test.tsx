// The condensed marker after the last message a summary stands for: shown only there, "show" opens the summary's
// text and "Hide summary" folds it, Undo asks main to take the summary back and the marker goes.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CondensedMarker } from '../../src/renderer/src/chat/condense/CondensedMarker';
import type { CondensedSummary } from '../../src/shared/condense';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { settle, startStore, state } from './harness';

const summary: CondensedSummary = { through: 'm2', summary: 'Notes: the user plans a trip to Kyoto.', count: 2, model: 'm', createdAt: 1 };
let fake: FakeApi;

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({
    id: 'a',
    name: 'Long chat',
    messages: [systemMessage(), userMessage('first'), assistantMessage('one'), userMessage('second'), assistantMessage('two')],
    messageCount: 5,
    condense: { summary, off: false },
  });
  await startStore(fake);
  await act(async () => {
    await state().openSession('a');
    await state().loadCondense('a');
  });
});

afterEach(() => cleanup());

describe('condensed marker', () => {
  it('stands only after the message the summary covers through', () => {
    render(
      <>
        <CondensedMarker messageId="m1" />
        <CondensedMarker messageId="m2" />
        <CondensedMarker messageId="m3" />
        <CondensedMarker messageId={undefined} />
      </>,
    );
    const markers = screen.getAllByTestId('condensed-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]!.getAttribute('aria-label')).toBe('The model sees this summary instead of the 2 messages above it');
  });

  it('show opens the summary, Hide summary folds it again', async () => {
    const user = userEvent.setup();
    render(<CondensedMarker messageId="m2" />);
    const toggle = screen.getByRole('button', { name: 'Earlier messages summarized — show' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(summary.summary)).toBeNull();
    await user.click(toggle);
    expect(screen.getByText(summary.summary)).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide summary' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(screen.queryByText(summary.summary)).toBeNull();
  });

  it('Undo asks main to take the summary back, and the marker goes', async () => {
    const user = userEvent.setup();
    render(<CondensedMarker messageId="m2" />);
    await user.click(screen.getByTestId('condense-undo'));
    await settle();
    expect(fake.callsOf('undoCondense')).toEqual([{ sessionId: 'a' }]);
    expect(screen.queryByTestId('condensed-marker')).toBeNull();
    expect(state().condense?.view).toEqual({ off: false });
  });

  it('a summary of another chat shows no marker here', async () => {
    fake.addSession({ id: 'b', name: 'Other', messages: [systemMessage(), userMessage('x'), assistantMessage('y')], messageCount: 3 });
    await act(async () => {
      await state().openSession('b');
    });
    render(<CondensedMarker messageId="m2" />);
    expect(screen.queryByTestId('condensed-marker')).toBeNull();
  });
});
