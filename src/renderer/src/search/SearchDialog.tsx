// Search every chat (Ctrl/Cmd+K): results as you type, best first, each with its chat, a dated snippet and the hit
// marked. Arrow keys move, Enter opens the chat at that message.
import { useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { SearchHit } from '../../../shared/search';
import { Dialog } from '../ui/Dialog';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import './search.css';

/** Waits this long after the last keystroke before asking main. */
const DEBOUNCE_MS = 120;
/** While main is still indexing, the same question is asked again this often. */
const INDEXING_RETRY_MS = 800;

type Status = { kind: 'idle' } | { kind: 'done'; hits: SearchHit[]; indexing: boolean } | { kind: 'failed'; message: string };

function Snippet({ hit }: { hit: SearchHit }): JSX.Element {
  const parts: JSX.Element[] = [];
  let at = 0;
  hit.highlights.forEach(([start, end], i) => {
    if (start > at) parts.push(<span key={`t${i}`}>{hit.snippet.slice(at, start)}</span>);
    parts.push(<mark key={`m${i}`}>{hit.snippet.slice(start, end)}</mark>);
    at = end;
  });
  if (at < hit.snippet.length) parts.push(<span key="rest">{hit.snippet.slice(at)}</span>);
  return <p className="search-snippet">{parts}</p>;
}

export function SearchDialog(): JSX.Element {
  const t = useT();
  const locale = useAppState((s) => s.locale);
  const search = useAppState((s) => s.search);
  const openHit = useAppState((s) => s.openSearchHit);
  const close = useAppState((s) => s.setSearchOpen);
  const [query, setQuery] = useState('');
  const [includeReasoning, setIncludeReasoning] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [active, setActive] = useState(0);
  const asked = useRef(0);
  const listId = useId();
  /** Bumped to ask the same question again while main is still indexing, so results fill in as it builds. */
  const [round, setRound] = useState(0);
  const shownFor = useRef('');

  useEffect(() => {
    const ticket = ++asked.current;
    if (!query.trim()) {
      setStatus({ kind: 'idle' });
      return;
    }
    let again: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(async () => {
      const result = await search(query, includeReasoning);
      // Only the newest question's answer is shown; a slower earlier one is dropped.
      if (ticket !== asked.current) return;
      const key = `${includeReasoning}:${query}`;
      const hits = result.ok ? result.value.hits : [];
      // A new question starts at its first hit; the same question asked again keeps the one chosen.
      setActive((was) => (shownFor.current === key ? Math.min(was, Math.max(0, hits.length - 1)) : 0));
      shownFor.current = key;
      setStatus(
        result.ok
          ? { kind: 'done', hits: result.value.hits, indexing: result.value.indexing }
          : { kind: 'failed', message: result.error.message },
      );
      if (result.ok && result.value.indexing) again = setTimeout(() => setRound((r) => r + 1), INDEXING_RETRY_MS);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(again);
    };
  }, [query, includeReasoning, search, round]);

  const hits = status.kind === 'done' ? status.hits : [];
  const choose = (hit: SearchHit | undefined) => {
    if (hit) void openHit(hit, query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const next = (active + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length;
      setActive(next);
      document.getElementById(`${listId}-${next}`)?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(hits[active]);
    }
  };

  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const statusText =
    status.kind === 'failed'
      ? t('search.failed', { message: status.message })
      : status.kind === 'idle'
        ? t('search.hint')
        : status.hits.length === 0
          ? t('search.none')
          : t('search.count', { count: status.hits.length });

  return (
    <Dialog title={t('search.title')} onClose={() => close(false)} className="search-dialog" testId="search-dialog">
      <input
        type="search"
        className="search-input"
        data-testid="search-input"
        data-autofocus
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits.length > 0 ? `${listId}-${active}` : undefined}
        aria-label={t('search.title')}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="search-options">
        <label>
          <input type="checkbox" checked={includeReasoning} onChange={(event) => setIncludeReasoning(event.target.checked)} />
          {t('search.includeReasoning')}
        </label>
        <span role="status" className="search-status">
          {statusText}
          {status.kind === 'done' && status.indexing ? ` ${t('search.indexing')}` : ''}
        </span>
      </div>
      <ul className="search-results" id={listId} role="listbox" aria-label={t('search.results')}>
        {hits.map((hit, i) => (
          <li
            key={`${hit.sessionId}/${hit.messageId}/${hit.field}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'search-result active' : 'search-result'}
            data-testid="search-result"
            data-session-id={hit.sessionId}
            data-message-id={hit.messageId}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(hit)}
          >
            <div className="search-result-head">
              <span className="search-result-session">{hit.sessionName}</span>
              <span className="search-result-meta">
                {t(hit.role === 'user' ? 'chat.role.user' : 'chat.role.assistant')}
                {hit.field === 'reasoning' ? ` · ${t('search.inReasoning')}` : ''} · {dates.format(hit.timestamp)}
              </span>
            </div>
            <Snippet hit={hit} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
