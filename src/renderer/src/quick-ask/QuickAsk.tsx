// The quick-ask window's view (`#quick-ask`): type, Enter, the answer streams below; Escape hides the window;
// "Open in Tiny Agent" moves the chat into the main window. Its answer is shown as plain text (never as HTML).
import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { LocaleContext, translate } from '../i18n';
import { useDocumentTheme } from '../hooks/useTheme';
import { useQuickAsk } from './quickAskStore';
import './quick-ask.css';

export function QuickAsk(): JSX.Element {
  const { locale, theme, question, answer, busy, queued, error, sessionId } = useQuickAsk();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useDocumentTheme(theme, locale);
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);

  useEffect(() => {
    const refocus = () => input.current?.focus();
    window.addEventListener('focus', refocus);
    return () => window.removeEventListener('focus', refocus);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      const value = text;
      setText('');
      void useQuickAsk.getState().ask(value);
    }
  };

  return (
    <LocaleContext.Provider value={locale}>
      <div
        className="quick-ask"
        data-testid="quick-ask"
        data-busy={busy ? 'true' : 'false'}
        role="dialog"
        aria-label={t('quickAsk.label')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            useQuickAsk.getState().hide();
          }
        }}
      >
        <textarea
          ref={input}
          className="quick-ask-input"
          data-testid="composer-input"
          aria-label={t('quickAsk.label')}
          placeholder={t('quickAsk.placeholder')}
          autoFocus
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {question && (
          <div className="quick-ask-answer" aria-live="polite">
            <p className="quick-ask-question">{question}</p>
            <div className="quick-ask-text" data-testid="message-content">
              {answer || (busy ? t('quickAsk.thinking') : '')}
            </div>
            {error && (
              <p className="quick-ask-error" role="alert" data-testid="error-banner">
                {error}
              </p>
            )}
          </div>
        )}
        <div className="quick-ask-actions">
          <span className="quick-ask-hint" data-testid="quick-ask-hint">
            {queued ? t('quickAsk.queued') : sessionId ? t('quickAsk.hint') : ''}
          </span>
          {busy && (
            <button type="button" className="button" onClick={() => void useQuickAsk.getState().stop()}>
              {t('quickAsk.stop')}
            </button>
          )}
          <button
            type="button"
            className="button primary"
            data-testid="quick-ask-open"
            disabled={!sessionId}
            onClick={() => void useQuickAsk.getState().openInApp()}
          >
            {t('quickAsk.openInApp')}
          </button>
        </div>
      </div>
    </LocaleContext.Provider>
  );
}
