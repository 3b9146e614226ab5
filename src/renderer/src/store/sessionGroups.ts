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
  if (summary.pinned) return 'pinned';
  const today = startOfDay(now);
  const at = summary.updatedAt;
  if (at >= today) return 'today';
  if (at >= today - DAY) return 'yesterday';
  if (at >= today - 7 * DAY) return 'week';
  if (at >= today - 30 * DAY) return 'month';
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The summaries (already in sidebar order) with a heading row before each section. */
export function withGroupHeadings(summaries: readonly SessionSummary[], now: number): SidebarRow[] {
  const rows: SidebarRow[] = [];
  let current: GroupKey | undefined;
  for (const summary of summaries) {
    const key = groupOf(summary, now);
    if (key !== current) {
      rows.push({ kind: 'group', key });
      current = key;
    }
    rows.push({ kind: 'session', summary });
  }
  return rows;
}
