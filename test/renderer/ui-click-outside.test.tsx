// A popup closes on a press outside it, never on one inside it, and stops listening once it is closed.
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useClickOutside } from '../../src/renderer/src/ui/useClickOutside';

function Popup({ onOutside, event }: { onOutside?: () => void; event?: 'mousedown' | 'pointerdown' }): JSX.Element {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useClickOutside(
    ref,
    open,
    () => {
      onOutside?.();
      setOpen(false);
    },
    event,
  );
  return (
    <>
      <button type="button">elsewhere</button>
      <div ref={ref} data-testid="popup" data-open={open}>
        <button type="button">inside</button>
      </div>
    </>
  );
}

describe('click outside', () => {
  it('a press inside keeps it open; a press outside closes it', () => {
    const onOutside = vi.fn();
    render(<Popup onOutside={onOutside} />);
    fireEvent.mouseDown(screen.getByRole('button', { name: 'inside' }));
    expect(screen.getByTestId('popup').dataset.open).toBe('true');

    fireEvent.mouseDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByTestId('popup').dataset.open).toBe('false');
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('once closed, further presses outside are not heard', () => {
    const onOutside = vi.fn();
    render(<Popup onOutside={onOutside} />);
    fireEvent.mouseDown(document.body);
    fireEvent.mouseDown(document.body);
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('listens on pointerdown when asked, and then not on mousedown', () => {
    const onOutside = vi.fn();
    render(<Popup onOutside={onOutside} event="pointerdown" />);
    fireEvent.mouseDown(document.body);
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    expect(onOutside).toHaveBeenCalledTimes(1);
  });
});
