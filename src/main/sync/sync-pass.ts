// One sync pass: send this computer's new lines (one new segment per chat that grew, a meta segment for chats deleted
// here), then read the other computers' files not applied yet and merge them chat by chat. Work is done one chat at a
// time with a turn of the event loop between chats, so main's thread never holds a task that grows with the history.
import fs from 'node:fs/promises';
import { SYNC_FORMAT, type SyncPassReport, type SyncSkip } from '../../shared/sync.js';
import { createHash } from 'node:crypto';
import { KEYCHECK_PATH, SyncCipherError } from './encrypted-transport.js';
import type { AttachmentPart } from '../../shared/attachments.js';
import type { IndexEntry } from '../sessions/store/store-types.js';
import {
  parseSessionFile,
  serializeLines,
  shownBranch,
  summarize,
  type FileLine,
  type SessionHeader,
  type SummaryFields,
} from '../sessions/store/session-file.js';
import { knowledgeOf, planMerge, type IncomingLine } from './merge.js';
import {
  attachmentPath,
  chatSegmentPath,
  decodeSegment,
  DEVICES,
  encodeSegment,
  FORMAT_FILE,
  formatFileBytes,
  formatOf,
  metaSegmentPath,
  placeOf,
  type FolderLine,
  type Revival,
  type SegmentPlace,
  type Tombstone,
} from './segments.js';
import type { SyncState } from './sync-state.js';
import { SyncTransportError, type SyncTransport } from './transport.js';

/** What a pass needs of the session layer. */
export interface SyncSessions {
  /** Resolves once every session file of the folder is listed (a chat not found yet must not look deleted). */
  scanned(): Promise<void>;
  entries(): Iterable<IndexEntry>;
  entry(id: string): IndexEntry | undefined;
  filePath(id: string): string;
  appendSynced(id: string, size: number, lines: readonly FileLine[], fields: SummaryFields): Promise<IndexEntry | 'busy' | 'changed'>;
  adoptSynced(header: SessionHeader, lines: readonly FileLine[]): Promise<IndexEntry>;
  deleteSynced(id: string): Promise<void>;
  /** The stored bytes of an attached file (original or scaled copy) by its sha-256, or undefined. */
  readAttachment(sha256: string): Promise<Uint8Array | undefined>;
  hasAttachment(sha256: string): boolean;
  /** Stores a file another computer attached (its hash checked) and records that `sessionId` references it. */
  adoptAttachment(sessionId: string, part: AttachmentPart, bytes: Uint8Array, scaled?: Uint8Array): Promise<void>;
  /** This computer's chat folders (ids, names and when each was made). */
  folders(): Promise<ReadonlyArray<{ id: string; name: string; createdAt: number }>>;
  /** Takes another computer's folder change: the folder named so (made if missing), or gone with null. */
  applyFolder(id: string, name: string | null): Promise<void>;
}

/** The location was set up by a newer build: the pass stops before writing anything. */
export class NewerLocationError extends Error {
  constructor(readonly format: number) {
    super(`sync location format ${format}`);
  }
}

export interface PassOptions {
  transport: SyncTransport;
  state: SyncState;
  sessions: SyncSessions;
  now: () => number;
  progress: (done: number, total: number) => void;
  log: (message: string, error?: unknown) => void;
  /** Saves the state every this many chats (the default 100), so a killed pass redoes little. */
  saveEvery?: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runPass(options: PassOptions): Promise<SyncPassReport> {
  const { transport, state, sessions } = options;
  const report: SyncPassReport = {
    at: new Date(options.now()).toISOString(),
    receivedChats: 0,
    receivedMessages: 0,
    deletedChats: 0,
    sentBytes: 0,
    readBytes: 0,
    skipped: [],
  };
  // A file the encrypting transport cannot open (torn, tampered, newer) is skipped whole under its own reason; a
  // wrong passphrase or a damaged keycheck stops the pass before anything is applied.
  const read = async (path: string): Promise<Uint8Array | null> => {
    let bytes: Uint8Array | null;
    try {
      bytes = await transport.read(path);
    } catch (error) {
      if (!(error instanceof SyncCipherError) || error.reason === 'wrong-passphrase' || error.path === KEYCHECK_PATH) throw error;
      skip(report.skipped, path, error.reason);
      return null;
    }
    if (bytes) report.readBytes += bytes.length;
    return bytes;
  };
  const write = async (path: string, bytes: Uint8Array): Promise<void> => {
    await transport.write(path, bytes);
    report.sentBytes += bytes.length;
  };

  await sessions.scanned();
  await checkFormat(transport, read, write);
  const files = await transport.list(DEVICES);
  const device = state.deviceId;
  const ownSeq = new Map<string, number>();
  const remote: SegmentPlace[] = [];
  const ownFiles = new Set<string>();
  /** Attached files in the location by hash: where each can be read. */
  const attachedFiles = new Map<string, string>();
  for (const file of files) {
    const attached = ATTACHMENT_PATH.exec(file.path);
    if (attached) {
      if (attached[1] === device) ownFiles.add(attached[2]!);
      else attachedFiles.set(attached[2]!, file.path);
      continue;
    }
    const place = placeOf(file.path);
    if (!place) continue;
    if (place.device === device) {
      const key = place.session ?? '';
      ownSeq.set(key, Math.max(ownSeq.get(key) ?? -1, place.seq));
    } else if (!state.applied.has(place.path)) remote.push(place);
  }
  const nextSeq = (key: string) => {
    const seq = (ownSeq.get(key) ?? -1) + 1;
    ownSeq.set(key, seq);
    return seq;
  };

  const local = [...sessions.entries()].filter((entry) => !entry.problem);
  const grown = local.filter(
    (entry) => entry.size > (state.sent.get(entry.id)?.offset ?? 0) || entry.size < (state.sent.get(entry.id)?.offset ?? 0),
  );
  const incoming = new Map<string, SegmentPlace[]>();
  const metaFiles: SegmentPlace[] = [];
  for (const place of remote) {
    if (place.kind === 'meta') metaFiles.push(place);
    else {
      const list = incoming.get(place.session!) ?? [];
      list.push(place);
      incoming.set(place.session!, list);
    }
  }
  const total = grown.length + incoming.size;
  let done = 0;
  let sinceSave = 0;
  const step = async () => {
    done += 1;
    options.progress(done, total);
    if (++sinceSave >= (options.saveEvery ?? 100)) {
      sinceSave = 0;
      await state.save();
    }
    await turn();
  };
  options.progress(0, total);

  // 1. Chats the person deleted here since the last pass, and folder changes: one meta segment.
  const gone: Tombstone[] = [];
  for (const [id, at] of state.deletedHere)
    if (!sessions.entry(id) && !state.tombstones.has(id)) gone.push({ type: 'tombstone', session: id, at });
  const folderLines = folderChanges(state, await sessions.folders());
  if (gone.length > 0 || folderLines.length > 0) {
    const seq = nextSeq('');
    await write(
      metaSegmentPath(device, seq),
      encodeSegment(
        { device, kind: 'meta', seq },
        [...gone, ...folderLines].map((line) => JSON.stringify(line)),
      ),
    );
    for (const tombstone of gone) {
      state.tombstones.set(tombstone.session, tombstone.at);
      state.sent.delete(tombstone.session);
    }
    for (const line of folderLines) state.folderClock.set(line.id, line.at);
  }
  state.deletedHere.clear();
  state.foldersHere.clear();

  // 2. This computer's new lines, one segment per chat that grew.
  for (const entry of grown) {
    await sendChat(entry);
    await step();
  }

  // 3. Other computers' deletes and folder changes, then their chats. A chat answered here after another computer
  // deleted it is kept, and brought back there whole: a delete never takes a word written after it.
  const tombstones: Tombstone[] = [];
  const revivals = new Map<string, number>();
  for (const place of metaFiles) {
    const bytes = await read(place.path);
    const decoded = bytes ? decodeSegment(place, bytes) : ({ ok: false, reason: 'torn' } as const);
    if (!decoded.ok) {
      skip(report.skipped, place.path, decoded.reason);
      continue;
    }
    for (const text of decoded.lines) {
      const folder = parseFolderLine(text);
      if (folder) {
        // The latest change of a folder wins; an older one (or one this computer already has) changes nothing.
        if (folder.at > (state.folderClock.get(folder.id) ?? -1)) {
          await sessions.applyFolder(folder.id, folder.name);
          state.folderClock.set(folder.id, folder.at);
          report.receivedFolders = (report.receivedFolders ?? 0) + 1;
        }
        continue;
      }
      const revival = parseRevival(text);
      if (revival) revivals.set(revival.session, Math.max(revival.at, revivals.get(revival.session) ?? -1));
      const tombstone = parseTombstone(text);
      if (tombstone) tombstones.push(tombstone);
    }
    state.applied.add(place.path);
  }
  for (const [session, at] of revivals) {
    state.revived.set(session, Math.max(at, state.revived.get(session) ?? -1));
    // Deleted here before that answer: its lines are taken again when they come.
    if ((state.tombstones.get(session) ?? Infinity) < at) state.tombstones.delete(session);
  }
  const revivedHere: Revival[] = [];
  for (const tombstone of tombstones) {
    const { session, at } = tombstone;
    if ((state.revived.get(session) ?? -1) > at) continue;
    const entry = sessions.entry(session);
    if (entry && !entry.problem && entry.updatedAt > at) {
      revivedHere.push({ type: 'revive', session, at: entry.updatedAt });
      state.revived.set(session, entry.updatedAt);
      continue;
    }
    state.tombstones.set(session, Math.max(at, state.tombstones.get(session) ?? 0));
    state.sent.delete(session);
    if (entry) {
      await sessions.deleteSynced(session);
      report.deletedChats += 1;
    }
  }
  if (revivedHere.length > 0) {
    const seq = nextSeq('');
    await write(
      metaSegmentPath(device, seq),
      encodeSegment(
        { device, kind: 'meta', seq },
        revivedHere.map((line) => JSON.stringify(line)),
      ),
    );
    // Sent again whole: the computers that deleted it have none of its lines now.
    for (const { session } of revivedHere) {
      state.sent.set(session, { offset: 0, skip: [] });
      const entry = sessions.entry(session);
      if (entry) await sendChat(entry);
    }
  }
  for (const [session, places] of incoming) {
    if (state.tombstones.has(session)) for (const place of places) state.applied.add(place.path);
    else await receiveChat(session, places);
    await step();
  }
  state.lastPass = report;
  await state.save();
  return report;

  async function sendChat(entry: IndexEntry): Promise<void> {
    let cursor = state.sent.get(entry.id) ?? { offset: 0, skip: [] };
    // A file shorter than what was sent was replaced (a restore): all of it goes again; the others merge by id.
    if (entry.size < cursor.offset) cursor = { offset: 0, skip: [] };
    const bytes = await readRange(sessions.filePath(entry.id), cursor.offset, entry.size);
    const kept: Buffer[] = [];
    let at = cursor.offset;
    for (const [start, end] of [...cursor.skip].sort((a, b) => a[0] - b[0])) {
      if (start > at) kept.push(bytes.subarray(at - cursor.offset, Math.min(start, entry.size) - cursor.offset));
      at = Math.max(at, end);
    }
    if (at < entry.size) kept.push(bytes.subarray(at - cursor.offset));
    const lines = Buffer.concat(kept)
      .toString('utf8')
      .split('\n')
      .filter((line) => line.length > 0);
    if (lines.length > 0) {
      // The files its messages attach go first: a chat never arrives before what it shows.
      for (const hash of attachedHashes(lines))
        if (!ownFiles.has(hash)) {
          const bytes = await sessions.readAttachment(hash);
          if (!bytes) continue;
          await write(attachmentPath(device, hash), bytes);
          ownFiles.add(hash);
        }
      const seq = nextSeq(entry.id);
      await write(chatSegmentPath(device, entry.id, seq), encodeSegment({ device, kind: 'chat', session: entry.id, seq }, lines));
    }
    state.sent.set(entry.id, { offset: entry.size, skip: [] });
  }

  async function receiveChat(session: string, places: SegmentPlace[]): Promise<void> {
    places.sort((a, b) => (a.device === b.device ? a.seq - b.seq : a.device < b.device ? -1 : 1));
    const lines: IncomingLine[] = [];
    const whole: SegmentPlace[] = [];
    for (const place of places) {
      const bytes = await read(place.path);
      const decoded = bytes ? decodeSegment(place, bytes) : ({ ok: false, reason: 'torn' } as const);
      if (!decoded.ok) {
        skip(report.skipped, place.path, decoded.reason);
        continue;
      }
      whole.push(place);
      for (const text of decoded.lines) lines.push({ from: place.path, text });
    }
    if (whole.length === 0) return;
    const entry = sessions.entry(session);
    if (entry?.problem) return;
    const localBytes = entry ? await readRange(sessions.filePath(session), 0, entry.size) : undefined;
    const localLines = localBytes
      ? localBytes
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0)
      : undefined;
    const plan = planMerge(localLines ? knowledgeOf(localLines) : undefined, lines);
    if (plan.headerMissing) {
      // The chat's first file has not come yet: every one of its files waits for it.
      report.waitingFiles = (report.waitingFiles ?? 0) + whole.length;
      return;
    }
    if (plan.lines.length > 0 || (!entry && plan.header)) {
      if (!(await takeAttachments(session, plan.lines))) return;
      if (!entry) {
        const created = await sessions.adoptSynced(plan.header!, plan.lines);
        state.sent.set(session, { offset: created.size, skip: [] });
      } else {
        const added = Buffer.from(serializeLines(plan.lines));
        const fields = summaryOf(Buffer.concat([localBytes!, added]), session);
        if (!fields) return;
        const result = await sessions.appendSynced(session, entry.size, plan.lines, fields);
        if (result === 'busy' || result === 'changed') return;
        const cursor = state.sent.get(session) ?? { offset: 0, skip: [] };
        const before = result.size - added.length;
        if (cursor.offset === before) state.sent.set(session, { offset: result.size, skip: cursor.skip });
        else state.sent.set(session, { offset: cursor.offset, skip: [...cursor.skip, [before, result.size]] });
      }
      if (plan.messages > 0 || !entry) report.receivedChats += 1;
      report.receivedMessages += plan.messages;
    }
    for (const place of whole) {
      if (!plan.waiting.has(place.path)) state.applied.add(place.path);
      else report.waitingFiles = (report.waitingFiles ?? 0) + 1;
    }
  }

  /** The files the lines attach that are not here, read whole and checked; false when one is not there yet. */
  async function takeAttachments(session: string, lines: readonly FileLine[]): Promise<boolean> {
    for (const part of attachedParts(lines)) {
      if (sessions.hasAttachment(part.sha256) && (!part.scaled || sessions.hasAttachment(part.scaled.sha256))) continue;
      const original = await readAttached(part.sha256);
      const scaled = part.scaled ? await readAttached(part.scaled.sha256) : undefined;
      if (!original || (part.scaled && !scaled)) return false;
      try {
        await sessions.adoptAttachment(session, part, original, scaled);
      } catch (error) {
        // One file this computer will not keep fails alone: the chat comes in, that file shows as missing.
        options.log(`an attached file of chat ${session} was not kept`, error);
      }
    }
    return true;
  }

  async function readAttached(hash: string): Promise<Uint8Array | undefined> {
    const where = attachedFiles.get(hash);
    const bytes = where ? await read(where) : null;
    if (!where || !bytes) return undefined;
    if (createHash('sha256').update(bytes).digest('hex') !== hash) {
      skip(report.skipped, where, bytes.length === 0 ? 'torn' : 'tampered');
      return undefined;
    }
    return bytes;
  }
}

const ATTACHMENT_PATH = /^tiny-agent-sync\/devices\/([A-Za-z0-9-]{1,64})\/attachments\/([0-9a-f]{64})$/;

/** Hashes of the files (originals and scaled copies) raw session lines attach. */
function attachedHashes(lines: readonly string[]): Set<string> {
  const hashes = new Set<string>();
  for (const line of lines) for (const match of line.matchAll(/"sha256":"([0-9a-f]{64})"/g)) hashes.add(match[1]!);
  return hashes;
}

/** The attachment parts of the message lines among `lines`. */
function attachedParts(lines: readonly FileLine[]): AttachmentPart[] {
  const parts: AttachmentPart[] = [];
  for (const line of lines) {
    if (line.type !== 'message') continue;
    const content = (line.message as { content?: unknown }).content;
    if (!Array.isArray(content)) continue;
    for (const part of content as { type?: string; sha256?: unknown }[])
      if (part?.type === 'attachment' && typeof part.sha256 === 'string' && /^[0-9a-f]{64}$/.test(part.sha256))
        parts.push(part as AttachmentPart);
  }
  return parts;
}

async function checkFormat(
  transport: SyncTransport,
  read: (path: string) => Promise<Uint8Array | null>,
  write: (path: string, bytes: Uint8Array) => Promise<void>,
): Promise<void> {
  const bytes = await read(FORMAT_FILE);
  if (bytes) {
    const format = formatOf(bytes);
    if (format !== undefined && format > SYNC_FORMAT) throw new NewerLocationError(format);
    return;
  }
  try {
    await write(FORMAT_FILE, formatFileBytes());
  } catch (error) {
    // Another computer wrote it first: its content is checked on the next pass.
    if (!(error instanceof SyncTransportError && error.code === 'refused')) throw error;
    void transport;
  }
}

/** The summary of a session file's bytes, or undefined when they do not parse whole. */
function summaryOf(bytes: Buffer, id: string): SummaryFields | undefined {
  const result = parseSessionFile(bytes, id);
  if (!result.ok || result.session.validLength !== bytes.length) return undefined;
  const parsed = result.session;
  return summarize({
    header: parsed.header,
    name: parsed.name,
    ...(parsed.title !== undefined && { title: parsed.title }),
    branch: shownBranch(parsed),
    updatedAt: parsed.updatedAt,
    pinned: parsed.pinned,
    ...(parsed.folder && { folder: parsed.folder }),
  });
}

async function readRange(file: string, start: number, end: number): Promise<Buffer> {
  const length = end - start;
  if (length <= 0) return Buffer.alloc(0);
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await handle.read(buffer, got, length - got, start + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return buffer.subarray(0, got);
  } finally {
    await handle.close();
  }
}

/**
 * The folder lines this pass sends: the renames and deletes made here since the last pass, and every folder never
 * told to this location (made here, or made before sync was on) as made when it was.
 */
function folderChanges(state: SyncState, folders: ReadonlyArray<{ id: string; name: string; createdAt: number }>): FolderLine[] {
  const lines = new Map<string, FolderLine>();
  for (const folder of folders)
    if (!state.folderClock.has(folder.id)) lines.set(folder.id, { type: 'folder', id: folder.id, name: folder.name, at: folder.createdAt });
  for (const [id, change] of state.foldersHere) lines.set(id, { type: 'folder', id, name: change.name, at: change.at });
  return [...lines.values()];
}

function parseFolderLine(text: string): FolderLine | undefined {
  try {
    const value = JSON.parse(text) as FolderLine;
    if (value?.type !== 'folder' || typeof value.at !== 'number' || !Number.isFinite(value.at)) return undefined;
    if (typeof value.id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(value.id)) return undefined;
    if (value.name !== null && (typeof value.name !== 'string' || value.name.length > 1_000)) return undefined;
    return { type: 'folder', id: value.id, name: value.name, at: value.at };
  } catch {
    return undefined;
  }
}

function parseRevival(text: string): Revival | undefined {
  try {
    const value = JSON.parse(text) as Revival;
    return value?.type === 'revive' && typeof value.session === 'string' && typeof value.at === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseTombstone(text: string): Tombstone | undefined {
  try {
    const value = JSON.parse(text) as Tombstone;
    return value?.type === 'tombstone' && typeof value.session === 'string' && typeof value.at === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function skip(list: SyncSkip[], path: string, reason: SyncSkip['reason']): void {
  if (!list.some((item) => item.path === path)) list.push({ path, reason });
}
