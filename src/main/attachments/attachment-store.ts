// The attachment store: each file once under `<data>/attachments/<sha256>.<ext>`, named by the hash of its bytes,
// plus `refs.json` saying which session references which file. Crash rules:
// - a file is written atomically (temp + fsync + rename) before anything refers to it;
// - a session's references are written (atomically) before the run that uses them can commit, so refs.json can
//   only ever over-count: a crash may keep a file too long, never delete one a session still shows;
// - a file goes when the last session referencing it is deleted, and at start when nothing references it (an
//   attachment added but never sent). Files added in this process and not yet sent are never deleted.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  ATTACHMENT_LIMITS,
  extensionOf,
  IMAGE_EXTENSIONS,
  isImageType,
  isTextExtension,
  type AddAttachmentRequest,
  type AddAttachmentResult,
  type AttachmentBytes,
  type AttachmentPart,
  type AttachmentRefusal,
  type ImageMimeType,
  type ScaledImage,
} from '../../shared/attachments.js';
import type { StartupNotice } from '../../shared/app-status.js';
import { readFileIfExists, UNREAD_COPY_SUFFIX, writeFileAtomic } from '../storage/atomic-file.js';
import { DOCUMENT_MIME, DocumentReadings, isDocumentCandidate } from './documents.js';
import { sniff } from './sniff.js';

export interface AttachmentStoreOptions {
  /** The app's data folder; files live in `<dataDir>/attachments`, sessions in `<dataDir>/sessions`. */
  dataDir: string;
  log?: { info(message: string): void; error(context: string, error?: unknown): void };
}

interface RefsFile {
  version: 1;
  /** Session id → hashes of the files its messages reference (originals and scaled copies). */
  sessions: Record<string, string[]>;
}

const REFS_FILE = 'refs.json';
const STORED_FILE = /^([0-9a-f]{64})\.(png|jpg|webp|gif|txt|bin)$/;
const SESSION_FILE = /^([0-9a-f-]{36})\.jsonl$/i;
const HASH_IN_SESSION = /"sha256":"([0-9a-f]{64})"/g;
const EXTENSION: Record<ImageMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

export class AttachmentStore {
  private readonly dir: string;
  /** Hash → file name of every stored file. */
  private readonly files = new Map<string, string>();
  private refs = new Map<string, Set<string>>();
  /** Hashes added in this process and not yet referenced by a sent message: never collected. */
  private readonly held = new Set<string>();
  /** Everything added in this process, so `send` can name attachments by hash alone. */
  private readonly issued = new Map<string, AttachmentPart>();
  /** One mutation at a time: adds, reference changes and deletions never interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Files read from disk (for tests that count work). */
  filesRead = 0;
  /** refs.json was set aside at start (and rebuilt from the sessions), for the window to say. */
  notice: StartupNotice | undefined;

  private constructor(private readonly options: AttachmentStoreOptions) {
    this.dir = path.join(options.dataDir, 'attachments');
  }

  /** Opens the store and sweeps: stale references (deleted sessions) and files nothing references are removed. */
  static async open(options: AttachmentStoreOptions): Promise<AttachmentStore> {
    const store = new AttachmentStore(options);
    try {
      await fs.mkdir(store.dir, { recursive: true });
      await store.sweep();
    } catch (error) {
      // A read-only folder or a full disk must not stop the app: what is stored can still be read, and adding a
      // file reports the storage problem when it is tried.
      options.log?.error('attachments: the folder could not be prepared or swept', error);
    }
    return store;
  }

  /** Readings of attached documents (the document worker's), for sending. */
  readonly documents = new DocumentReadings();

  /** Validates and stores an attachment; answers its reference, or why it is refused. A document's reading reports to `onProgress`. */
  async add(request: AddAttachmentRequest, onProgress?: (done: number, total: number) => void): Promise<AddAttachmentResult> {
    const first = judge(request);
    // A document is read (in its worker) before the queue: a long read never holds up other adds.
    const judged: { part: AttachmentPart; scaledBytes?: Uint8Array } | { refused: AttachmentRefusal } =
      'refused' in first && isDocumentCandidate(request.name, first.refused, request.bytes)
        ? await this.documents.judge(request, onProgress)
        : first;
    return this.serially(async () => {
      if ('refused' in judged) return judged;
      const { part, scaledBytes } = judged;
      await this.write(part.sha256, fileName(part), request.bytes);
      if (part.scaled && scaledBytes) await this.write(part.scaled.sha256, fileName(part.scaled), scaledBytes);
      for (const hash of hashesOf(part)) this.held.add(hash);
      this.issued.set(part.sha256, part);
      return { attachment: part };
    });
  }

  /** An attachment added in this process, by the hash of its original. */
  issuedPart(sha256: string): AttachmentPart | undefined {
    return this.issued.get(sha256);
  }

  /** True when the file of `sha256` is stored. */
  has(sha256: string): boolean {
    return this.files.has(sha256);
  }

  /** The bytes of a stored file (the original or a scaled copy), or undefined when it is not stored. */
  async read(sha256: string): Promise<AttachmentBytes | undefined> {
    const name = this.files.get(sha256);
    if (!name) return undefined;
    try {
      const bytes = await fs.readFile(path.join(this.dir, name));
      this.filesRead += 1;
      return { mimeType: mimeOfFile(name), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Records that `sessionId` references `parts`; resolves once that is on disk (before the run may commit). */
  retain(sessionId: string, parts: readonly AttachmentPart[]): Promise<void> {
    return this.serially(async () => {
      const current = this.refs.get(sessionId) ?? new Set<string>();
      const before = current.size;
      for (const part of parts) for (const hash of hashesOf(part)) current.add(hash);
      if (current.size !== before) {
        this.refs.set(sessionId, current);
        await this.saveRefs();
      }
      for (const part of parts) for (const hash of hashesOf(part)) this.held.delete(hash);
    });
  }

  /** Forgets a deleted session's references and deletes the files no remaining session references. */
  release(sessionId: string): Promise<void> {
    return this.serially(async () => {
      const hashes = await this.dropRefs(sessionId);
      if (hashes) await this.collect(hashes);
    });
  }

  /**
   * A removed session whose message was handed back unsent (a failed first send): its references go, and its files
   * stay held like any attachment added and not yet sent, since they are back in a composer.
   */
  handBack(sessionId: string): Promise<void> {
    return this.serially(async () => {
      for (const hash of (await this.dropRefs(sessionId)) ?? []) this.held.add(hash);
    });
  }

  /** Waits until every queued change is done. */
  flush(): Promise<void> {
    return this.serially(async () => {});
  }

  // ---- internals ----

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  /** One way for release and handBack to drop a session's references: saved before any file is deleted or held. */
  private async dropRefs(sessionId: string): Promise<Set<string> | undefined> {
    const hashes = this.refs.get(sessionId);
    if (!hashes) return undefined;
    this.refs.delete(sessionId);
    await this.saveRefs();
    return hashes;
  }

  private async write(sha256: string, name: string, bytes: Uint8Array): Promise<void> {
    if (this.files.get(sha256) === name) return; // content-addressed: the same bytes are stored once
    await fs.mkdir(this.dir, { recursive: true });
    await writeFileAtomic(path.join(this.dir, name), bytes);
    this.files.set(sha256, name);
  }

  /** Deletes those of `candidates` that no session references and nothing in this process still holds. */
  private async collect(candidates: Iterable<string>): Promise<void> {
    const referenced = new Set<string>();
    for (const hashes of this.refs.values()) for (const hash of hashes) referenced.add(hash);
    for (const hash of candidates) {
      if (referenced.has(hash) || this.held.has(hash)) continue;
      const name = this.files.get(hash);
      if (!name) continue;
      this.files.delete(hash);
      await fs.rm(path.join(this.dir, name), { force: true });
    }
  }

  private async saveRefs(): Promise<void> {
    const file: RefsFile = { version: 1, sessions: {} };
    for (const [id, hashes] of this.refs) file.sessions[id] = [...hashes].sort();
    await writeFileAtomic(path.join(this.dir, REFS_FILE), `${JSON.stringify(file)}\n`);
  }

  private async sweep(): Promise<void> {
    const names = await fs.readdir(this.dir);
    for (const name of names) {
      const match = STORED_FILE.exec(name);
      if (match) this.files.set(match[1]!, name);
      // A temp file is a write a crash cut short; nothing refers to it.
      else if (name.endsWith('.tmp')) await fs.rm(path.join(this.dir, name), { force: true });
    }
    // Every session file, readable or not, keeps its references: only a deleted session's are stale.
    const sessionsDir = path.join(this.options.dataDir, 'sessions');
    let sessionNames: string[];
    try {
      sessionNames = await fs.readdir(sessionsDir);
    } catch (error) {
      // Without knowing the sessions nothing can be judged unreferenced; only "no sessions folder yet" means none.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.options.log?.error('attachments: the sessions folder could not be listed; nothing is collected this time', error);
        this.refs = (await this.loadRefs()) ?? new Map<string, Set<string>>();
        return;
      }
      sessionNames = [];
    }
    const sessions = new Set(sessionNames.map((name) => SESSION_FILE.exec(name)?.[1]).filter((id): id is string => id !== undefined));
    const loaded = await this.loadRefs();
    // Without refs.json to trust, the sessions say which files are shown (they are the source of truth).
    this.refs = loaded ?? (await this.rebuildRefs(sessions));
    let stale = loaded === undefined;
    for (const id of [...this.refs.keys()]) {
      if (sessions.has(id)) continue;
      this.refs.delete(id);
      stale = true;
    }
    if (stale && (this.refs.size > 0 || this.files.size > 0)) await this.saveRefs();
    await this.collect([...this.files.keys()]);
  }

  /**
   * The references refs.json holds, or undefined when there is none to trust: missing, or set aside whole — anything in
   * it that cannot be read (a truncated file, a wrong type, a newer format, a size no real one reaches) means it cannot
   * say which files are still shown, and files would be deleted on its word. It is then moved to
   * `refs.json.unread.bak` (so the rebuilt one never replaces it unread) and `notice` says so.
   */
  private async loadRefs(): Promise<Map<string, Set<string>> | undefined> {
    const file = path.join(this.dir, REFS_FILE);
    let text: string | undefined;
    try {
      const size = (await fs.stat(file).catch(() => undefined))?.size;
      if (size !== undefined && size > REFS_MAX_BYTES) return await this.setAside(file, 'tooLarge');
      text = await readFileIfExists(file);
    } catch (error) {
      this.options.log?.error('attachments: refs.json could not be read; rebuilding it from the sessions', error);
    }
    if (text === undefined) return undefined;
    const read = readRefs(text);
    if (typeof read === 'string') return await this.setAside(file, read);
    return read;
  }

  /** Moves an untrusted refs.json aside (the rebuild then writes a new one) and records the notice. */
  private async setAside(file: string, problem: 'unreadable' | 'newerVersion' | 'tooLarge'): Promise<undefined> {
    this.options.log?.info(`attachments: refs.json is ${problem === 'tooLarge' ? 'too large' : problem}; rebuilding it from the sessions`);
    const keptAs = await fs.rename(file, `${file}${UNREAD_COPY_SUFFIX}`).then(
      () => `attachments/${REFS_FILE}${UNREAD_COPY_SUFFIX}`,
      (error: unknown) => void this.options.log?.error('attachments: refs.json could not be kept aside', error),
    );
    this.notice = {
      file: 'attachmentRefs',
      problem,
      ...(problem === 'tooLarge' && { limitBytes: REFS_MAX_BYTES }),
      ...(keptAs && { keptAs }),
    };
    return undefined;
  }

  /** The references as the session files state them (used only when refs.json is missing or damaged). */
  private async rebuildRefs(sessions: ReadonlySet<string>): Promise<Map<string, Set<string>>> {
    const refs = new Map<string, Set<string>>();
    if (this.files.size === 0) return refs;
    const sessionsDir = path.join(this.options.dataDir, 'sessions');
    for (const id of sessions) {
      const text = await readFileIfExists(path.join(sessionsDir, `${id}.jsonl`)).catch(() => undefined);
      if (text === undefined) continue;
      const hashes = new Set<string>();
      for (const match of text.matchAll(HASH_IN_SESSION)) hashes.add(match[1]!);
      if (hashes.size) refs.set(id, hashes);
    }
    return refs;
  }
}

/** Larger than this refs.json is not read (100,000 chats with ten files each stay far below). */
const REFS_MAX_BYTES = 64 * 1024 * 1024;
const HASH = /^[0-9a-f]{64}$/;

/** refs.json's references, or why none of it can be trusted. */
function readRefs(text: string): Map<string, Set<string>> | 'unreadable' | 'newerVersion' {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) return 'unreadable';
  const { version, sessions } = file as Partial<Record<keyof RefsFile, unknown>>;
  if (typeof version === 'number' && version > 1) return 'newerVersion';
  if (version !== 1 || typeof sessions !== 'object' || sessions === null || Array.isArray(sessions)) return 'unreadable';
  const refs = new Map<string, Set<string>>();
  for (const [id, hashes] of Object.entries(sessions)) {
    if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && HASH.test(hash))) return 'unreadable';
    refs.set(id, new Set(hashes as string[]));
  }
  return refs;
}

/** Every stored file a part stands for. */
function hashesOf(part: AttachmentPart): string[] {
  return part.scaled ? [part.sha256, part.scaled.sha256] : [part.sha256];
}

function fileName(part: { sha256: string; mimeType: string }): string {
  return `${part.sha256}.${isImageType(part.mimeType) ? EXTENSION[part.mimeType] : part.mimeType === DOCUMENT_MIME ? 'bin' : 'txt'}`;
}

function mimeOfFile(name: string): string {
  const ext = extensionOf(name);
  for (const [mime, e] of Object.entries(EXTENSION)) if (e === ext) return mime;
  if (ext === 'bin') return DOCUMENT_MIME;
  return 'text/plain';
}

const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The rule for what may be attached, from the bytes: the four image types (up to the pixel limit their header states;
 * larger than the side limit only with a valid scaled copy), UTF-8 text with a text extension, nothing else — a file
 * named like an image whose bytes are not one is "not an image". Pure apart from hashing.
 */
export function judge(request: AddAttachmentRequest): { part: AttachmentPart; scaledBytes?: Uint8Array } | { refused: AttachmentRefusal } {
  const { bytes, name } = request;
  const ext = extensionOf(name);
  if (bytes.length === 0) return { refused: { reason: 'empty', name } };
  const sniffed = sniff(bytes);
  if (sniffed.kind === 'image') {
    if (bytes.length > ATTACHMENT_LIMITS.maxImageBytes)
      return { refused: { reason: 'too_large', name, size: bytes.length, limit: ATTACHMENT_LIMITS.maxImageBytes } };
    // Judged by what its header says before anything decodes it, whatever copy came with it.
    const limit = ATTACHMENT_LIMITS.maxImagePixels;
    if (sniffed.width * sniffed.height > limit)
      return { refused: { reason: 'too_many_pixels', name, width: sniffed.width, height: sniffed.height, limit } };
    const part: AttachmentPart = {
      type: 'attachment',
      kind: 'image',
      sha256: sha256Of(bytes),
      mimeType: sniffed.mimeType,
      name,
      size: bytes.length,
      width: sniffed.width,
      height: sniffed.height,
    };
    const side = ATTACHMENT_LIMITS.maxImageSide;
    if (sniffed.width <= side && sniffed.height <= side) return { part };
    const scaled = request.scaled ? scaledCopy(request.scaled, sniffed.width, sniffed.height) : undefined;
    if (!scaled) return { refused: { reason: 'unreadable_image', name } };
    return { part: { ...part, scaled }, scaledBytes: request.scaled };
  }
  if (sniffed.kind === 'text' && isTextExtension(ext)) {
    if (bytes.length > ATTACHMENT_LIMITS.maxTextBytes)
      return { refused: { reason: 'too_large', name, size: bytes.length, limit: ATTACHMENT_LIMITS.maxTextBytes } };
    return { part: { type: 'attachment', kind: 'text', sha256: sha256Of(bytes), mimeType: 'text/plain', name, size: bytes.length } };
  }
  // A file named like an image whose bytes are not one is refused as what its bytes are.
  const label = sniffed.kind === 'binary' ? sniffed.label : undefined;
  if (IMAGE_EXTENSIONS.includes(ext))
    return {
      refused: { reason: 'not_an_image', name, extension: ext, ...(sniffed.kind === 'text' ? { label: 'text' } : label ? { label } : {}) },
    };
  return { refused: { reason: 'unsupported', name, ...(label ? { label } : {}), ...(ext ? { extension: ext } : {}) } };
}

/** A scaled copy is accepted only when it is one of our image types, within the side limit, with the same shape. */
function scaledCopy(bytes: Uint8Array, width: number, height: number): ScaledImage | undefined {
  const image = sniff(bytes);
  if (image.kind !== 'image') return undefined;
  if (bytes.length > ATTACHMENT_LIMITS.maxImageBytes) return undefined;
  const side = ATTACHMENT_LIMITS.maxImageSide;
  if (image.width > side || image.height > side || Math.max(image.width, image.height) < side - 1) return undefined;
  // Rounding moves each side by at most a pixel; anything else is a different picture.
  if (Math.abs(image.width / image.height - width / height) > 0.02 * (width / height) + 1 / Math.min(image.width, image.height))
    return undefined;
  return { sha256: sha256Of(bytes), mimeType: image.mimeType, size: bytes.length, width: image.width, height: image.height };
}
