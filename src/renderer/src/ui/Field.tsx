// A labelled form control with an optional hint: the label points at the control and the control is described by
// the hint, so every field is named and explained the same way for screen readers.
import { useId, type JSX, type ReactNode } from 'react';

/** What the control must carry for the label and hint to reach it. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Renders the control with the ids the label and hint use. */
  children: (control: FieldControl) => ReactNode;
}

export function Field({ label, hint, children }: FieldProps): JSX.Element {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(hint === undefined ? { id } : { id, 'aria-describedby': hintId })}
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
