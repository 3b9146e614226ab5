// The sidebar's sections: pinned chats first, then by the day of their last activity — today, yesterday, the
// previous 7 and 30 days, then one section per month. Pure: `now` is passed in.
import type { SessionSummary } from '../../../shared/sessions';

/** `pinned`, `today`, `yesterday`, `week`, `month`, or a calendar month as `YYYY-MM`. */
export type GroupKey = string;

export type SidebarRow = { kind: 'group'; key: GroupKey } | { kind: 'session'; summary: SessionSummary };

const DAY = 24 * 60 * 60 * 1000;

function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

export function groupOf(summary: SessionSummary, now: number): GroupKey {
  return grouper(now)(summary);
}

/** The group of a summary for one `now`: the day boundaries are worked out once, not per summary. */
function grouper(now: number): (summary: SessionSummary) => GroupKey {
  const today = startOfDay(now);
  const bounds: [number, GroupKey][] = [
    [today, 'today'],
    [today - DAY, 'yesterday'],
    [today - 7 * DAY, 'week'],
    [today - 30 * DAY, 'month'],
  ];
  // The list comes newest first, so older summaries fall in the month just worked out: reading a date's local month
  // costs a time-zone lookup, once per month rather than once per summary (10,000 of them: 4-27 ms → under 1).
  let month = { from: Infinity, to: -Infinity, key: '' };
  return (summary) => {
    if (summary.pinned) return 'pinned';
    const at = summary.updatedAt;
    for (const [from, key] of bounds) if (at >= from) return key;
    if (at >= month.from && at < month.to) return month.key;
    const date = new Date(at);
    const year = date.getFullYear();
    const index = date.getMonth();
    month = {
      from: new Date(year, index, 1).getTime(),
      to: new Date(year, index + 1, 1).getTime(),
      key: `${year}-${String(index + 1).padStart(2, '0')}`,
    };
    return month.key;
  };
}

/** The summaries (already in sidebar order) with a heading row before each section. */
export function withGroupHeadings(summaries: readonly SessionSummary[], now: number): SidebarRow[] {
  const groupOfSummary = grouper(now);
  const rows: SidebarRow[] = [];
  let current: GroupKey | undefined;
  for (const summary of summaries) {
    const key = groupOfSummary(summary);
    if (key !== current) {
      rows.push({ kind: 'group', key });
      current = key;
    }
    rows.push({ kind: 'session', summary });
  }
  return rows;
}
