// What the search dialog lists, in order: the chats whose names match, then the matching messages grouped per chat
// (groups in the order of their best hit), at most GROUP_SHOWN hits of a chat until the person asks for all of them.
import type { SearchHit, SearchResponse, TitleHit } from '../../../shared/search';

/** Hits of one chat shown before "Show all". */
export const GROUP_SHOWN = 3;

export type SearchRow =
  | { kind: 'title'; title: TitleHit }
  | { kind: 'group'; sessionId: string; sessionName: string; count: number }
  | { kind: 'hit'; hit: SearchHit }
  | { kind: 'more'; sessionId: string; hidden: number };

/** The rows for `response`; `expanded` are the chats whose every hit is shown. Group rows are headings, not options. */
export function searchRows(response: Pick<SearchResponse, 'hits' | 'titles'>, expanded: ReadonlySet<string>): SearchRow[] {
  const rows: SearchRow[] = response.titles.map((title) => ({ kind: 'title', title }));
  const groups = new Map<string, SearchHit[]>();
  for (const hit of response.hits) {
    const group = groups.get(hit.sessionId);
    if (group) group.push(hit);
    else groups.set(hit.sessionId, [hit]);
  }
  for (const [sessionId, hits] of groups) {
    rows.push({ kind: 'group', sessionId, sessionName: hits[0]!.sessionName, count: hits.length });
    const shown = expanded.has(sessionId) ? hits : hits.slice(0, GROUP_SHOWN);
    for (const hit of shown) rows.push({ kind: 'hit', hit });
    if (shown.length < hits.length) rows.push({ kind: 'more', sessionId, hidden: hits.length - shown.length });
  }
  return rows;
}

/** Rows a person can choose (arrow keys, Enter, click): everything but the group headings. */
export function isOption(row: SearchRow): boolean {
  return row.kind !== 'group';
}
