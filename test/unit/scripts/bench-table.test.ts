// The README's benchmark table is one run's figures with targets, written between its markers and nowhere else.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchTable, writeReadmeTable } from '../../../bench/readme-table.js';
import { createReporter } from '../../../bench/report.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('bench table', () => {
  it('lists each figure with a target, met or missed, in the order printed; figures without one stay out', () => {
    const printed: string[] = [];
    const report = createReporter((line) => printed.push(line));
    report.figure('paging.open_ttfp_ratio', 1.234, '×', { max: 1.3 });
    report.figure('paging.open_20000_ttfp', 116.6, 'ms');
    report.figure('peers.same-text', 0, 'bool', { min: 1 });
    const table = benchTable(report.targeted, ['paging', 'peers'], new Date('2026-11-30T21:05:00Z'));
    expect(table.split('\n').slice(3)).toEqual([
      '| Figure | Value | Target | |',
      '|---|---|---|---|',
      '| `paging.open_ttfp_ratio` | 1.234 × | ≤ 1.3 | met |',
      '| `peers.same-text` | 0 bool | ≥ 1 | missed |',
    ]);
    expect(table).toContain('(sections: paging, peers), 2026-11-30 21:05 UTC');
    expect(report.failed).toEqual(['peers.same-text']);
  });

  it('replaces only what is between the markers, and refuses a README without them', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
    const readme = join(dir, 'README.md');
    writeFileSync(readme, 'before\n<!-- bench-table:start -->\nold table\n<!-- bench-table:end -->\nafter\n');
    writeReadmeTable('| new |', readme);
    expect(readFileSync(readme, 'utf8')).toBe('before\n<!-- bench-table:start -->\n| new |\n<!-- bench-table:end -->\nafter\n');
    writeFileSync(readme, 'no markers\n');
    expect(() => writeReadmeTable('| new |', readme)).toThrow('markers');
    expect(readFileSync(readme, 'utf8')).toBe('no markers\n');
  });
});
