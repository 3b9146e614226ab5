// The sidebar's session list, virtualized: only the rows in view (plus a few) are in the DOM, so thousands of
// sessions cost what a screenful does. Sections (pinned, then by date) head their rows. Owns which row is being
// renamed and which one awaits delete confirmation. An ARIA grid with one Tab stop (keys: useSessionGrid.ts).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type JSX } from 'react';
import { useT, type Translate } from '../i18n';
import { useAppState } from '../store/appState';
import { withGroupHeadings, type GroupKey } from '../store/sessionGroups';
import { filterSummaries } from '../store/sessionList';
import { DeleteDialog } from './DeleteDialog';
import { SessionItem } from './SessionItem';
import { SESSION_COLUMNS, useSessionGrid } from './useSessionGrid';
import { FolderTree, sessionDropProps, type RowActions } from './folders/FolderTree';
import { MoveMenu } from './folders/MoveMenu';

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
  const finding = useAppState((s) => s.findingSessions);
  const filter = useAppState((s) => s.filter);
  const currentId = useAppState((s) => s.currentSession.id);
  const locked = useAppState((s) => s.isSessionLoading);
  const pendingId = useAppState((s) => s.pendingOpen?.id);
  const openSession = useAppState((s) => s.openSession);
  const renameSession = useAppState((s) => s.renameSession);
  const pinSession = useAppState((s) => s.pinSession);
  const locale = useAppState((s) => s.locale);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const hintId = useId();
  const untitled = t('session.untitled');
  const folders = useAppState((s) => s.folders);
  const moveToFolder = useAppState((s) => s.moveToFolder);
  const openMoveMenu = useAppState((s) => s.openMoveMenu);
  // Chats in a folder that exists are listed in it (FolderTree), not here. Until the folders are known the list
  // waits (when any chat names one), so rows never jump under the pointer as the folders arrive above them.
  const listed = useMemo(() => {
    if (folders === null && sessions.some((s) => s.folderId !== undefined)) return [];
    const known = new Set((folders ?? []).map((f) => f.id));
    return known.size ? sessions.filter((s) => s.folderId === undefined || !known.has(s.folderId)) : sessions;
  }, [sessions, folders]);
  const matching = useMemo(() => filterSummaries(listed, filter, untitled), [listed, filter, untitled]);
  const rows = useMemo(() => withGroupHeadings(matching, Date.now()), [matching]);
  const months = useMemo(() => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }), [locale]);
  const rowIds = useMemo(() => rows.map((row) => (row.kind === 'session' ? row.summary.id : null)), [rows]);

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

  const grid = useSessionGrid({ rowIds, currentId, virtualizer, scrollRef, onRename: setRenamingId, onDelete: setDeletingId });
  const { refocus } = grid;
  const onOpen = useCallback((id: string) => void openSession(id), [openSession]);
  const onPin = useCallback((id: string, pinned: boolean) => void pinSession(id, pinned), [pinSession]);
  const onMove = useCallback((id: string, anchor: HTMLElement) => openMoveMenu(id, anchor.getBoundingClientRect()), [openMoveMenu]);
  const drop = sessionDropProps((id) => void moveToFolder(id, null));
  const onCancelRename = useCallback(() => {
    if (renamingId !== null) refocus(renamingId);
    setRenamingId(null);
  }, [renamingId, refocus]);
  const onRename = useCallback(
    (id: string, name: string) => {
      setRenamingId(null);
      refocus(id);
      void renameSession(id, name);
    },
    [renameSession, refocus],
  );
  const deleting = deletingId === null ? undefined : sessions.find((s) => s.id === deletingId);
  const rowActions: RowActions = {
    renamingId,
    onStartRename: setRenamingId,
    onRename,
    onCancelRename,
    onDelete: setDeletingId,
  };
  const onCloseDelete = () => {
    setDeletingId(null);
    // The dialog had focus and is gone: the chat that took the deleted one's place (or the same one) gets it.
    if (deletingId !== null) refocus(deletingId, true);
  };
  const virtualItems = virtualizer.getVirtualItems();
  // A rebuilt index lists chats as they are found: never "no chats yet" while some may still come.
  const findingNote = (
    <p className="sidebar-empty" role="status" data-testid="sidebar-finding">
      {t('sidebar.finding')}
    </p>
  );
  const emptyNote = (
    <p className="sidebar-empty" role="status" data-testid="sidebar-empty">
      {filter.trim() ? t('sidebar.noMatch', { filter: filter.trim() }) : t('sidebar.empty')}
    </p>
  );
  const tabCell = grid.tabCell(virtualItems.flatMap((item) => rowIds[item.index] ?? []));

  return (
    <>
      <FolderTree actions={rowActions} />
      {/* An empty list says so where it would start, under the filter (not at the foot of an empty column). */}
      {matching.length === 0 && (finding ? findingNote : listed.length === sessions.length && emptyNote)}
      <div
        ref={scrollRef}
        className="session-list"
        data-testid="session-list"
        role="grid"
        aria-label={t('sidebar.label')}
        aria-rowcount={rows.length}
        aria-describedby={hintId}
        onKeyDown={grid.onKeyDown}
        onFocus={grid.onFocus}
        {...drop}
      >
        <div role="presentation" className="session-list-space" style={{ height: virtualizer.getTotalSize() }}>
          {virtualItems.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            if (row.kind === 'group') {
              // A grid holds only rows, so the heading is a row of its own (arrow keys pass over it).
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 1}
                  className="session-group"
                  data-testid="session-group"
                  data-group={row.key}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <h3 role="gridcell" aria-colspan={SESSION_COLUMNS} className="session-group-title">
                    {groupLabel(row.key, t, months)}
                  </h3>
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
                pending={summary.id === pendingId}
                renaming={summary.id === renamingId}
                rowIndex={item.index + 1}
                tabColumn={tabCell?.id === summary.id ? tabCell.column : -1}
                top={item.start}
                onOpen={onOpen}
                onStartRename={setRenamingId}
                onRename={onRename}
                onCancelRename={onCancelRename}
                onDelete={setDeletingId}
                onPin={onPin}
                onMove={onMove}
              />
            );
          })}
        </div>
      </div>
      {/* Below the rows found so far, so they do not move when it goes. */}
      {matching.length > 0 && finding && findingNote}
      <p id={hintId} className="session-keys-hint">
        {t('sidebar.keysHint')}
      </p>
      {deleting && <DeleteDialog summary={deleting} onClose={onCloseDelete} />}
      <MoveMenu />
    </>
  );
}
