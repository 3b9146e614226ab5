// The one way a form says what went wrong: an alert paragraph under the fields, nothing at all when all is well.
import type { JSX, ReactNode } from 'react';

interface FormErrorProps {
  /** The words to show; null, undefined or '' shows nothing. */
  children: ReactNode;
  testId?: string;
}

export function FormError({ children, testId }: FormErrorProps): JSX.Element | null {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {children}
    </p>
  );
}
