// Search every chat (Ctrl/Cmd+K): results as you type — first the chats whose names match, then the matching
// messages grouped per chat with a count, best chat first, each with a dated snippet and the hit marked. Arrow keys
// move, Enter opens the chat (at that message). While main's index is still being built it says so and asks again;
// where search cannot work on this computer it says why. With folders, the search can be narrowed to one of them.
import { useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { SearchHit, SearchResponse } from '../../../shared/search';
import { Dialog } from '../ui/Dialog';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { isOption, searchRows, type SearchRow } from './searchResults';
import './search.css';

/** Waits this long after the last keystroke before asking main. */
const DEBOUNCE_MS = 120;
/** While main is still indexing, the same question is asked again this often. */
const INDEXING_RETRY_MS = 800;

type Status = { kind: 'idle' } | { kind: 'done'; response: SearchResponse } | { kind: 'failed'; message: string };

function Marked({ text, highlights, className }: { text: string; highlights: Array<[number, number]>; className: string }): JSX.Element {
  const parts: JSX.Element[] = [];
  let at = 0;
  highlights.forEach(([start, end], i) => {
    if (start > at) parts.push(<span key={`t${i}`}>{text.slice(at, start)}</span>);
    parts.push(<mark key={`m${i}`}>{text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < text.length) parts.push(<span key="rest">{text.slice(at)}</span>);
  return <span className={className}>{parts}</span>;
}

export function SearchDialog(): JSX.Element {
  const t = useT();
  const locale = useAppState((s) => s.locale);
  const search = useAppState((s) => s.search);
  const openHit = useAppState((s) => s.openSearchHit);
  const openChat = useAppState((s) => s.openSearchChat);
  const close = useAppState((s) => s.setSearchOpen);
  const [query, setQuery] = useState('');
  const [includeReasoning, setIncludeReasoning] = useState(false);
  const folders = useAppState((s) => s.folders);
  const loadFolders = useAppState((s) => s.loadFolders);
  // The sidebar (closed in a narrow window) may not have asked for them yet.
  useEffect(() => {
    if (folders === null) void loadFolders();
  }, [folders, loadFolders]);
  /** The folder the search is narrowed to; '' is every chat. A folder deleted meanwhile falls back to every chat. */
  const [chosenFolder, setFolder] = useState('');
  const folderId = folders?.some((f) => f.id === chosenFolder) ? chosenFolder : '';
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState(0);
  const asked = useRef(0);
  const input = useRef<HTMLInputElement>(null);
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
      const result = await search(query, includeReasoning, folderId || undefined);
      // Only the newest question's answer is shown; a slower earlier one is dropped.
      if (ticket !== asked.current) return;
      const key = `${includeReasoning}:${folderId}:${query}`;
      // A new question starts at its first row, every chat folded; the same question asked again keeps both.
      if (shownFor.current !== key) {
        setActive(0);
        setExpanded(new Set());
      }
      shownFor.current = key;
      setStatus(result.ok ? { kind: 'done', response: result.value } : { kind: 'failed', message: result.error.message });
      if (result.ok && result.value.indexing) again = setTimeout(() => setRound((r) => r + 1), INDEXING_RETRY_MS);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(again);
    };
  }, [query, includeReasoning, folderId, search, round]);

  const response = status.kind === 'done' ? status.response : undefined;
  const rows = useMemo(() => (response ? searchRows(response, expanded) : []), [response, expanded]);
  const options = rows.filter(isOption);
  const current = Math.min(active, Math.max(0, options.length - 1));

  const choose = (row: SearchRow | undefined) => {
    if (!row) return;
    if (row.kind === 'hit') void openHit(row.hit, query);
    else if (row.kind === 'title') void openChat(row.title.sessionId);
    else if (row.kind === 'more') {
      // The row becomes the first hit it revealed; typing and the arrow keys go on from the input.
      setExpanded((was) => new Set([...was, row.sessionId]));
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const next = (current + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
      setActive(next);
      document.getElementById(`${listId}-${next}`)?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]);
    }
  };

  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const chats = new Set(response?.hits.map((hit) => hit.sessionId)).size;
  const statusText =
    status.kind === 'failed'
      ? t('search.failed', { message: status.message })
      : status.kind === 'idle'
        ? t('search.hint')
        : status.response.unavailable
          ? ''
          : status.response.hits.length + status.response.titles.length === 0
            ? t('search.none')
            : status.response.hits.length === 0
              ? t('search.chatCount', { count: status.response.titles.length })
              : t('search.count', { count: status.response.hits.length, chats });

  let optionIndex = -1;
  const renderRow = (row: SearchRow): JSX.Element => {
    if (row.kind === 'group') {
      return (
        <li
          key={`g/${row.sessionId}`}
          role="presentation"
          className="search-group"
          data-testid="search-group"
          data-session-id={row.sessionId}
        >
          <span className="search-result-session">{row.sessionName}</span>
          <span className="search-group-count">{t('search.groupCount', { count: row.count })}</span>
        </li>
      );
    }
    const index = ++optionIndex;
    const common = {
      id: `${listId}-${index}`,
      role: 'option' as const,
      'aria-selected': index === current,
      onMouseMove: () => setActive(index),
      onClick: () => choose(row),
    };
    const className = (base: string) => (index === current ? `${base} active` : base);
    if (row.kind === 'title') {
      return (
        <li
          key={`t/${row.title.sessionId}`}
          {...common}
          className={className('search-result search-chat')}
          data-testid="search-chat"
          data-session-id={row.title.sessionId}
        >
          <div className="search-result-head">
            <Marked className="search-result-session" text={row.title.sessionName} highlights={row.title.highlights} />
            <span className="search-result-meta">{t('search.chatMatch')}</span>
          </div>
        </li>
      );
    }
    if (row.kind === 'more') {
      return (
        <li key={`more/${row.sessionId}`} {...common} className={className('search-result search-more')} data-testid="search-more">
          {t('search.showAll', { count: row.hidden })}
        </li>
      );
    }
    const hit: SearchHit = row.hit;
    return (
      <li
        key={`${hit.sessionId}/${hit.messageId}/${hit.field}`}
        {...common}
        className={className('search-result search-hit')}
        data-testid="search-result"
        data-session-id={hit.sessionId}
        data-message-id={hit.messageId}
      >
        <div className="search-result-head">
          <span className="search-result-meta">
            {t(hit.role === 'user' ? 'chat.role.user' : 'chat.role.assistant')}
            {hit.field === 'reasoning' ? ` · ${t('search.inReasoning')}` : ''} · {dates.format(hit.timestamp)}
          </span>
        </div>
        <p className="search-snippet">
          <Marked className="" text={hit.snippet} highlights={hit.highlights} />
        </p>
      </li>
    );
  };

  return (
    <Dialog title={t('search.title')} onClose={() => close(false)} className="search-dialog" testId="search-dialog">
      <input
        type="search"
        className="search-input"
        data-testid="search-input"
        data-autofocus
        ref={input}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={options.length > 0 ? `${listId}-${current}` : undefined}
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
        {folders && folders.length > 0 ? (
          <label className="search-folder-choice">
            {t('folders.searchIn')}
            <select data-testid="search-folder" value={folderId} onChange={(event) => setFolder(event.target.value)}>
              <option value="">{t('folders.searchAll')}</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span role="status" className="search-status">
          {statusText}
          {response?.indexing ? (
            <span className="search-indexing" data-testid="search-indexing">
              {' '}
              {t('search.indexing')}
            </span>
          ) : null}
        </span>
      </div>
      {response?.unavailable ? (
        <p className="search-unavailable" role="alert" data-testid="search-unavailable">
          {t(`search.unavailable.${response.unavailable.reason}`)}
          <span className="search-unavailable-detail">{response.unavailable.detail}</span>
        </p>
      ) : null}
      <ul className="search-results" id={listId} role="listbox" aria-label={t('search.results')}>
        {rows.map(renderRow)}
      </ul>
    </Dialog>
  );
}
