// Data folders for the history section: `chats` chats × 50 messages (25 questions and answers) of mixed English and
// Chinese text, written in the app's own session format, the same every run (a seeded generator). Kept between runs
// under the temp folder (keyed by size and generator version); the section copies nothing, it deletes the derived
// database where it measures a rebuild.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyUsage, type Message } from '../src/shared/messages.js';
import { DATABASE_FILE } from '../src/main/derived/database.js';
import { serializeLines, type FileLine, type SessionHeader } from '../src/main/sessions/store/session-file.js';

/** Bump when what is generated changes: older folders are generated again. */
const GENERATOR_VERSION = 1;
export const MESSAGES_PER_CHAT = 50;

/** A small deterministic generator, so every run has the same text. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'dra', 'vor', 'sil', 'um', 'pe', 'rix', 'no', 'sha', 'tu', 'ble', 'gan', 'zo'];
export const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理';

/** The vocabulary: 6,000 made-up words, so queries hit a few hundred messages rather than all of them. */
export function vocabulary(): string[] {
  const random = prng(42);
  return Array.from({ length: 6_000 }, () => {
    let word = '';
    for (let n = 2 + Math.floor(random() * 3); n > 0; n--) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    return word;
  });
}

function text(random: () => number, words: readonly string[], target: number): string {
  const chinese = random() < 0.3;
  let out = '';
  while (out.length < target) {
    if (chinese) out += HAN[Math.floor(random() * HAN.length)]! + HAN[Math.floor(random() * HAN.length)]! + (random() < 0.1 ? '，' : '');
    else out += words[Math.floor(random() * words.length)] + ' ';
  }
  return out;
}

/** The id of chat number `index` (a valid session id). */
export function chatId(index: number): string {
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

function chatFile(index: number, random: () => number, words: readonly string[]): string {
  const id = chatId(index);
  const base = 1_700_000_000_000 + index * 60_000;
  const header: SessionHeader = {
    type: 'session',
    version: 1,
    id,
    createdAt: base,
    systemPrompt: 'You are Tiny Agent, a concise and friendly AI assistant.',
    model: 'fake-model',
  };
  const lines: FileLine[] = [header];
  let parentId: string | null = null;
  for (let turn = 0; turn < MESSAGES_PER_CHAT / 2; turn++) {
    const runId = `r${turn}`;
    const at = base + turn * 1_000;
    const messages: Message[] = [
      { role: 'user', content: text(random, words, 80), timestamp: at },
      {
        role: 'assistant',
        content: [{ type: 'text', text: text(random, words, 260) }],
        model: 'fake-model',
        usage: emptyUsage(),
        stopReason: 'stop',
        timestamp: at + 1,
      },
    ];
    messages.forEach((message, i) => {
      const entryId = `${runId}-${i}`;
      lines.push({ type: 'message', id: entryId, parentId, runId, timestamp: at, message });
      parentId = entryId;
    });
    lines.push({ type: 'commit', runId, count: 2, timestamp: at + 2 });
  }
  return serializeLines(lines);
}

/** A data folder holding `chats` generated chats (generated on first use, then reused); returns its path. */
export function historyFolder(chats: number): string {
  const dir = path.join(os.tmpdir(), 'tiny-agent-bench-history', `v${GENERATOR_VERSION}-${chats}`);
  const sessions = path.join(dir, 'sessions');
  const done = path.join(dir, '.complete');
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(sessions, { recursive: true });
  const random = prng(chats);
  const words = vocabulary();
  for (let index = 1; index <= chats; index++)
    fs.writeFileSync(path.join(sessions, `${chatId(index)}.jsonl`), chatFile(index, random, words));
  fs.writeFileSync(done, '');
  return dir;
}

/** Removes what the app derived from the files (the database, the old index files), as a first start would find it. */
export function forgetDerived(dir: string): void {
  for (const name of [
    DATABASE_FILE,
    `${DATABASE_FILE}-wal`,
    `${DATABASE_FILE}-shm`,
    'search-index.json',
    'sessions/index.json',
    'ui-state.json',
  ])
    fs.rmSync(path.join(dir, name), { force: true });
}
