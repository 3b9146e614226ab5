// How a start fills the sidebar: first one screenful of sessions in sidebar order (pins first), so the first paint
// costs the same with 10,000 sessions as with a handful; the whole list once that is painted; and only then main hears
// the window has painted, so its background work (checking the sessions folder, loading the search snapshot) never
// competes with the first paint.
import type { SessionSummary } from '../../../shared/sessions';
import { mergeListed } from './sessionList';

/** Sessions in the first list: a tall window's sidebar (rows are 40 px) with room to scroll before the rest lands. */
export const FIRST_LIST_ROWS = 100;

/** Resolves once the next frame has been painted (the task after the frame's paint). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A list answered by main joined with what the sidebar holds: what the sidebar got meanwhile (a batch from a
 * rebuild, a session created, renamed or answered) is newer than the list and wins; the rest comes from the list.
 */
export function withListed(shown: readonly SessionSummary[], listed: readonly SessionSummary[]): SessionSummary[] {
  return mergeListed(listed, shown, []);
}
