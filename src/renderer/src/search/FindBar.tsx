// Find in the open chat (Ctrl/Cmd+F): counts every occurrence in the shown messages (case and width ignored),
// Enter / Shift+Enter or the arrows move between them, and each step brings its message into view, marked.
import { useEffect, useMemo, useState, type JSX, type KeyboardEvent } from 'react';
import { foldedOccurrences, foldText } from '../../../shared/fold';
import { messageText } from '../../../shared/messages';
import { CloseIcon } from '../components/icons';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import './search.css';

/** One occurrence: the visible message it is in (among the loaded ones). */
function occurrences(messages: readonly ({ role: string } | undefined)[], query: string): number[] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  const found: number[] = [];
  messages.forEach((message, index) => {
    if (message?.role !== 'user' && message?.role !== 'assistant') return;
    const count = foldedOccurrences(messageText(message as never), needle).length;
    for (let i = 0; i < count; i++) found.push(index);
  });
  return found;
}

export function FindBar(): JSX.Element {
  const t = useT();
  const messages = useAppState((s) => s.currentSession.messages);
  const sessionId = useAppState((s) => s.currentSession.id);
  const close = useAppState((s) => s.setFindOpen);
  const focusMessage = useAppState((s) => s.focusMessage);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const found = useMemo(() => occurrences(messages, query), [messages, query]);

  // A new query or another chat starts at the first occurrence.
  useEffect(() => setCurrent(0), [query, sessionId]);

  const target = found[Math.min(current, found.length - 1)];
  useEffect(() => {
    if (target !== undefined) focusMessage(target, query);
  }, [target, current, query, focusMessage]);

  const step = (delta: number) => {
    if (found.length) setCurrent((c) => (c + delta + found.length) % found.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(false);
    }
  };

  return (
    <div className="find-bar" role="search" aria-label={t('find.label')}>
      <input
        type="search"
        id="find-input"
        className="find-input"
        data-testid="find-input"
        autoFocus
        aria-label={t('find.label')}
        placeholder={t('find.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="find-count" data-testid="find-count" role="status">
        {query.trim()
          ? found.length
            ? t('find.count', { current: Math.min(current, found.length - 1) + 1, total: found.length })
            : t('find.none')
          : ''}
      </span>
      <button
        type="button"
        className="icon-button"
        data-testid="find-previous"
        aria-label={t('find.previous')}
        disabled={!found.length}
        onClick={() => step(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="icon-button"
        data-testid="find-next"
        aria-label={t('find.next')}
        disabled={!found.length}
        onClick={() => step(1)}
      >
        ›
      </button>
      <button type="button" className="icon-button" aria-label={t('find.close')} onClick={() => close(false)}>
        <CloseIcon />
      </button>
    </div>
  );
}
