// The order of the session list, shared by main (which lists) and the window (which takes the list in pages): pinned
// first, then newest activity, then newest created, then by id. A total order, so a cursor names one place in it and
// a page "after" it neither repeats nor skips a session, whatever changed meanwhile (changes arrive as events).
import type { SessionSummary } from './sessions.js';

/** A place in the order: the sort key of the last session a page held. */
export type SessionCursor = Pick<SessionSummary, 'id' | 'pinned' | 'updatedAt' | 'createdAt'>;

/** Negative when `a` is listed before `b`. */
export function compareSessions(a: SessionCursor, b: SessionCursor): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    b.updatedAt - a.updatedAt ||
    b.createdAt - a.createdAt ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function cursorOf(summary: SessionCursor): SessionCursor {
  return { id: summary.id, pinned: summary.pinned, updatedAt: summary.updatedAt, createdAt: summary.createdAt };
}

/** Where the sessions listed after `cursor` start in `sorted` (binary search: a page costs the same at any depth). */
export function indexAfter(sorted: readonly SessionCursor[], cursor: SessionCursor): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareSessions(sorted[middle]!, cursor) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
