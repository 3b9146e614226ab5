// Find in the open chat (Ctrl/Cmd+F): counts every occurrence in the chat's shown messages (case and width ignored),
// Enter / Shift+Enter or the arrows move between them, and each step brings its message into view with every
// occurrence marked and the current one marked in a colour of its own.
//
// The stored messages are searched by main over the whole shown branch (a chat opens with its newest page only, so
// the window does not hold them all); a step to a message not loaded yet loads its page first. The messages of a run
// still streaming exist only here, and are counted here.
import { useEffect, useMemo, useState, type JSX, type KeyboardEvent } from 'react';
import { foldedOccurrences, foldText } from '../../../shared/fold';
import { messageText, type Message } from '../../../shared/messages';
import type { FindResponse } from '../../../shared/search';
import { CloseIcon } from '../ui/icons';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import './search.css';

const NO_MESSAGES: readonly Message[] = [];

/** A message holding the query `count` times: a stored one (`messageId`) or one of the live run's. */
interface Found {
  index: number;
  messageId?: string;
  count: number;
}

/** The found messages in view order: main's answer for the stored branch, then the live run's messages. */
function foundMessages(stored: FindResponse | null, run: readonly Message[], runStart: number, query: string): Found[] {
  const found: Found[] = (stored?.matches ?? [])
    .filter((match) => match.position < runStart)
    .map((match) => ({ index: match.position, messageId: match.messageId, count: match.count }));
  const needle = foldText(query.trim());
  if (!needle) return found;
  run.forEach((message, i) => {
    if (message.role !== 'user' && message.role !== 'assistant') return;
    const count = foldedOccurrences(messageText(message), needle).length;
    if (count > 0) found.push({ index: runStart + i, count });
  });
  return found;
}

/** The message of occurrence `n` (0-based, counted across messages), and which of its own occurrences that is. */
function messageOf(found: readonly Found[], n: number): (Found & { occurrence: number }) | undefined {
  let before = 0;
  for (const entry of found) {
    if (n < before + entry.count) return { ...entry, occurrence: n - before };
    before += entry.count;
  }
  return undefined;
}

export function FindBar(): JSX.Element {
  const t = useT();
  const sessionId = useAppState((s) => s.currentSession.id);
  // The stored branch shown: a commit or a switch of version changes it, and main is asked again.
  const leaf = useAppState((s) => s.currentSession.committedRefs.at(-1)?.id ?? null);
  const storedTotal = useAppState((s) => s.currentSession.committedRefs.length);
  const run = useAppState((s) => s.currentSession.run);
  const shownCount = useAppState((s) => s.currentSession.messages.length);
  const close = useAppState((s) => s.setFindOpen);
  const findInChat = useAppState((s) => s.findInChat);
  const showFound = useAppState((s) => s.showFound);
  const focusMessage = useAppState((s) => s.focusMessage);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  /** Main's answer and the chat and query it answers (null: it failed, or there is no stored chat yet). */
  const [stored, setStored] = useState<{ sessionId: string | null; query: string; answer: FindResponse | null } | null>(null);

  useEffect(() => {
    let latest = true;
    if (query.trim())
      void findInChat(query).then((result) => {
        if (latest) setStored({ sessionId, query, answer: result?.ok ? result.value : null });
      });
    return () => {
      latest = false;
    };
  }, [findInChat, query, sessionId, leaf, storedTotal]);

  // Until main answers this query, the count waits rather than saying "no matches". An answer for another branch
  // (a commit came in while it was asked) counts nothing: the new one is on its way.
  const pending = stored?.query !== query || stored.sessionId !== sessionId;
  const answer = !pending && stored.answer?.leaf === leaf && stored.answer.total === storedTotal ? stored.answer : null;
  const runMessages = run?.messages ?? NO_MESSAGES;
  const runStart = shownCount - runMessages.length;
  const found = useMemo(() => foundMessages(answer, runMessages, runStart, query), [answer, runMessages, runStart, query]);
  const total = found.reduce((sum, entry) => sum + entry.count, 0);

  // A new query or another chat starts at the first occurrence.
  useEffect(() => setCurrent(0), [query, sessionId]);

  const at = Math.min(current, total - 1);
  const target = at >= 0 ? messageOf(found, at) : undefined;
  useEffect(() => {
    if (!target) return;
    if (target.messageId !== undefined) void showFound(target.messageId, query, target.occurrence);
    else focusMessage(target.index, query, target.occurrence);
    // A step (or a new answer) moves to its occurrence; the same target found again after a commit does not jump.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.messageId, target?.index, target?.occurrence, at, query, focusMessage, showFound]);

  const step = (delta: number) => {
    if (total) setCurrent((c) => (Math.min(c, total - 1) + delta + total) % total);
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
        {!query.trim() || (pending && !total) ? '' : total ? t('find.count', { current: at + 1, total }) : t('find.none')}
      </span>
      <button
        type="button"
        className="icon-button"
        data-testid="find-previous"
        aria-label={t('find.previous')}
        disabled={!total}
        onClick={() => step(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="icon-button"
        data-testid="find-next"
        aria-label={t('find.next')}
        disabled={!total}
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
