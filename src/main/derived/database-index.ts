// The session index kept in the derived database: a save sends only the entries changed since the last one (an
// answer updates one row), loads come in pages so no single message is large. The first start after an update reads
// the old `index.json` once, saves it here whole, and deletes it.
import type { IndexPersistence } from '../sessions/store/index-persistence.js';
import { JsonIndexFile } from '../sessions/store/index-persistence.js';
import type { IndexEntry, SessionLogger } from '../sessions/store/store-types.js';
import type { DerivedDb } from './derived-db.js';

/** Entries per request, both ways. */
const PAGE = 500;

export class DatabaseIndex implements IndexPersistence {
  readonly where: string;
  /** The next save must carry every entry (the database lacks them: a migration, or it was started afresh). */
  private saveAll = false;

  get migrating(): boolean {
    return this.saveAll;
  }
  private legacy: JsonIndexFile | undefined;
  private readonly lostListeners: (() => void)[] = [];

  constructor(
    private readonly db: DerivedDb,
    dir: string,
    logger: SessionLogger,
  ) {
    this.where = db.file;
    this.legacy = new JsonIndexFile(dir, logger);
    db.onReset(() => {
      this.saveAll = true;
      for (const listener of this.lostListeners) listener();
    });
  }

  onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }

  async load(): Promise<Map<string, IndexEntry> | undefined> {
    const entries = new Map<string, IndexEntry>();
    for (let after: string | null = null; ;) {
      const page: IndexEntry[] = await this.db.call('index.load', { after, limit: PAGE });
      for (const entry of page) entries.set(entry.id, entry);
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
    if (entries.size > 0) return entries;
    // Nothing saved here yet: the index of the version before, if there is one.
    const old = await this.legacy?.load();
    if (old) this.saveAll = true;
    return old;
  }

  async save(index: ReadonlyMap<string, IndexEntry>, changed: ReadonlySet<string>): Promise<void> {
    const all = this.saveAll;
    this.saveAll = false;
    try {
      const upserts: IndexEntry[] = [];
      const removed: string[] = [];
      if (all) upserts.push(...index.values());
      else
        for (const id of changed) {
          const entry = index.get(id);
          if (entry) upserts.push(entry);
          else removed.push(id);
        }
      for (let start = 0; start < Math.max(upserts.length, removed.length); start += PAGE) {
        await this.db.call('index.save', { upserts: upserts.slice(start, start + PAGE), removed: removed.slice(start, start + PAGE) });
      }
    } catch (error) {
      if (all) this.saveAll = true;
      throw error;
    }
    // Once the database holds the index, the old file would only go stale.
    if (this.legacy) {
      const legacy = this.legacy;
      this.legacy = undefined;
      await legacy.remove();
    }
  }
}
