// The sidebar's session list, virtualized: only the rows in view (plus a few) are in the DOM, so thousands of
// sessions cost what a screenful does. Sections (pinned, then by date) head their rows. Owns which row is being
// renamed and which one awaits delete confirmation.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useT, type Translate } from '../i18n';
import { useAppState } from '../store/appState';
import { withGroupHeadings, type GroupKey } from '../store/sessionGroups';
import { filterSummaries } from '../store/sessionList';
import { DeleteDialog } from './DeleteDialog';
import { SessionItem } from './SessionItem';

/** Fixed row height in pixels; must match `.session-item` in sidebar.css. */
export const ROW_HEIGHT = 40;
/** Height of a section heading; must match `.session-group`. */
export const GROUP_HEIGHT = 28;

function groupLabel(key: GroupKey, t: Translate, months: Intl.DateTimeFormat): string {
  if (key === 'pinned' || key === 'today' || key === 'yesterday' || key === 'week' || key === 'month') return t(`group.${key}`);
  const [year, month] = key.split('-').map(Number);
  return months.format(new Date(year!, month! - 1, 1));
}

export function SessionList(): JSX.Element {
  const t = useT();
  const sessions = useAppState((s) => s.sessions);
  const filter = useAppState((s) => s.filter);
  const currentId = useAppState((s) => s.currentSession.id);
  const locked = useAppState((s) => s.isSessionLoading);
  const openSession = useAppState((s) => s.openSession);
  const renameSession = useAppState((s) => s.renameSession);
  const pinSession = useAppState((s) => s.pinSession);
  const locale = useAppState((s) => s.locale);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const untitled = t('session.untitled');
  const matching = useMemo(() => filterSummaries(sessions, filter, untitled), [sessions, filter, untitled]);
  const rows = useMemo(() => withGroupHeadings(matching, Date.now()), [matching]);
  const months = useMemo(() => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }), [locale]);
  const positions = useMemo(() => {
    const at = new Map<string, number>();
    for (const row of rows) if (row.kind === 'session') at.set(row.summary.id, at.size + 1);
    return at;
  }, [rows]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : row.kind === 'group' ? `group:${row.key}` : row.summary.id;
    },
    overscan: 6,
  });

  // A chat opened from elsewhere (search, a shortcut) is revealed in the list; rows already in view do not move.
  const currentRow = currentId === null ? -1 : rows.findIndex((row) => row.kind === 'session' && row.summary.id === currentId);
  useEffect(() => {
    if (currentRow >= 0) virtualizer.scrollToIndex(currentRow, { align: 'auto' });
    // Only a change of the open chat reveals it; new activity reordering the list must not scroll it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);

  const onOpen = useCallback((id: string) => void openSession(id), [openSession]);
  const onPin = useCallback((id: string, pinned: boolean) => void pinSession(id, pinned), [pinSession]);
  const onCancelRename = useCallback(() => setRenamingId(null), []);
  const onRename = useCallback(
    (id: string, name: string) => {
      setRenamingId(null);
      void renameSession(id, name);
    },
    [renameSession],
  );
  const deleting = deletingId === null ? undefined : sessions.find((s) => s.id === deletingId);

  return (
    <>
      <div ref={scrollRef} className="session-list" data-testid="session-list" role="list" aria-label={t('sidebar.label')}>
        <div role="presentation" className="session-list-space" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            if (row.kind === 'group') {
              // A list may hold only items, so the heading is an item of its own.
              return (
                <div
                  key={item.key}
                  role="listitem"
                  className="session-group"
                  data-testid="session-group"
                  data-group={row.key}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <h3 className="session-group-title">{groupLabel(row.key, t, months)}</h3>
                </div>
              );
            }
            const summary = row.summary;
            return (
              <SessionItem
                key={summary.id}
                summary={summary}
                active={summary.id === currentId}
                locked={locked}
                renaming={summary.id === renamingId}
                position={positions.get(summary.id) ?? 0}
                total={matching.length}
                top={item.start}
                onOpen={onOpen}
                onStartRename={setRenamingId}
                onRename={onRename}
                onCancelRename={onCancelRename}
                onDelete={setDeletingId}
                onPin={onPin}
              />
            );
          })}
        </div>
      </div>
      {matching.length === 0 && (
        <p className="sidebar-empty" role="status">
          {filter.trim() ? t('sidebar.noMatch', { filter: filter.trim() }) : t('sidebar.empty')}
        </p>
      )}
      {deleting && <DeleteDialog summary={deleting} onClose={() => setDeletingId(null)} />}
    </>
  );
}
