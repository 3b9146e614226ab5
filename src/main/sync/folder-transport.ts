// The sync location as a folder another program keeps in step between computers (Syncthing, Dropbox, iCloud Drive,
// OneDrive, a network share). A file is written under a temporary name, flushed, then linked to its final name, which
// fails rather than replace a file already there: nothing visible is ever partial or overwritten.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '../storage/atomic-file.js';
import { SyncTransportError, type SyncFileEntry, type SyncTransport } from './transport.js';

/** Temporary names of this transport: never listed, and removed when a write fails. */
const TEMP_SUFFIX = '.tiny-partial';

export class FolderTransport implements SyncTransport {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async list(prefix: string): Promise<SyncFileEntry[]> {
    const base = this.resolve(prefix);
    const found: SyncFileEntry[] = [];
    const walk = async (dir: string, relative: string): Promise<void> => {
      let names: import('node:fs').Dirent[];
      try {
        names = await fs.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isCode(error, 'ENOENT', 'ENOTDIR')) return;
        throw asTransportError(error);
      }
      for (const entry of names) {
        const rel = `${relative}${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${rel}/`);
        else if (entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX) && !entry.name.startsWith('.')) {
          const stat = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
          if (stat) found.push({ path: rel, size: stat.size });
        }
      }
    };
    await this.rootExists();
    await walk(base, prefix);
    return found;
  }

  async read(relative: string): Promise<Uint8Array | null> {
    try {
      return await fs.readFile(this.resolve(relative));
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw asTransportError(error);
    }
  }

  async write(relative: string, bytes: Uint8Array): Promise<void> {
    const final = this.resolve(relative);
    const temp = `${final}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`;
    try {
      await this.rootExists();
      await fs.mkdir(path.dirname(final), { recursive: true });
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      // link() refuses an existing name: a file once written is never replaced.
      await fs.link(temp, final);
      await syncDirectory(path.dirname(final));
    } catch (error) {
      if (isCode(error, 'EEXIST')) throw new SyncTransportError('refused', `${relative} already exists`);
      throw asTransportError(error);
    } finally {
      await fs.rm(temp, { force: true }).catch(() => undefined);
    }
  }

  async close(): Promise<void> {}

  /** The chosen folder itself must exist (an unplugged drive is unreachable, not an empty location). */
  private async rootExists(): Promise<void> {
    const stat = await fs.stat(this.root).catch(() => undefined);
    if (!stat?.isDirectory()) throw new SyncTransportError('unreachable', `${this.root} is not there`);
  }

  private resolve(relative: string): string {
    const full = path.resolve(this.root, relative);
    if (full !== this.root && !full.startsWith(this.root + path.sep))
      throw new SyncTransportError('refused', `${relative} is outside the sync folder`);
    return full;
  }
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return codes.includes((error as NodeJS.ErrnoException)?.code ?? '');
}

function asTransportError(error: unknown): SyncTransportError {
  if (error instanceof SyncTransportError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isCode(error, 'EACCES', 'EPERM', 'EROFS')) return new SyncTransportError('refused', message);
  if (isCode(error, 'ENOSPC')) return new SyncTransportError('refused', message);
  return new SyncTransportError('unreachable', message);
}
