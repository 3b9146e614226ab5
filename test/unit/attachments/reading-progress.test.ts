// What the window is told of a document being read: one report per whole percent at most, the last always, never backwards.
import { describe, expect, it } from 'vitest';
import { readingProgressReporter, type ReadingProgress } from '../../../src/main/attachments/reading-progress.js';

function run(reports: Array<[number, number]>): ReadingProgress[] {
  const told: ReadingProgress[] = [];
  const report = readingProgressReporter((progress) => told.push(progress));
  for (const [done, total] of reports) report(done, total);
  return told;
}

describe('readingProgressReporter', () => {
  it('passes every report of a 500-page PDF read ten pages at a time (each is a new percent)', () => {
    const reports = Array.from({ length: 50 }, (_, i): [number, number] => [(i + 1) * 10, 500]);
    expect(run(reports)).toEqual(reports.map(([done, total]) => ({ done, total })));
  });

  it('a 2,000-slide deck reported slide by slide is told 101 times: the first slide, then each whole percent, ending on the last', () => {
    const told = run(Array.from({ length: 2000 }, (_, i): [number, number] => [i + 1, 2000]));
    expect(told).toHaveLength(101);
    expect(told.slice(0, 3)).toEqual([
      { done: 1, total: 2000 },
      { done: 20, total: 2000 },
      { done: 40, total: 2000 },
    ]);
    expect(told.at(-1)).toEqual({ done: 2000, total: 2000 });
  });

  it('drops repeats, steps backwards, counts past the total and empty totals', () => {
    expect(
      run([
        [3, 10],
        [3, 10],
        [2, 10],
        [11, 10],
        [1, 0],
        [10, 10],
      ]),
    ).toEqual([
      { done: 3, total: 10 },
      { done: 10, total: 10 },
    ]);
  });
});
