// A modal dialog: labelled by its title, a close button in its title bar, focus moved inside and kept there, Escape
// or the backdrop closes it, focus returns to where it was.
import { useEffect, useId, useRef, type JSX, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';
/** What focus lands on first: the dialog's own content, not the close button of its title bar. */
const FIRST_IN_CONTENT = FOCUSABLE.split(', ')
  .map((selector) => `${selector}:not(.dialog-close)`)
  .join(', ');

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for sizing (e.g. the wider settings dialog). */
  className?: string;
  testId?: string;
}

export function Dialog({ title, onClose, children, className, testId }: DialogProps): JSX.Element {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    const first = root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FIRST_IN_CONTENT);
    (first ?? root)?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    // When the focused control goes away (a form replaced after Save), focus falls to the page and the dialog's own
    // key handler no longer hears Escape: the topmost dialog still closes on it.
    const onPageKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== ref.current) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onPageKey);
    return () => document.removeEventListener('keydown', onPageKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={className ? `dialog ${className}` : 'dialog'}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog-close"
            aria-label={t('dialog.close')}
            title={t('dialog.close')}
            data-testid="dialog-close"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
