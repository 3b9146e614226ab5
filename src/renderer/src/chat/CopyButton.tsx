// A button that copies a text and says so for a moment.
import { useEffect, useState, type JSX } from 'react';
import { useT } from '../i18n';
import { copyText } from './clipboard';

const COPIED_FOR_MS = 1500;

/** Copies `text()` (read on click, so a long message is joined only when asked for). */
export function CopyButton({ text, testId }: { text: () => string; testId: string }): JSX.Element {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="msg-action"
      data-testid={testId}
      aria-label={copied ? t('chat.copied') : t('chat.copyMessage')}
      onClick={() => {
        void copyText(text()).then((ok) => setCopied(ok));
      }}
    >
      {copied ? t('chat.copied') : t('chat.copy')}
    </button>
  );
}
