// A modal dialog closes on Escape wherever focus is (inside it, or fallen to the page when the focused control
// went away after Save), and from the close button of its title bar.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../src/renderer/src/ui/Dialog';

describe('dialog', () => {
  it('closes on Escape from a control inside it', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Settings" onClose={onClose}>
        <button type="button">Save</button>
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Save' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape when focus fell to the page because the focused control was removed', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog title="Settings" onClose={onClose}>
        <button type="button">Save</button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    rerender(
      <Dialog title="Settings" onClose={onClose}>
        <p>Saved.</p>
      </Dialog>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves Escape on the page alone while focus is on something outside the dialog', () => {
    const onClose = vi.fn();
    render(
      <>
        <input aria-label="outside" />
        <Dialog title="Settings" onClose={onClose}>
          <button type="button">Save</button>
        </Dialog>
      </>,
    );
    const outside = screen.getByRole('textbox', { name: 'outside' });
    outside.focus();
    fireEvent.keyDown(outside, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes from the close button of its title bar, while focus starts on the content', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Settings" onClose={onClose}>
        <button type="button">Save</button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
