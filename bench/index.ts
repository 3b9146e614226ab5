// `npm run bench`: every section in one run; exits non-zero when a ratio target is missed.
import { benchTable, writeReadmeTable } from './readme-table.js';
import { createReporter, type Reporter } from './report.js';

type Section = { name: string; load: () => Promise<{ run(report: Reporter): Promise<void> }> };

const sections: Section[] = [
  { name: 'agent', load: () => import('./agent.js') },
  { name: 'sessions', load: () => import('./sessions.js') },
  { name: 'markdown', load: () => import('./markdown.js') },
  { name: 'ui', load: () => import('./ui.js') },
  { name: 'paging', load: () => import('./paging.js') },
  { name: 'search', load: () => import('./search.js') },
  { name: 'history', load: () => import('./history.js') },
  { name: 'peers', load: () => import('./peers.js') },
  { name: 'mcp', load: () => import('./mcp.js') },
  { name: 'compare', load: () => import('./compare.js') },
  { name: 'knowledge', load: () => import('./knowledge.js') },
];

const args = process.argv.slice(2);
// `--readme`: this run's figures with a target replace the README's benchmark table (bench/readme-table.ts).
const updateReadme = args.includes('--readme');
const only = args.filter((arg) => arg !== '--readme');
const report = createReporter();
const ran: string[] = [];
for (const section of sections) {
  if (only.length && !only.includes(section.name)) continue;
  report.note(`section ${section.name}`);
  await (await section.load()).run(report);
  ran.push(section.name);
}
if (updateReadme) writeReadmeTable(benchTable(report.targeted, ran));
if (report.failed.length) {
  console.error(`bench: targets missed: ${report.failed.join(', ')}`);
  process.exit(1);
}
