// Versions in the conversation view: ‹ n/m › on messages with siblings, the edit box of a question, Regenerate on
// every stored answer, the "not saved" mark on a failed run kept on screen — and rows that render only when they change.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowRenders } from '../../src/renderer/src/chat/renderCounter';
import type { Message } from '../../src/shared/messages';
import type { MessageRef } from '../../src/shared/sessions';
import { assistant, installLayout, listProps, renderList, user } from './chat-fixtures';

beforeAll(installLayout);
afterEach(() => {
  rowRenders.enabled = false;
  rowRenders.counts.clear();
});

const row = (index: number): HTMLElement => screen.getAllByTestId('message')[index]!;
const ref = (id: string, version = 1, versions = 1): MessageRef => ({ id, version, versions });

// q1 → a1 (answer 2 of 3) → q2 (question 2 of 2) → a2
const messages: Message[] = [user('q1'), assistant('a1'), user('q2'), assistant('a2')];
const refs = [ref('q1'), ref('a1', 2, 3), ref('q2', 2, 2), ref('a2')];

describe('‹ n/m ›', () => {
  it('shows where a message sits among its versions and moves to the neighbours', () => {
    const onSwitchVersion = vi.fn();
    renderList(listProps({ messages, refs, onSwitchVersion }));
    expect(screen.getAllByTestId('branch-indicator').map((el) => el.textContent)).toEqual(['2/3', '2/2']);
    expect(within(row(0)).queryByTestId('branch-indicator')).toBeNull();
    expect(within(row(1)).getByTestId('branch-indicator').getAttribute('aria-label')).toBe('Version 2 of 3');

    fireEvent.click(within(row(1)).getByTestId('branch-prev'));
    fireEvent.click(within(row(1)).getByTestId('branch-next'));
    expect(onSwitchVersion.mock.calls).toEqual([
      ['a1', 1],
      ['a1', 3],
    ]);
    // At the last version there is no next one.
    expect((within(row(2)).getByTestId('branch-next') as HTMLButtonElement).disabled).toBe(true);
    expect((within(row(2)).getByTestId('branch-prev') as HTMLButtonElement).disabled).toBe(false);
  });

  it('cannot switch while an answer is written', () => {
    renderList(listProps({ messages, refs, idle: false, onSwitchVersion: vi.fn() }));
    for (const button of [...screen.getAllByTestId('branch-prev'), ...screen.getAllByTestId('branch-next')]) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('speaks Chinese', () => {
    renderList(listProps({ messages, refs, onSwitchVersion: vi.fn(), onEdit: vi.fn() }), 'zh-CN');
    expect(within(row(1)).getByTestId('branch-indicator').getAttribute('aria-label')).toBe('第 2 个版本，共 3 个');
    expect(within(row(1)).getByTestId('branch-prev').getAttribute('aria-label')).toBe('上一个版本');
    expect(within(row(0)).getByTestId('message-edit').textContent).toBe('编辑');
  });

  it('switching a version re-renders only the rows from the switch point on', () => {
    const longer: Message[] = [user('q1'), assistant('a1'), user('q2'), assistant('a2'), user('q3'), assistant('a3')];
    const longerRefs = [ref('q1'), ref('a1'), ref('q2', 2, 2), ref('a2'), ref('q3'), ref('a3')];
    const { update } = renderList(listProps({ messages: longer, refs: longerRefs, onSwitchVersion: vi.fn() }));
    rowRenders.enabled = true;
    // Version 1 of q2: the first two rows keep their objects (and new but equal refs); the rest are other messages.
    const switched: Message[] = [longer[0]!, longer[1]!, user('q2 old'), assistant('a2 old')];
    update(listProps({ messages: switched, refs: [ref('q1'), ref('a1'), ref('q2old', 1, 2), ref('a2old')], onSwitchVersion: vi.fn() }));
    expect([...rowRenders.counts.keys()].sort()).toEqual([2, 3]);
    expect(screen.getAllByTestId('message').map((el) => within(el).getByTestId('message-content').textContent?.trim())).toEqual([
      'q1',
      'a1',
      'q2 old',
      'a2 old',
    ]);
  });

  it('a run starting or ending re-renders no row for the controls it disables', () => {
    const { update } = renderList(listProps({ messages, refs, onSwitchVersion: vi.fn(), onEdit: vi.fn(), onRegenerate: vi.fn() }));
    rowRenders.enabled = true;
    update(listProps({ messages, refs, idle: false, onSwitchVersion: vi.fn(), onEdit: vi.fn(), onRegenerate: vi.fn() }));
    update(listProps({ messages, refs, idle: true, onSwitchVersion: vi.fn(), onEdit: vi.fn(), onRegenerate: vi.fn() }));
    expect([...rowRenders.counts.entries()]).toEqual([]);
    expect(screen.getAllByTestId('message-edit')).toHaveLength(2);
  });
});

describe('editing a question', () => {
  const setup = (idle = true) => {
    const onEdit = vi.fn();
    const result = renderList(listProps({ messages, refs, idle, onEdit }));
    return { onEdit, ...result };
  };

  it('opens in place with the text, sends the edit on Enter and keeps Shift+Enter for new lines', () => {
    const { onEdit } = setup();
    fireEvent.click(within(row(2)).getByTestId('message-edit'));
    const input = screen.getByTestId('message-edit-input') as HTMLTextAreaElement;
    expect(input.value).toBe('q2');
    expect(input.getAttribute('aria-label')).toBe('Edit your message');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'q2 better' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onEdit).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onEdit.mock.calls).toEqual([['q2', 'q2 better']]);
    expect(screen.queryByTestId('message-edit-input')).toBeNull();
  });

  it('Send sends; Escape and Cancel put the message back untouched', () => {
    const { onEdit } = setup();
    fireEvent.click(within(row(0)).getByTestId('message-edit'));
    fireEvent.change(screen.getByTestId('message-edit-input'), { target: { value: 'never mind' } });
    fireEvent.keyDown(screen.getByTestId('message-edit-input'), { key: 'Escape' });
    expect(screen.queryByTestId('message-edit-input')).toBeNull();
    expect(within(row(0)).getByTestId('message-content').textContent).toBe('q1');

    fireEvent.click(within(row(0)).getByTestId('message-edit'));
    expect((screen.getByTestId('message-edit-input') as HTMLTextAreaElement).value).toBe('q1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('message-edit-input')).toBeNull();

    fireEvent.click(within(row(0)).getByTestId('message-edit'));
    fireEvent.change(screen.getByTestId('message-edit-input'), { target: { value: '   ' } });
    expect((screen.getByTestId('message-edit-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('message-edit-input'), { target: { value: 'q1 again' } });
    fireEvent.click(screen.getByTestId('message-edit-save'));
    expect(onEdit.mock.calls).toEqual([['q1', 'q1 again']]);
  });

  it('is not offered while an answer is written, nor on messages not saved', () => {
    const { update } = setup(false);
    expect(screen.getAllByTestId('message-edit').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    update(listProps({ messages: [...messages, user('q3')], refs: [...refs, undefined], onEdit: vi.fn() }));
    expect(within(row(4)).queryByTestId('message-edit')).toBeNull();
  });
});

describe('regenerate and failed runs', () => {
  it('offers Regenerate on every stored answer that ends a turn, naming it', () => {
    const onRegenerate = vi.fn();
    renderList(listProps({ messages, refs, onRegenerate }));
    expect(screen.getAllByTestId('message-regenerate')).toHaveLength(2);
    fireEvent.click(within(row(1)).getByTestId('message-regenerate'));
    expect(onRegenerate.mock.calls).toEqual([['a1']]);
  });

  it('shows a failed run kept on screen in one place: the note under its last message; it offers nothing on it but copy', () => {
    const failed: Message[] = [...messages, user('q3'), assistant('half an ans', { stopReason: 'error' })];
    renderList(
      listProps({
        messages: failed,
        refs: [...refs, undefined, undefined],
        unsavedFrom: 4,
        interrupted: <p data-testid="note">cut off</p>,
        onRegenerate: vi.fn(),
        onEdit: vi.fn(),
      }),
    );
    // No pill on the question nor on the answer, no red note of its own: the list's note says it, once.
    expect(screen.getAllByTestId('note')).toHaveLength(1);
    expect(within(row(5).parentElement!).getByTestId('note')).toBeTruthy();
    expect(within(row(5)).queryByTestId('message-error')).toBeNull();
    expect([row(3), row(4), row(5)].map((el) => el.getAttribute('data-unsaved'))).toEqual([null, 'true', 'true']);
    expect(within(row(5)).queryByTestId('message-regenerate')).toBeNull();
    expect(within(row(4)).queryByTestId('message-edit')).toBeNull();
    expect(within(row(5)).getByTestId('message-content').textContent?.trim()).toBe('half an ans');
  });
});
