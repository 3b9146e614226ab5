// `npm run bench -- --readme`: the figures with a target of this run become the README's benchmark table, between its
// markers, with when and on what they were taken — so the table always holds one whole run, never a mix.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Figure } from './report.js';

const START = '<!-- bench-table:start -->';
const END = '<!-- bench-table:end -->';

/** The table (markdown) of `figures`, headed by the run's date, machine and load. */
export function benchTable(figures: readonly Figure[], sections: readonly string[], at = new Date()): string {
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  const rows = figures.map((f) => `| \`${f.name}\` | ${f.shown} ${f.unit} | ${f.target} | ${f.missed ? 'missed' : 'met'} |`);
  return [
    `One run of \`npm run bench\` (sections: ${sections.join(', ')}), ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC,`,
    `${cpus().length} cores, load average at the end ${load}. Figures without a target are printed by the bench only.`,
    '',
    '| Figure | Value | Target | |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Replaces what is between the README's markers with `table`; throws when the markers are missing. */
export function writeReadmeTable(table: string, readme = resolve(import.meta.dirname, '../README.md')): void {
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  writeFileSync(readme, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
}
