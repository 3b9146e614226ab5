// The sidebar's session list, virtualized: only the rows in view (plus a few) are in the DOM, so thousands of
// sessions cost what a screenful does. Owns which row is being renamed and which one awaits delete confirmation.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { filterSummaries } from '../store/sessionList';
import { DeleteDialog } from './DeleteDialog';
import { SessionItem } from './SessionItem';

/** Fixed row height in pixels; must match `.session-item` in sidebar.css. */
export const ROW_HEIGHT = 40;

export function SessionList(): JSX.Element {
  const t = useT();
  const sessions = useAppState((s) => s.sessions);
  const filter = useAppState((s) => s.filter);
  const currentId = useAppState((s) => s.currentSession.id);
  const locked = useAppState((s) => s.isSessionLoading);
  const openSession = useAppState((s) => s.openSession);
  const renameSession = useAppState((s) => s.renameSession);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const untitled = t('session.untitled');
  const rows = useMemo(() => filterSummaries(sessions, filter, untitled), [sessions, filter, untitled]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
  });

  // A chat opened from elsewhere (search, a shortcut) is revealed in the list; rows already in view do not move.
  const currentRow = currentId === null ? -1 : rows.findIndex((row) => row.id === currentId);
  useEffect(() => {
    if (currentRow >= 0) virtualizer.scrollToIndex(currentRow, { align: 'auto' });
    // Only a change of the open chat reveals it; new activity reordering the list must not scroll it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);

  const onOpen = useCallback((id: string) => void openSession(id), [openSession]);
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
            const summary = rows[item.index];
            if (!summary) return null;
            return (
              <SessionItem
                key={summary.id}
                summary={summary}
                active={summary.id === currentId}
                locked={locked}
                renaming={summary.id === renamingId}
                position={item.index + 1}
                total={rows.length}
                top={item.start}
                onOpen={onOpen}
                onStartRename={setRenamingId}
                onRename={onRename}
                onCancelRename={onCancelRename}
                onDelete={setDeletingId}
              />
            );
          })}
        </div>
      </div>
      {rows.length === 0 && (
        <p className="sidebar-empty" role="status">
          {filter.trim() ? t('sidebar.noMatch', { filter: filter.trim() }) : t('sidebar.empty')}
        </p>
      )}
      {deleting && <DeleteDialog summary={deleting} onClose={() => setDeletingId(null)} />}
    </>
  );
}
