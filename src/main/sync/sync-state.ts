// What this computer remembers of sync, in the data folder (`sync-state.json`, written whole and atomically after a
// pass and every few dozen chats during one): its device id (made once per data folder), per chat how far its own
// lines were sent (a byte offset into the session file, and the byte ranges that came from other computers, which are
// never sent back), which remote files were applied (compactly: applied-files.ts), the chats known deleted, and each folder's latest change. A crash loses at most the work since
// the last write, and redoing it changes nothing: lines are merged by id, files once written are never rewritten.
// Only a delete the person made here becomes a tombstone: a chat file gone for another reason (a restored backup) is
// never taken for one.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SyncPassReport } from '../../shared/sync.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { AppliedFiles } from './applied-files.js';

export const SYNC_STATE_FILE = 'sync-state.json';

const sentSchema = z.object({
  /** Bytes of the session file already sent (or received): the next segment starts here. */
  offset: z.number().int().min(0),
  /** Byte ranges past `offset` that sync appended (other computers' lines): skipped when sending. */
  skip: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});
const stateSchema = z.object({
  version: z.literal(1),
  deviceId: z.string().regex(/^[a-z0-9-]{8,64}$/),
  /** The target the cursors below belong to; another target starts them over. */
  location: z.string().nullable(),
  sent: z.record(z.string(), sentSchema),
  /** AppliedFiles' form; a list of paths in older states. */
  applied: z.union([z.array(z.string()), z.record(z.string(), z.array(z.number().int().min(-1)))]),
  tombstones: z.record(z.string(), z.number()),
  deletedHere: z.record(z.string(), z.number()).optional(),
  foldersHere: z.record(z.string(), z.object({ name: z.string().nullable(), at: z.number() })).optional(),
  folderClock: z.record(z.string(), z.number()).optional(),
  revived: z.record(z.string(), z.number()).optional(),
  lastPass: z.any().optional(),
});
export type SentCursor = z.infer<typeof sentSchema>;

export class SyncState {
  deviceId: string;
  location: string | null = null;
  sent = new Map<string, SentCursor>();
  applied = new AppliedFiles();
  tombstones = new Map<string, number>();
  /** Chats the person deleted here, with when, not yet sent as tombstones (a restore removes files without this). */
  deletedHere = new Map<string, number>();
  /** Folders renamed (a name) or deleted (null) here, with when, not yet sent. */
  foldersHere = new Map<string, { name: string | null; at: number }>();
  /** The time of the latest change of each folder sent or applied: an older one from elsewhere is not applied. */
  folderClock = new Map<string, number>();
  /** Chats brought back after a delete, with the time of the answer that did it: an older delete does not apply. */
  revived = new Map<string, number>();
  lastPass: SyncPassReport | undefined;

  private constructor(
    private readonly file: string,
    deviceId: string,
  ) {
    this.deviceId = deviceId;
  }

  /** Reads the state; none (or unreadable) gives a new device id and no cursors: everything is sent and read again. */
  static async open(dataDir: string): Promise<SyncState> {
    const file = path.join(dataDir, SYNC_STATE_FILE);
    let raw: unknown;
    try {
      raw = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch {
      raw = undefined;
    }
    const parsed = stateSchema.safeParse(raw);
    if (!parsed.success) return new SyncState(file, randomUUID());
    const state = new SyncState(file, parsed.data.deviceId);
    state.location = parsed.data.location;
    state.sent = new Map(Object.entries(parsed.data.sent));
    state.applied = AppliedFiles.from(parsed.data.applied);
    state.tombstones = new Map(Object.entries(parsed.data.tombstones));
    state.deletedHere = new Map(Object.entries(parsed.data.deletedHere ?? {}));
    state.foldersHere = new Map(Object.entries(parsed.data.foldersHere ?? {}));
    state.folderClock = new Map(Object.entries(parsed.data.folderClock ?? {}));
    state.revived = new Map(Object.entries(parsed.data.revived ?? {}));
    state.lastPass = parsed.data.lastPass as SyncPassReport | undefined;
    return state;
  }

  /** A new target: what was sent and applied there says nothing of the new one (the device id and deletes stay). */
  moveTo(location: string): void {
    if (this.location === location) return;
    this.location = location;
    this.sent.clear();
    this.applied.clear();
    // Folders are told to the new location again.
    this.folderClock.clear();
  }

  async save(): Promise<void> {
    const data = {
      version: 1,
      deviceId: this.deviceId,
      location: this.location,
      sent: Object.fromEntries(this.sent),
      applied: this.applied.toJSON(),
      tombstones: Object.fromEntries(this.tombstones),
      deletedHere: Object.fromEntries(this.deletedHere),
      foldersHere: Object.fromEntries(this.foldersHere),
      folderClock: Object.fromEntries(this.folderClock),
      revived: Object.fromEntries(this.revived),
      ...(this.lastPass && { lastPass: this.lastPass }),
    };
    await writeFileAtomic(this.file, JSON.stringify(data));
  }
}
