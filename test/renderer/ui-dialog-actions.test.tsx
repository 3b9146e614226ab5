// The actions row cancels or confirms; the action submits the form around it unless given its own handler.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogActions } from '../../src/renderer/src/ui/DialogActions';

describe('dialog actions', () => {
  it('Cancel cancels; the action submits the form around it', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <DialogActions onCancel={onCancel} confirm="Save" testId="settings-save" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('settings-save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('with onConfirm the action is a plain button; a disabled one does nothing', () => {
    const onConfirm = vi.fn();
    function Confirm() {
      const [locked, setLocked] = useState(false);
      return (
        <DialogActions
          cancelLabel="Cancel"
          onCancel={() => setLocked(true)}
          cancelFirst
          confirm="Delete"
          testId="confirm-delete"
          disabled={locked}
          onConfirm={onConfirm}
          danger
        />
      );
    }
    render(<Confirm />);
    const remove = screen.getByTestId('confirm-delete');
    expect(remove.getAttribute('type')).toBe('button');
    expect(remove.className).toBe('button danger');
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('data-autofocus')).toBe(true);

    fireEvent.click(remove);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(remove);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('secondary buttons come first, before Cancel', () => {
    render(
      <DialogActions cancelLabel="Back" onCancel={() => {}} confirm="Save">
        <button type="button">Remove</button>
      </DialogActions>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Remove', 'Back', 'Save']);
  });
});
