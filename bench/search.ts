// Search at scale: index 10,000 sessions × 50 messages (about 100 MB of mixed English and Chinese text) in the
// derived database's search tables (a real SQLite file, as the worker holds it), then measure the build, the
// database's size, query CPU against a linear scan of the same (pre-folded) text, and the cost of a commit's index
// update with 10 vs 10,000 sessions indexed. (The history section measures the same through the whole app.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import v8 from 'node:v8';
import vm from 'node:vm';
import { foldText } from '../src/shared/fold.js';
import { emptyUsage, type Message } from '../src/shared/messages.js';
import { SearchTables, type IndexableEntry } from '../src/main/derived/search-tables.js';
import type { Reporter } from './report.js';

const SESSIONS = Number(process.env.BENCH_SEARCH_SESSIONS ?? 10_000);
const MESSAGES = 50;
const QUERIES = 200;

/** A small deterministic generator, so every run indexes the same text. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(42);
const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'dra', 'vor', 'sil', 'um', 'pe', 'rix', 'no', 'sha', 'tu', 'ble', 'gan', 'zo'];
const WORDS = Array.from({ length: 6_000 }, () => {
  let word = '';
  for (let n = 2 + Math.floor(random() * 3); n > 0; n--) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return word;
});
const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理';
const hanAt = () => HAN[Math.floor(random() * HAN.length)]!;

function message(i: number, role: 'user' | 'assistant'): Message {
  const chinese = random() < 0.3;
  let text = '';
  const target = role === 'user' ? 80 : 260;
  while (text.length < target)
    text += chinese ? hanAt() + hanAt() + (random() < 0.1 ? '，' : '') : WORDS[Math.floor(random() * WORDS.length)] + ' ';
  if (role === 'user') return { role, content: text, timestamp: i };
  return { role, content: [{ type: 'text', text }], model: 'm', usage: emptyUsage(), stopReason: 'stop', timestamp: i };
}

function session(s: number): IndexableEntry[] {
  return Array.from({ length: MESSAGES }, (_, i) => ({
    id: `m${i}`,
    timestamp: s * 1000 + i,
    message: message(i, i % 2 ? 'assistant' : 'user'),
  }));
}

const gc: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

/** Search tables in a fresh database file, configured as the worker configures its own. */
function openTables(dir: string, name: string): SearchTables {
  const db = new DatabaseSync(path.join(dir, name));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  return new SearchTables(db);
}

const FILE = { size: 0, mtimeMs: 0 };

/** CPU time of this process in ms: on a machine shared with other work, wall time measures the neighbours too. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function textOf(entry: IndexableEntry): string {
  const { message } = entry;
  if (message.role === 'user') return typeof message.content === 'string' ? message.content : '';
  return message.role === 'assistant' ? message.content.map((part) => (part.type === 'text' ? part.text : '')).join('') : '';
}

/** Sessions the commits go to: the same few whatever the index holds, so both sides do exactly the same commits. */
const COMMIT_SESSIONS = 10;

/** The branches of the sessions commits go to, as `index` holds them (ids are what it compares). */
function commitBranches(): Map<number, IndexableEntry[]> {
  return new Map(Array.from({ length: COMMIT_SESSIONS }, (_, s) => [s, session(s)]));
}

/**
 * Fifty commits, each adding one run (question + answer) to one of the first COMMIT_SESSIONS sessions' branches, as a
 * send does; returns the ms per commit. Wall time on the main thread, after a full collection: process CPU time would
 * also count the collector's helper threads, which work on the whole heap in parallel and block nothing.
 */
function commitCost(index: SearchTables, branches: Map<number, IndexableEntry[]>, round: number): number {
  const runs = 50;
  const commits = Array.from({ length: runs }, (_, r) => {
    const s = r % COMMIT_SESSIONS;
    const branch = [
      ...branches.get(s)!,
      { id: `extra-${round}-${r}-u`, timestamp: 0, message: message(0, 'user') },
      { id: `extra-${round}-${r}-a`, timestamp: 0, message: message(1, 'assistant') },
    ];
    branches.set(s, branch);
    return { id: `s${s}`, branch };
  });
  gc();
  const started = performance.now();
  for (const { id, branch } of commits) index.setBranch(id, id, branch, FILE);
  return (performance.now() - started) / runs;
}

/** Median ms per commit with 10 and with all sessions indexed, measured in alternating rounds so load on the machine
 *  falls on both alike. The same commits on both sides: only the size of the index differs. */
function commitCosts(small: SearchTables, large: SearchTables): { small: number; large: number } {
  const smallBranches = commitBranches();
  const largeBranches = commitBranches();
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let round = 0; round < 15; round++) {
    smallTimes.push(commitCost(small, smallBranches, round));
    largeTimes.push(commitCost(large, largeBranches, round));
  }
  return { small: percentile(smallTimes, 50), large: percentile(largeTimes, 50) };
}

export async function run(report: Reporter): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiny-bench-search-'));
  const index = openTables(dir, 'large.sqlite');
  const corpus: string[] = [];
  let chars = 0;
  let built = 0;
  for (let s = 0; s < SESSIONS; s++) {
    const branch = session(s);
    for (const entry of branch) {
      const folded = foldText(textOf(entry));
      corpus.push(folded);
      chars += folded.length;
    }
    const started = cpuMs();
    index.setBranch(`s${s}`, `s${s}`, branch, FILE);
    built += cpuMs() - started;
  }
  const databaseMb =
    ['', '-wal'].reduce(
      (sum, suffix) => sum + (fs.statSync(path.join(dir, `large.sqlite${suffix}`), { throwIfNoEntry: false })?.size ?? 0),
      0,
    ) / 1e6;
  report.figure(
    `search: index ${SESSIONS.toLocaleString('en')} sessions × ${MESSAGES} messages (${(chars / 1e6).toFixed(1)} M chars)`,
    built / 1000,
    's CPU',
  );
  report.figure('search: database file (text + terms + FTS5 index)', databaseMb, 'MB');

  const queryRandom = prng(7);
  const queries = Array.from({ length: QUERIES }, (_, i) => {
    if (i % 2) return WORDS[Math.floor(queryRandom() * WORDS.length)]!;
    return HAN[Math.floor(queryRandom() * HAN.length)]! + HAN[Math.floor(queryRandom() * HAN.length)]!;
  });
  const queryTimes: number[] = [];
  const scanTimes: number[] = [];
  for (const query of queries) {
    let started = cpuMs();
    index.search(query, { limit: 50, includeReasoning: false });
    queryTimes.push(cpuMs() - started);
    started = cpuMs();
    const needle = foldText(query);
    let found = 0;
    for (const text of corpus) if (text.includes(needle)) found++;
    scanTimes.push(cpuMs() - started + found * 0);
  }
  const p50 = percentile(queryTimes, 50);
  report.figure('search: query p50 (50 hits with snippets)', p50, 'ms CPU');
  report.figure('search: query p95', percentile(queryTimes, 95), 'ms CPU');
  report.figure('search: linear scan of the same text, p50', percentile(scanTimes, 50), 'ms CPU');
  report.figure('search: query p50 / linear scan p50', p50 / percentile(scanTimes, 50), '×', { max: 0.5 });

  const small = openTables(dir, 'small.sqlite');
  for (let s = 0; s < 10; s++) small.setBranch(`s${s}`, `s${s}`, session(s), FILE);
  const costs = commitCosts(small, index);
  report.figure('search: commit index update with 10 sessions indexed (median)', costs.small, 'ms');
  report.figure(`search: commit index update with ${SESSIONS.toLocaleString('en')} sessions indexed (median)`, costs.large, 'ms');
  report.figure(`search: commit update ratio (${SESSIONS.toLocaleString('en')} vs 10 sessions)`, costs.large / costs.small, '×', {
    max: 1.2,
  });
  fs.rmSync(dir, { recursive: true, force: true });
}
