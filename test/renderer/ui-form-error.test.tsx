// A form error shows only when there is one, as an alert.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormError } from '../../src/renderer/src/ui/FormError';

describe('form error', () => {
  it('says what went wrong as an alert', () => {
    render(<FormError testId="settings-error">The key was refused.</FormError>);
    expect(screen.getByRole('alert').textContent).toBe('The key was refused.');
    expect(screen.getByTestId('settings-error').className).toBe('form-error');
  });

  it('shows nothing while there is no error', () => {
    const { container } = render(
      <>
        <FormError>{null}</FormError>
        <FormError>{''}</FormError>
        <FormError>{undefined}</FormError>
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
