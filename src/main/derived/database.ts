// Opening the derived database: one SQLite file in the data folder holding only what can be rebuilt from the session
// files (the sidebar's session index, the search index). Because it is a cache, anything wrong with it — missing,
// damaged, a schema this version does not know — is answered by starting it afresh, never by an error the person
// sees; what it held is rebuilt from the files. Runs in the derived worker (node:sqlite is synchronous).
import fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

/** Bump when a table changes shape: a database of another version is started afresh. */
export const SCHEMA_VERSION = 1;
export const DATABASE_FILE = 'derived.sqlite';

/** How the database was found when opened. */
export type OpenState = 'existing' | 'new' | 'reset';

/** SQLite errors that mean the file is not a usable database (and so a fresh one is the answer). */
export function isDamage(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return /malformed|not a database|corrupt|disk image|SQLITE_CORRUPT|SQLITE_NOTADB|file is encrypted/i.test(text);
}

/** Fails with a clear reason when this SQLite cannot hold the search index (FTS5 not compiled in). */
export function checkCapabilities(): void {
  const probe = new DatabaseSync(':memory:');
  try {
    probe.exec(`CREATE VIRTUAL TABLE probe USING fts5(a, content='', contentless_delete=1, tokenize="unicode61 categories 'L* N* M* Co'")`);
  } finally {
    probe.close();
  }
}

/** Deletes the database and its journal files (a missing file is fine). */
export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

function configure(db: DatabaseSync): void {
  // WAL: a reader never waits for the writer, and a crash mid-write leaves the last committed state.
  db.exec('PRAGMA journal_mode = WAL');
  // A cache: losing the last transactions in a power cut costs a re-read of those files, not data.
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA busy_timeout = 2000');
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT');
}

function storedVersion(db: DatabaseSync): number | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  return row ? Number(row.value) : undefined;
}

/**
 * Opens `file`, starting it afresh when it is damaged or of another schema version. `create` makes the tables (it
 * runs on every open: each part creates its own tables if they are missing).
 */
export function openDatabase(file: string, create: (db: DatabaseSync) => void): { db: DatabaseSync; state: OpenState } {
  const existed = fs.existsSync(file);
  try {
    const db = new DatabaseSync(file);
    try {
      configure(db);
      const version = storedVersion(db);
      if (existed && version !== SCHEMA_VERSION) throw new Error(`schema version ${String(version)}, expected ${SCHEMA_VERSION}`);
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
      create(db);
      return { db, state: existed ? 'existing' : 'new' };
    } catch (error) {
      db.close();
      throw error;
    }
  } catch (error) {
    if (!existed) throw error;
    // Damaged, truncated, zeroed or of another version: it only held what the files hold.
    removeDatabase(file);
    const db = new DatabaseSync(file);
    configure(db);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
    create(db);
    return { db, state: 'reset' };
  }
}
