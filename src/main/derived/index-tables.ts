// The sidebar's session index as a table of the derived database: one row per session file (its summary and the
// file state it was read at), so an answer updates one row instead of rewriting the whole index. Runs in the derived
// worker. The rows are kept as the JSON of main's IndexEntry: main owns their meaning, the table only keeps them.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { IndexEntry } from '../sessions/store/store-types.js';

export function createIndexTables(db: DatabaseSync): void {
  db.exec('CREATE TABLE IF NOT EXISTS session_index (id TEXT PRIMARY KEY, entry TEXT NOT NULL) STRICT');
}

export class IndexTables {
  private readonly page: StatementSync;
  private readonly first: StatementSync;
  private readonly put: StatementSync;
  private readonly remove: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    createIndexTables(db);
    this.first = db.prepare('SELECT id, entry FROM session_index ORDER BY id LIMIT ?');
    this.page = db.prepare('SELECT id, entry FROM session_index WHERE id > ? ORDER BY id LIMIT ?');
    this.put = db.prepare('INSERT INTO session_index (id, entry) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET entry = excluded.entry');
    this.remove = db.prepare('DELETE FROM session_index WHERE id = ?');
  }

  /** Up to `limit` entries after id `after` (null: from the start), in id order; a row that does not parse is skipped. */
  load(after: string | null, limit: number): IndexEntry[] {
    const rows = (after === null ? this.first.all(limit) : this.page.all(after, limit)) as Array<{ id: string; entry: string }>;
    const out: IndexEntry[] = [];
    for (const row of rows) {
      try {
        const entry = JSON.parse(row.entry) as IndexEntry;
        if (entry && typeof entry === 'object' && entry.id === row.id) out.push(entry);
      } catch {
        // The folder check reads that session's file again.
      }
    }
    return out;
  }

  /** Upserts and deletes in one transaction. */
  save(upserts: readonly IndexEntry[], removed: readonly string[]): void {
    this.db.exec('BEGIN');
    try {
      for (const entry of upserts) this.put.run(entry.id, JSON.stringify(entry));
      for (const id of removed) this.remove.run(id);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}
