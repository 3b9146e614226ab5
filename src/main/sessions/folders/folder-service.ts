// Chat folders, one level. The list (names, order, collapsed) is `<dataDir>/folders.json`, small and written whole
// (atomically); which folder a chat is in is a meta line of its own file (session-edits `moveToFolder`). A folder
// named by a chat's line but missing from the list (a chat imported from another machine) is added back under the
// name the line carries, so folders survive an export and import. Deleting a folder takes its chats out (one line
// each); it never deletes a chat. Sync is told of each folder made, renamed or deleted here, and applies another
// computer's with `applySynced`.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_FOLDER_NAME, MAX_FOLDERS, type ChatFolder, type FolderRef } from '../../../shared/folders.js';
import type { SessionSummary } from '../../../shared/sessions.js';
import { writeFileAtomic } from '../../storage/atomic-file.js';
import type { IndexEntry } from '../store/store-types.js';
import { AppError } from '../../../shared/errors.js';
import type { FolderStrings } from './folder-strings.js';

/** What folders need of the session layer. */
export interface FolderSessions {
  entries(): Iterable<IndexEntry>;
  moveToFolder(sessionId: string, folder: FolderRef | null): Promise<SessionSummary>;
}

interface FolderFile {
  version: 1;
  folders: ChatFolder[];
}

export class FolderService {
  private folders: ChatFolder[] = [];
  private loaded = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly sessions: FolderSessions,
    private readonly strings: () => FolderStrings,
    private readonly now: () => number = Date.now,
    /** Told of each folder made, renamed (its name) or deleted (null) here — not of one another computer changed. */
    private readonly changed: (id: string, name: string | null) => void = () => {},
  ) {}

  private get file(): string {
    return path.join(this.dataDir, 'folders.json');
  }

  /** Every folder in the person's order; folders only chats' lines name are added (and saved) first. */
  async list(): Promise<ChatFolder[]> {
    await this.load();
    const known = new Set(this.folders.map((folder) => folder.id));
    let added = false;
    for (const entry of this.sessions.entries()) {
      const ref = entry.folder;
      if (!ref || known.has(ref.id) || this.folders.length >= MAX_FOLDERS) continue;
      known.add(ref.id);
      this.folders.push({ id: ref.id, name: cleanName(ref.name) || ref.id.slice(0, 8), createdAt: this.now(), collapsed: false });
      added = true;
    }
    if (added) await this.save();
    return this.folders.map((folder) => ({ ...folder }));
  }

  async create(name: string): Promise<ChatFolder> {
    await this.list();
    const clean = this.requireName(name);
    if (this.folders.length >= MAX_FOLDERS) throw new AppError('invalid_input', this.strings().tooMany(MAX_FOLDERS));
    const folder: ChatFolder = { id: randomUUID(), name: clean, createdAt: this.now(), collapsed: false };
    this.folders.push(folder);
    await this.save();
    this.changed(folder.id, folder.name);
    return { ...folder };
  }

  /** Renames the folder and writes the new name into its chats' lines, so an export carries the name shown. */
  async rename(id: string, name: string): Promise<ChatFolder> {
    const folder = await this.find(id);
    folder.name = this.requireName(name);
    await this.save();
    this.changed(id, folder.name);
    for (const sessionId of this.members(id)) await this.sessions.moveToFolder(sessionId, { id, name: folder.name });
    return { ...folder };
  }

  /** Hides or shows the folder's chats; kept across restarts. */
  async setCollapsed(id: string, collapsed: boolean): Promise<ChatFolder> {
    const folder = await this.find(id);
    folder.collapsed = collapsed;
    await this.save();
    return { ...folder };
  }

  /** Removes the folder; its chats go back to the list (one line each), none is deleted. */
  async delete(id: string): Promise<{ deleted: true; released: number }> {
    await this.find(id);
    const members = this.members(id);
    for (const sessionId of members) await this.sessions.moveToFolder(sessionId, null);
    this.folders = this.folders.filter((folder) => folder.id !== id);
    await this.save();
    this.changed(id, null);
    return { deleted: true, released: members.length };
  }

  /**
   * Another computer's change of folder `id`: named `name` (added when missing), or removed with null. Its chats'
   * own lines come with their files; none is rewritten here.
   */
  async applySynced(id: string, name: string | null): Promise<void> {
    await this.list();
    const at = this.folders.findIndex((folder) => folder.id === id);
    if (name === null) {
      if (at < 0) return;
      this.folders.splice(at, 1);
    } else {
      const clean = cleanName(name) || id.slice(0, 8);
      if (at >= 0) {
        if (this.folders[at]!.name === clean) return;
        this.folders[at]!.name = clean;
      } else {
        if (this.folders.length >= MAX_FOLDERS) return;
        this.folders.push({ id, name: clean, createdAt: this.now(), collapsed: false });
      }
    }
    await this.save();
  }

  /** Puts a chat in folder `id`, or back in the list with null. */
  async move(sessionId: string, id: string | null): Promise<SessionSummary> {
    if (id === null) return this.sessions.moveToFolder(sessionId, null);
    const folder = await this.find(id);
    return this.sessions.moveToFolder(sessionId, { id: folder.id, name: folder.name });
  }

  /** Ids of the chats in folder `id` (readable ones). */
  members(id: string): string[] {
    const out: string[] = [];
    for (const entry of this.sessions.entries()) if (entry.folder?.id === id && !entry.problem) out.push(entry.id);
    return out;
  }

  async find(id: string): Promise<ChatFolder> {
    await this.list();
    const folder = this.folders.find((f) => f.id === id);
    if (!folder) throw new AppError('not_found', this.strings().notFound);
    return folder;
  }

  /** Waits for the last write. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private requireName(name: string): string {
    const clean = cleanName(name);
    if (!clean) throw new AppError('invalid_input', this.strings().emptyName);
    return clean;
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    try {
      const parsed = JSON.parse(await fs.readFile(this.file, 'utf8')) as Partial<FolderFile>;
      if (Array.isArray(parsed.folders)) {
        for (const raw of parsed.folders.slice(0, MAX_FOLDERS)) {
          const folder = raw as Partial<ChatFolder>;
          if (typeof folder.id !== 'string' || !folder.id || typeof folder.name !== 'string') continue;
          if (this.folders.some((f) => f.id === folder.id)) continue;
          this.folders.push({
            id: folder.id,
            name: cleanName(folder.name) || folder.id.slice(0, 8),
            createdAt: typeof folder.createdAt === 'number' ? folder.createdAt : 0,
            collapsed: folder.collapsed === true,
          });
        }
      }
    } catch {
      // Missing or damaged: folders come back from the chats' own lines (list() adds them).
    }
  }

  private save(): Promise<void> {
    const text = `${JSON.stringify({ version: 1, folders: this.folders } satisfies FolderFile, null, 2)}\n`;
    const write = this.writing.then(() => writeFileAtomic(this.file, text));
    this.writing = write.catch(() => undefined);
    return write;
  }
}

function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, MAX_FOLDER_NAME);
}
