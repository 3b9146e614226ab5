// The derived worker: owns the derived database (node:sqlite is synchronous, so it runs here, never on main) and
// answers main's requests one at a time, in order (derived/protocol.ts). A database found damaged while in use is
// started afresh and main is told (`reset`), so it sends again what only it knows.
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import { checkCapabilities, isDamage, openDatabase, removeDatabase, type OpenState } from '../derived/database.js';
import { createIndexTables, IndexTables } from '../derived/index-tables.js';
import type { DerivedCalls, DerivedFailure, DerivedRequestMessage, DerivedWorkerData, DerivedWorkerMessage } from '../derived/protocol.js';
import { createSearchTables, SearchTables } from '../derived/search-tables.js';
import { SearchUpkeep } from '../derived/search-upkeep.js';
import { createKnowledgeTables, KnowledgeTables } from '../derived/knowledge-tables.js';

const port = parentPort!;
const { file, sessionsDir } = workerData as DerivedWorkerData;
const post = (message: DerivedWorkerMessage) => port.postMessage(message);
const log = (message: string) => post({ kind: 'log', message });

interface Open {
  db: DatabaseSync;
  index: IndexTables;
  search: SearchTables;
  knowledge: KnowledgeTables;
}

let current: Open | undefined;
let upkeep: SearchUpkeep | undefined;
let resets = 0;

function open(): { state: OpenState } {
  const { db, state } = openDatabase(file, (db) => {
    createIndexTables(db);
    createSearchTables(db);
    createKnowledgeTables(db);
  });
  current = { db, index: new IndexTables(db), search: new SearchTables(db), knowledge: new KnowledgeTables(db) };
  return { state };
}

/** Starts the database afresh after damage found in use. */
function reset(error: unknown): void {
  log(`the database is damaged (${String(error)}); starting it afresh`);
  resets += 1;
  try {
    current?.db.close();
  } catch {
    // It is being thrown away.
  }
  removeDatabase(file);
  open();
  upkeep!.replaceTables(current!.search);
  post({ kind: 'reset' });
}

function failure(error: unknown): DerivedFailure {
  const message = String((error as { message?: unknown })?.message ?? error);
  // Named as Node names errno codes, so main's storage wording applies.
  const code = /disk is full|SQLITE_FULL/i.test(message)
    ? 'ENOSPC'
    : /readonly|read-only/i.test(message)
      ? 'EROFS'
      : /unable to open|permission|access/i.test(message)
        ? 'EACCES'
        : undefined;
  return { message, ...(code && { code }) };
}

const handlers: {
  [K in keyof DerivedCalls]: (args: DerivedCalls[K]['request']) => DerivedCalls[K]['reply'] | Promise<DerivedCalls[K]['reply']>;
} = {
  'index.load': ({ after, limit }) => current!.index.load(after, limit),
  'index.save': ({ upserts, removed }) => {
    current!.index.save(upserts, removed);
    return null;
  },
  'search.sync': ({ sessions }) => upkeep!.sync(sessions),
  'search.changed': ({ id }) => {
    upkeep!.changed(id);
    return null;
  },
  'search.removed': ({ id }) => {
    upkeep!.removed(id);
    return null;
  },
  'search.query': ({ query, limit, includeReasoning, within }) => {
    const before = process.threadCpuUsage();
    const hits = current!.search.search(query, { limit, includeReasoning, ...(within && { within }) });
    const titles = current!.search.titles(query, limit, within);
    const spent = process.threadCpuUsage(before);
    return { hits, titles, indexing: upkeep!.pending > 0, cpuMs: (spent.user + spent.system) / 1000 };
  },
  'search.idle': async () => {
    await upkeep!.idle();
    return null;
  },
  stats: () => ({
    sessionFilesRead: upkeep!.sessionFilesRead,
    sessionFilesStatted: upkeep!.sessionFilesStatted,
    messagesTokenized: current!.search.tokenized,
    messagesIndexed: current!.search.messageCount,
    pending: upkeep!.pending,
    resets,
    cpuMs: ((usage) => (usage.user + usage.system) / 1000)(process.threadCpuUsage()),
    heapBytes: process.memoryUsage().heapUsed,
  }),
  checkpoint: () => {
    current!.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return null;
  },
  'knowledge.files': ({ kbId }) => [...current!.knowledge.files(kbId)],
  'knowledge.setFile': ({ kbId, path, state, chunks, vectors }) => {
    current!.knowledge.setFile(kbId, path, state, chunks, vectors);
    return null;
  },
  'knowledge.removeFile': ({ kbId, path }) => {
    current!.knowledge.removeFile(kbId, path);
    return null;
  },
  'knowledge.remove': ({ kbId }) => {
    current!.knowledge.removeKnowledgeBase(kbId);
    return null;
  },
  'knowledge.retrieve': (options) => current!.knowledge.retrieve(options),
  'knowledge.count': ({ kbId }) => current!.knowledge.chunkCount(kbId),
  close: () => {
    upkeep?.stop();
    current?.db.close();
    current = undefined;
    setImmediate(() => port.close());
    return null;
  },
};

async function handle(message: DerivedRequestMessage): Promise<void> {
  const run = handlers[message.call] as (args: unknown) => unknown;
  for (let attempt = 0; ; attempt++) {
    try {
      if (!current) throw new Error('the database is closed');
      post({ kind: 'reply', id: message.id, ok: true, value: await run(message.args) });
      return;
    } catch (error) {
      if (attempt === 0 && current && isDamage(error)) {
        reset(error);
        // What was asked is asked again of the fresh database (a save lands there; a query finds less).
        continue;
      }
      post({ kind: 'reply', id: message.id, ok: false, error: failure(error) });
      return;
    }
  }
}

function start(): void {
  try {
    checkCapabilities();
  } catch (error) {
    const detail = String((error as { message?: unknown })?.message ?? error);
    post({ kind: 'ready', available: false, reason: /fts5/i.test(detail) ? 'fts5' : 'sqlite', detail });
    return;
  }
  let state: OpenState;
  try {
    ({ state } = open());
  } catch (error) {
    post({ kind: 'ready', available: false, reason: 'open', detail: String((error as { message?: unknown })?.message ?? error) });
    return;
  }
  upkeep = new SearchUpkeep(current!.search, sessionsDir, log);
  upkeep.onFailure = (error) => {
    if (isDamage(error)) reset(error);
  };
  port.on('message', (message: DerivedRequestMessage) => void handle(message));
  post({ kind: 'ready', available: true, state });
}

start();
