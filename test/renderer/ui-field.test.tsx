// A field names its control by its label and, when it has a hint, describes the control with it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from '../../src/renderer/src/ui/Field';

describe('field', () => {
  it('labels its control and describes it with the hint', () => {
    render(
      <Field label="Name" hint="Shown in the sidebar">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    const hint = screen.getByText('Shown in the sidebar');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('without a hint, the control is described by nothing', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    expect(screen.getByRole('textbox', { name: 'Name' }).hasAttribute('aria-describedby')).toBe(false);
  });
});
