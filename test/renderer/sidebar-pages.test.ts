// The work of one page of a start's list, counted: a page that continues the sidebar is appended (no sort of all the
// sessions listed so far), and its sections are found with a time-zone lookup per month, not per session. Anything
// else goes through the full merge, with the same result.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionSummary } from '../../src/shared/sessions';
import { groupOf, withGroupHeadings } from '../../src/renderer/src/store/sessionGroups';
import { appendedPage, mergeListed, sortSummaries } from '../../src/renderer/src/store/sessionList';
import { withListed } from '../../src/renderer/src/store/startList';

const HOUR = 3_600_000;
const NOW = new Date(2026, 11, 1, 12).getTime();

function summary(id: string, updatedAt: number, extra: Partial<SessionSummary> = {}): SessionSummary {
  return { id, name: `Session ${id}`, createdAt: 1, updatedAt, messageCount: 3, model: 'm', isStreaming: false, pinned: false, ...extra };
}

/** `count` sessions, newest first, one every `step` ms back from NOW. */
function newestFirst(count: number, step: number, from = 0): SessionSummary[] {
  return Array.from({ length: count }, (_, i) => summary(`s${from + i}`, NOW - (from + i) * step));
}

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

afterEach(() => vi.restoreAllMocks());

describe('a page of the start list', () => {
  it('that continues the sidebar is appended: no sort, the same sessions in the same order as the merge', () => {
    const shown = newestFirst(9_500, HOUR);
    const page = newestFirst(500, HOUR, 9_500);
    const expected = mergeListed(page, shown, []);
    const sort = vi.spyOn(Array.prototype, 'sort');
    const result = withListed(shown, page);
    expect(sort).not.toHaveBeenCalled();
    expect(result).toEqual(expected);
    expect(result.length).toBe(10_000);
    expect(result[9_499]).toBe(shown[9_499]);
    expect(result[9_500]).toBe(page[0]);
  });

  it('that does not simply continue it goes through the merge: a session shown already, one out of place, a tie', () => {
    const shown = newestFirst(5, HOUR);
    const streaming = { ...shown[4]!, isStreaming: true };
    const withStreaming = [...shown.slice(0, 4), streaming];
    const cases: [SessionSummary[], SessionSummary[]][] = [
      // s4 is shown streaming and comes again in the page: it keeps its streaming state.
      [withStreaming, [summary('s4', NOW - 4 * HOUR), summary('s9', NOW - 9 * HOUR)]],
      // A session newer than the last one shown (it was active meanwhile).
      [shown, [summary('late', NOW - HOUR / 2), summary('s9', NOW - 9 * HOUR)]],
      // The same activity time as the last one shown: the merge's stable order settles it.
      [shown, [summary('tie', NOW - 4 * HOUR)]],
      // A page not in order by itself.
      [shown, [summary('a', NOW - 9 * HOUR), summary('b', NOW - 8 * HOUR)]],
    ];
    for (const [list, page] of cases) {
      expect(appendedPage(list, page)).toBeUndefined();
      expect(withListed(list, page)).toEqual(mergeListed(page, list, []));
    }
    expect(withListed(withStreaming, cases[0]![1]).find((s) => s.id === 's4')?.isStreaming).toBe(true);
  });

  it('always gives what the merge gives (300 random lists and pages, pins and ties included)', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const make = (prefix: string, count: number) =>
        Array.from({ length: count }, (_, i) =>
          summary(`${next() < 0.2 ? 'x' : prefix}${Math.floor(next() * 40)}-${i}`, Math.floor(next() * 20), { pinned: next() < 0.1 }),
        );
      // The sidebar is always in order; a page usually is (main's order), but need not be.
      const shown = sortSummaries(make('s', Math.floor(next() * 12)));
      const rawPage = make('p', Math.floor(next() * 6));
      const page = next() < 0.5 ? sortSummaries(rawPage) : rawPage;
      expect(withListed(shown, page)).toEqual(mergeListed(page, shown, []));
    }
  });

  it('an empty page changes nothing (the same array)', () => {
    const shown = newestFirst(3, HOUR);
    expect(withListed(shown, [])).toBe(shown);
  });
});

describe('the sidebar sections of 10,000 sessions', () => {
  it('read a local month once per month, not once per session', () => {
    // Ten thousand sessions, one every 1.5 hours: about 21 months back, most of them older than 30 days.
    const sessions = newestFirst(10_000, 1.5 * HOUR);
    const getMonth = vi.spyOn(Date.prototype, 'getMonth');
    const rows = withGroupHeadings(sessions, NOW);
    const months = new Set(rows.flatMap((row) => (row.kind === 'group' && /^\d{4}-\d{2}$/.test(row.key) ? [row.key] : [])));
    expect(months.size).toBeGreaterThan(18);
    expect(getMonth.mock.calls.length).toBeLessThanOrEqual(months.size);
    expect(rows.filter((row) => row.kind === 'session')).toHaveLength(10_000);
  });

  it('are the month of each session in local time, in any order (month edges, pins, a list out of order)', () => {
    const next = random(11);
    const at = (year: number, month: number, day: number, hour = 0) => new Date(year, month, day, hour).getTime();
    const edges = [at(2026, 9, 1), at(2026, 9, 1) - 1, at(2026, 0, 1), at(2026, 0, 1) - 1, at(2025, 2, 30, 2), at(2025, 9, 26, 1)];
    const times = [...edges, ...Array.from({ length: 200 }, () => NOW - Math.floor(next() * 800 * 24 * HOUR))];
    const shuffled = times.map((time, i) => summary(`s${i}`, time, { pinned: next() < 0.05 }));
    for (const list of [shuffled, [...shuffled].sort((a, b) => b.updatedAt - a.updatedAt)]) {
      const rows = withGroupHeadings(list, NOW);
      let section = '';
      for (const row of rows) {
        if (row.kind === 'group') section = row.key;
        else expect([row.summary.id, section]).toEqual([row.summary.id, expectedGroup(row.summary, NOW)]);
      }
    }
    expect(groupOf(summary('edge', at(2026, 9, 1) - 1), NOW)).toBe('2026-09');
    expect(groupOf(summary('edge', at(2026, 9, 1)), NOW)).toBe('2026-10');
  });
});

/** The section as the sidebar defines it, worked out the plain way for one session. */
function expectedGroup(s: SessionSummary, now: number): string {
  if (s.pinned) return 'pinned';
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const day = 24 * HOUR;
  const start = today.getTime();
  if (s.updatedAt >= start) return 'today';
  if (s.updatedAt >= start - day) return 'yesterday';
  if (s.updatedAt >= start - 7 * day) return 'week';
  if (s.updatedAt >= start - 30 * day) return 'month';
  const date = new Date(s.updatedAt);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}
