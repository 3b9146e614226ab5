// Unsent text: what a person sent but never got answered before the app quit, per session, kept in
// `<dir>/drafts.json` (the file keeps its name and shape) and offered again in the composer on the next open.
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../storage/atomic-file.js';
import type { SessionLogger } from './store-types.js';

/** The text per session, in memory and on disk; writes are atomic and happen one after another. Never throws. */
export class UnsentTextStore {
  private readonly texts = new Map<string, string>();
  private writing: Promise<void> = Promise.resolve();
  private readonly file: string;

  constructor(
    dir: string,
    private readonly logger: SessionLogger,
  ) {
    this.file = path.join(dir, 'drafts.json');
  }

  /** Reads the file once at open; a missing file is no text, an unreadable one is logged and ignored. */
  async read(): Promise<void> {
    try {
      const parsed = JSON.parse(await fs.readFile(this.file, 'utf8')) as { drafts?: Record<string, unknown> };
      for (const [id, text] of Object.entries(parsed.drafts ?? {})) {
        if (typeof text === 'string' && text.trim()) this.texts.set(id, text);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.error(`unsent text ${this.file} could not be read`, error);
    }
  }

  /** The unsent text of session `id`, if any. */
  get(id: string): string | undefined {
    return this.texts.get(id);
  }

  /** Sessions that have unsent text. */
  ids(): IterableIterator<string> {
    return this.texts.keys();
  }

  /** Keeps (or with `undefined` forgets) a session's unsent text, durably; resolves once it is on disk. */
  set(id: string, text: string | undefined): Promise<void> {
    if (text === undefined ? !this.texts.has(id) : this.texts.get(id) === text) return this.writing;
    if (text === undefined) this.texts.delete(id);
    else this.texts.set(id, text);
    const body = JSON.stringify({ version: 1, drafts: Object.fromEntries(this.texts) });
    this.writing = this.writing
      .then(() => writeFileAtomic(this.file, body))
      .catch((error: unknown) => {
        this.logger.error(`unsent text ${this.file} could not be written`, error);
      });
    return this.writing;
  }

  /** Resolves when the file reflects every change made so far. */
  flush(): Promise<void> {
    return this.writing;
  }
}
