// How a start fills the sidebar: first one screenful of sessions in sidebar order (pins first), so the first paint
// costs the same with 10,000 sessions as with a handful; the rest once that is painted, page by page, so no task of
// the window after that paint grows with the number of sessions either; and only then main hears the window has
// painted, so its background work (checking the sessions folder, rebuilding a missing index, loading the search
// snapshot) never competes with the first paint.
import type { IpcError } from '../../../shared/errors';
import type { TinyAgentApi } from '../../../shared/ipc';
import { cursorOf } from '../../../shared/session-order';
import type { SessionSummary } from '../../../shared/sessions';
import { appendedPage, mergeListed } from './sessionList';

/** Sessions in the first list: a tall window's sidebar (rows are 40 px) with room to scroll before the rest lands. */
export const FIRST_LIST_ROWS = 100;

/**
 * Sessions per page of the rest: one answer from main and one update of the sidebar each, 2-10 ms of the window's
 * own work at any length (a page is appended, see `appendedPage`). Smaller pages keep each answer's delivery short
 * too: with 500 a task of the window after its first paint still passed 50 ms now and then.
 */
export const LIST_PAGE_ROWS = 250;

/**
 * Takes the sessions listed after `last` (all of them without `last`) from `list` (main's `listFirstSessions`), page by
 * page, handing each page to `take` as it arrives; the window renders between pages. Ends at the first short page, or
 * at a failure, which it returns.
 */
export async function takeRestOfList(
  list: TinyAgentApi['listFirstSessions'],
  last: SessionSummary | undefined,
  take: (page: SessionSummary[]) => void,
): Promise<IpcError | undefined> {
  let after = last && cursorOf(last);
  for (;;) {
    const page = await list({ limit: LIST_PAGE_ROWS, ...(after && { after }) });
    if (!page.ok) return page.error;
    take(page.value.sessions);
    const end = page.value.sessions.at(-1);
    if (page.value.sessions.length < LIST_PAGE_ROWS || !end) return undefined;
    after = cursorOf(end);
  }
}

/** Resolves once the next frame has been painted (the task after the frame's paint). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A list answered by main joined with what the sidebar holds: what the sidebar got meanwhile (a batch from a
 * rebuild, a session created, renamed or answered) is newer than the list and wins; the rest comes from the list.
 */
export function withListed(shown: readonly SessionSummary[], listed: readonly SessionSummary[]): SessionSummary[] {
  return appendedPage(shown, listed) ?? mergeListed(listed, shown, []);
}
