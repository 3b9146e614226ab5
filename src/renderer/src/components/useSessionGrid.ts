// The keyboard model of the sidebar's chat list, an ARIA grid with one Tab stop (roving tabindex):
//   Up / Down            the previous / next chat (headings are skipped), on its title
//   Home / End           the first / last chat;  Page Up / Page Down  ten chats up / down
//   Right / Left         along the row: title → pin → rename → delete, and back
//   Enter / Space        what the cell does (the title opens the chat)
//   F2 / Delete          rename / delete the chat in focus
// The list is virtualized, so moving to a row first scrolls it into view and focuses it once it is rendered.
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** Cells of a chat row: title, pin, rename, delete. */
export const SESSION_COLUMNS = 5;
const PAGE = 10;

export interface GridCell {
  id: string;
  column: number;
}

interface Options {
  /** Session id of each list row, or null for a heading. */
  rowIds: readonly (string | null)[];
  /** The open chat: the Tab stop until the person moves it. */
  currentId: string | null;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  onRename: (id: string) => void;
  onDelete: (id: string) => void;
}

export interface SessionGrid {
  /** The cell holding the Tab stop, among the rows now rendered. */
  tabCell(rendered: readonly string[]): GridCell | null;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onFocus(event: FocusEvent<HTMLElement>): void;
  /**
   * Puts focus back on a chat's title (after renaming), or on its neighbour if it is gone (after deleting). Unless
   * `always`, it does not when the person has meanwhile put focus elsewhere (left a rename by clicking away).
   */
  refocus(id: string, always?: boolean): void;
}

const cellOf = (element: HTMLElement): GridCell | null => {
  const column = Number(element.dataset.column);
  const id = element.closest<HTMLElement>('[data-session-id]')?.dataset.sessionId;
  return Number.isInteger(column) && id !== undefined ? { id, column } : null;
};

export function useSessionGrid({ rowIds, currentId, virtualizer, scrollRef, onRename, onDelete }: Options): SessionGrid {
  const [active, setActive] = useState<GridCell | null>(null);
  /** A cell to focus once it is rendered (after a key moved the Tab stop there). */
  const pending = useRef<(GridCell & { always: boolean }) | null>(null);
  /** Where each chat was among the chats, so a deleted one's neighbour can take focus. */
  const sessionIds = useMemo(() => rowIds.filter((id): id is string => id !== null), [rowIds]);
  const lastIndex = useRef(new Map<string, number>());
  useEffect(() => {
    // Entries of chats now gone stay: their last place is what `refocus` needs.
    sessionIds.forEach((id, i) => lastIndex.current.set(id, i));
  }, [sessionIds]);

  const target = useMemo<GridCell | null>(() => {
    if (active && sessionIds.includes(active.id)) return active;
    const id = currentId !== null && sessionIds.includes(currentId) ? currentId : sessionIds[0];
    return id === undefined ? null : { id, column: 0 };
  }, [active, currentId, sessionIds]);

  const latestRows = useRef(rowIds);
  latestRows.current = rowIds;
  const moveTo = useCallback(
    (cell: GridCell, always = false) => {
      setActive(cell);
      pending.current = { ...cell, always };
      const row = latestRows.current.indexOf(cell.id);
      if (row >= 0) virtualizer.scrollToIndex(row, { align: 'auto' });
    },
    [virtualizer],
  );

  // After each render: focus the pending cell once it exists — unless the person has put focus elsewhere meanwhile.
  useEffect(() => {
    const cell = pending.current;
    const list = scrollRef.current;
    if (!cell || !list) return;
    const focused = document.activeElement;
    if (!cell.always && focused && focused !== document.body && !list.contains(focused)) {
      pending.current = null;
      return;
    }
    const element = list.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(cell.id)}"] [data-column="${cell.column}"]`);
    // Not rendered yet (scrolling there), or disabled while a rename or delete is saved: the next render tries again.
    element?.focus();
    if (element && document.activeElement === element) pending.current = null;
  });

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLElement)) return;
      const cell = cellOf(event.target);
      if (!cell) return;
      const at = sessionIds.indexOf(cell.id);
      const row = (index: number) => ({ id: sessionIds[Math.max(0, Math.min(sessionIds.length - 1, index))]!, column: 0 });
      const moves: Record<string, () => void> = {
        ArrowDown: () => moveTo(row(at + 1)),
        ArrowUp: () => moveTo(row(at - 1)),
        Home: () => moveTo(row(0)),
        End: () => moveTo(row(sessionIds.length - 1)),
        PageDown: () => moveTo(row(at + PAGE)),
        PageUp: () => moveTo(row(at - PAGE)),
        ArrowRight: () => moveTo({ id: cell.id, column: Math.min(SESSION_COLUMNS - 1, cell.column + 1) }),
        ArrowLeft: () => moveTo({ id: cell.id, column: Math.max(0, cell.column - 1) }),
        F2: () => onRename(cell.id),
        Delete: () => onDelete(cell.id),
      };
      const move = moves[event.key];
      if (!move || event.shiftKey) return;
      event.preventDefault();
      move();
    },
    [sessionIds, moveTo, onRename, onDelete],
  );

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const cell = event.target instanceof HTMLElement ? cellOf(event.target) : null;
    if (cell) setActive((previous) => (previous?.id === cell.id && previous.column === cell.column ? previous : cell));
  }, []);

  // Called from callbacks made before the list changed (a delete dialog closes after its chat is gone): reads the
  // latest chats, not the ones of the render that made it.
  const latestIds = useRef(sessionIds);
  latestIds.current = sessionIds;
  const refocus = useCallback(
    (id: string, always = false) => {
      const ids = latestIds.current;
      if (ids.includes(id)) return moveTo({ id, column: 0 }, always);
      const was = lastIndex.current.get(id);
      if (was === undefined || ids.length === 0) return;
      moveTo({ id: ids[Math.min(was, ids.length - 1)]!, column: 0 }, always);
    },
    [moveTo],
  );

  const tabCell = useCallback(
    (rendered: readonly string[]): GridCell | null => {
      if (!target) return null;
      if (rendered.includes(target.id)) return target;
      // The Tab stop's row scrolled out of the DOM: the first rendered chat keeps the list reachable by Tab.
      return rendered[0] === undefined ? null : { id: rendered[0], column: 0 };
    },
    [target],
  );

  return { tabCell, onKeyDown, onFocus, refocus };
}
