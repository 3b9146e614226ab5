// Where the session index is kept between starts. Never the truth (the files are): whatever it returns is checked
// against the folder, so a lost, stale or partial copy costs re-reads, never sessions.
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../storage/atomic-file.js';
import type { IndexEntry, SessionLogger } from './store-types.js';

export interface IndexPersistence {
  /** What logs name it by (a path). */
  readonly where: string;
  /** What was saved last, or undefined when nothing usable was (then the index is rebuilt from the files). */
  load(): Promise<Map<string, IndexEntry> | undefined>;
  /**
   * Saves the index: `changed` names the ids upserted (present in `index`) or removed (absent) since the last
   * successful save. Throws on failure (the caller keeps `changed` for the next try).
   */
  save(index: ReadonlyMap<string, IndexEntry>, changed: ReadonlySet<string>): Promise<void>;
  /** Called by the persistence when it lost what it had saved: the whole index must be saved again. */
  onLost?(listener: () => void): void;
  /** After `load()`: what it returned came from elsewhere (an older format) and must be saved whole here. */
  readonly migrating?: boolean;
}

interface IndexFile {
  version: 1;
  sessions: IndexEntry[];
}

export const INDEX_FILE = 'index.json';

/** `<sessions>/index.json`, rewritten whole (temp + fsync + rename): the format before the derived database. */
export class JsonIndexFile implements IndexPersistence {
  readonly where: string;

  constructor(
    private readonly dir: string,
    private readonly logger: SessionLogger,
  ) {
    this.where = path.join(dir, INDEX_FILE);
  }

  async load(): Promise<Map<string, IndexEntry> | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.where, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = JSON.parse(text) as IndexFile;
      if (parsed.version !== 1 || !Array.isArray(parsed.sessions)) throw new Error('unknown index shape');
      return new Map(parsed.sessions.map((entry) => [entry.id, entry]));
    } catch (error) {
      this.logger.info(`session index ${this.where} is unreadable (${String(error)}); rebuilding it from the files`);
      return undefined;
    }
  }

  async save(index: ReadonlyMap<string, IndexEntry>): Promise<void> {
    const body: IndexFile = { version: 1, sessions: [...index.values()] };
    await fs.mkdir(this.dir, { recursive: true });
    await writeFileAtomic(this.where, JSON.stringify(body));
  }

  /** Deletes the file (once another persistence holds the index). */
  async remove(): Promise<void> {
    await fs.rm(this.where, { force: true });
  }
}
