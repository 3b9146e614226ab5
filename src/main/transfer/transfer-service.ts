// Export and import, orchestrated: asks the injected dialogs for a path, reads sessions through the store's files,
// writes every export atomically, and stores each imported conversation as a new session.
//
// The import rules: a file is refused whole — before anything is written — when it is too large, not readable, not
// JSON or ZIP, or in no format we know. Otherwise each conversation in it is validated on its own and stored whole
// (attached files first, then the session file in one atomic write) or not at all, and reported when not. Imports
// only ever create sessions with new ids: no existing session is read for writing, let alone changed.
import { randomUUID } from 'node:crypto';
import { strFromU8, strToU8 } from 'fflate';
import fs from 'node:fs/promises';
import path from 'node:path';
import { attachmentsOf, type AttachmentPart } from '../../shared/attachments.js';
import { AppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/settings.js';
import {
  NOTHING_LEFT_OUT,
  TRANSFER_LIMITS,
  type ExportFormat,
  type ExportResult,
  type ImportFailure,
  type ImportResult,
  type LeftOut,
} from '../../shared/transfer.js';
import type { AttachmentStore } from '../attachments/index.js';
import type { SessionService } from '../sessions/index.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { archiveChatFile, isJsonEntry, isZip, MANIFEST_FILE, readArchive, safeFileName, writeArchive } from './archive.js';
import type { ImportCandidate, ReadConversation } from './candidate.js';
import { chatView, textAttachmentsOf, type AttachedFiles, type ChatView } from './chat-view.js';
import type { FileDialogs } from './dialogs.js';
import { chatHtml } from './html.js';
import {
  chatgptAssets,
  chatgptConversations,
  chatgptTitle,
  isChatgptAssetFile,
  isChatgptExport,
  readChatgptConversation,
} from './import-chatgpt.js';
import { isNewerExport, isOwnExport, ownTitle, readOwnExport } from './import-own.js';
import { chatExport, chatExportText } from './json.js';
import { chatMarkdown } from './markdown.js';
import { attachmentHashes, readSnapshot, type SessionSnapshot } from './snapshot.js';
import type { TransferStrings } from './strings.js';

export interface TransferServiceOptions {
  sessions: Pick<SessionService, 'adopt' | 'store'>;
  attachments: Pick<AttachmentStore, 'read' | 'add' | 'retain' | 'release'>;
  dialogs: FileDialogs;
  strings(): TransferStrings;
  locale(): Locale;
  /** The system prompt of chats imported from elsewhere (ChatGPT's is not in its export). */
  defaultSystemPrompt(): string;
  log: { info(message: string): void; error(context: string, error?: unknown): void };
  now?: () => Date;
  /** Tests lower these to exercise the refusals with small files. */
  limits?: Partial<typeof TRANSFER_LIMITS>;
}

const EXTENSION: Record<ExportFormat, string> = { markdown: 'md', json: 'json', html: 'html' };

export class TransferService {
  private readonly limits: typeof TRANSFER_LIMITS;

  constructor(private readonly options: TransferServiceOptions) {
    this.limits = { ...TRANSFER_LIMITS, ...options.limits };
  }

  /** Saves one chat as `format` where the person chooses; `saved: false` when they cancel. */
  async exportSession(sessionId: string, format: ExportFormat): Promise<ExportResult> {
    const strings = this.options.strings();
    const snapshot = await this.snapshot(sessionId);
    const view = chatView(snapshot, strings.untitled);
    const target = await this.options.dialogs.chooseSavePath({
      title: strings.exportTitle,
      defaultName: `${safeFileName(view.title, strings.untitled)}.${EXTENSION[format]}`,
      filters: [{ name: strings.filterName[format], extensions: [EXTENSION[format]] }],
    });
    if (!target) return { saved: false, count: 0 };
    const now = this.now();
    let text: string;
    if (format === 'markdown') text = chatMarkdown(view, strings, now, await this.textFiles(view));
    else if (format === 'html') text = chatHtml(view, strings, now, this.options.locale(), await this.files(snapshot));
    else text = chatExportText(chatExport(snapshot, await this.files(snapshot), now, strings.untitled));
    await writeFileAtomic(target, text);
    return { saved: true, fileName: path.basename(target), count: 1 };
  }

  /** Saves every readable chat into one ZIP archive; chats whose files cannot be read are left out (and logged). */
  async exportAll(): Promise<ExportResult> {
    const strings = this.options.strings();
    const now = this.now();
    const target = await this.options.dialogs.chooseSavePath({
      title: strings.exportAllTitle,
      defaultName: `Tiny Agent ${now.toISOString().slice(0, 10)}.zip`,
      filters: [{ name: strings.filterName.archive, extensions: ['zip'] }],
    });
    if (!target) return { saved: false, count: 0 };
    const ids = [...this.options.sessions.store.entries()].filter((entry) => !entry.problem).map((entry) => entry.id);
    const chats = async function* (this: TransferService) {
      for (const id of ids) {
        let snapshot: SessionSnapshot;
        try {
          snapshot = await this.snapshot(id);
        } catch (error) {
          this.options.log.error(`export all: session ${id} skipped`, error);
          continue;
        }
        const file = chatExport(snapshot, await this.files(snapshot), now, strings.untitled);
        yield { file: archiveChatFile(file.chat.name, id), name: file.chat.name, text: chatExportText(file) };
      }
    }.call(this);
    const count = await writeArchive(target, chats, now);
    return { saved: true, fileName: path.basename(target), count };
  }

  /** Asks for a file and imports it (see the rules above). */
  async importFile(): Promise<ImportResult> {
    const strings = this.options.strings();
    const source = await this.options.dialogs.chooseOpenPath({
      title: strings.importTitle,
      filters: [{ name: strings.filterName.importable, extensions: ['json', 'zip'] }],
    });
    if (!source) return { cancelled: true };
    const conversations = await this.readImport(source, strings);
    const imported: Array<{ id: string; name: string; leftOut: LeftOut }> = [];
    const failed: ImportFailure[] = [];
    for (const conversation of conversations) {
      if (!conversation.ok) {
        failed.push(conversation.failure);
        continue;
      }
      try {
        const stored = await this.store(conversation.candidate, strings);
        imported.push({ ...stored, leftOut: { ...(conversation.candidate.leftOut ?? NOTHING_LEFT_OUT) } });
      } catch (error) {
        this.options.log.error(`import: "${conversation.candidate.title}" could not be stored`, error);
        const reason = error instanceof AppError ? error.message : strings.writeFailed;
        failed.push({ title: conversation.candidate.title, reason });
      }
    }
    this.options.log.info(`import from ${path.basename(source)}: ${imported.length} imported, ${failed.length} refused`);
    return { cancelled: false, fileName: path.basename(source), imported, failed };
  }

  /** Every conversation in the file, each read or refused; throws (nothing written) when the file as a whole is refused. */
  private async readImport(source: string, strings: TransferStrings): Promise<ReadConversation[]> {
    const refuse = refuseWith;
    let bytes: Buffer;
    try {
      // Size first: a file past the limit is refused without reading a byte of it.
      const stat = await fs.stat(source);
      if (stat.size > this.limits.maxImportBytes) refuse(strings.tooLarge(Math.round(this.limits.maxImportBytes / 1024 / 1024)));
      bytes = await fs.readFile(source);
    } catch (error) {
      if (error instanceof AppError) throw error;
      return refuse(strings.unreadable((error as NodeJS.ErrnoException).code ?? String(error)));
    }
    let conversations: ReadConversation[];
    if (isZip(bytes)) conversations = await this.readZip(bytes, strings);
    else conversations = this.readJson(parseJson(bytes) ?? refuse(strings.notJson), strings);
    if (conversations.length === 0) refuse(strings.nothingInFile);
    if (conversations.length > this.limits.maxConversations) refuse(strings.tooManyConversations(this.limits.maxConversations));
    return conversations;
  }

  /** `assets`: the pictures of ChatGPT's export ZIP, when the file was that ZIP. */
  private readJson(value: unknown, strings: TransferStrings, assets?: ReadonlyMap<string, Uint8Array>): ReadConversation[] {
    if (isOwnExport(value)) {
      if (isNewerExport(value)) throw new AppError('invalid_input', strings.newerVersion);
      const title = ownTitle(value, strings.position(1));
      return [this.readAlone(title, strings, () => readOwnExport(value, strings, title))];
    }
    if (isChatgptExport(value)) {
      const list = chatgptConversations(value);
      if (list.length > this.limits.maxConversations)
        throw new AppError('invalid_input', strings.tooManyConversations(this.limits.maxConversations));
      const options = {
        systemPrompt: this.options.defaultSystemPrompt(),
        now: this.now().getTime(),
        ...(assets && { asset: chatgptAssets(assets) }),
      };
      return list.map((conversation, i) =>
        this.readAlone(chatgptTitle(conversation, i + 1, strings), strings, () =>
          readChatgptConversation(conversation, i + 1, strings, options),
        ),
      );
    }
    throw new AppError('invalid_input', strings.wrongFormat);
  }

  /** Our archive (manifest + chats), or ChatGPT's export ZIP (conversations.json inside). */
  private async readZip(bytes: Uint8Array, strings: TransferStrings): Promise<ReadConversation[]> {
    // JSON, and the pictures ChatGPT's export carries (named after their asset ids): nothing else is unpacked.
    const archive = await readArchive(
      bytes,
      this.limits.maxUnpackedBytes,
      (name) => isJsonEntry(name) || isChatgptAssetFile(name),
      this.limits.maxConversations,
    );
    if (!archive.ok) {
      const message = {
        too_large: () => strings.tooLarge(Math.round(this.limits.maxUnpackedBytes / 1024 / 1024)),
        too_many: () => strings.tooManyConversations(this.limits.maxConversations),
        damaged: () => strings.damagedArchive,
      }[archive.reason]();
      throw new AppError('invalid_input', message);
    }
    const { files } = archive;
    const conversationsJson = [...files.keys()].find((name) => path.posix.basename(name) === 'conversations.json');
    if (!files.has(MANIFEST_FILE) && conversationsJson) {
      return this.readJson(parseJson(files.get(conversationsJson)!) ?? refuseWith(strings.notJson), strings, files);
    }
    if (!files.has(MANIFEST_FILE)) throw new AppError('invalid_input', strings.wrongFormat);
    const manifest = parseJson(files.get(MANIFEST_FILE)!) as { chats?: Array<{ file?: unknown }> } | undefined;
    if (!manifest || (manifest as { format?: unknown }).format !== 'tiny-agent-archive')
      throw new AppError('invalid_input', strings.wrongFormat);
    if (isNewerExport({ version: (manifest as { version?: unknown }).version })) throw new AppError('invalid_input', strings.newerVersion);
    // The manifest's order; chats the manifest does not list are still imported after them.
    // Each name as the ZIP spells it: an archive written before names were cut on characters has a lone surrogate in
    // its manifest where the entry's UTF-8 name has U+FFFD.
    const listed = (manifest.chats ?? [])
      .map((chat) => chat.file)
      .filter((file): file is string => typeof file === 'string')
      .map((file) => strFromU8(strToU8(file)));
    const names = [...new Set([...listed, ...[...files.keys()].filter((name) => name.startsWith('chats/')).sort()])];
    return names.map((name) => {
      const fallback = path.posix.basename(name);
      const data = files.get(name);
      const value = data ? parseJson(data) : undefined;
      if (value === undefined) return { ok: false, failure: { title: fallback, reason: strings.notJson } };
      if (isOwnExport(value) && isNewerExport(value)) return { ok: false, failure: { title: fallback, reason: strings.newerVersion } };
      return this.readAlone(ownTitle(value, fallback), strings, () => readOwnExport(value, strings, fallback));
    });
  }

  /**
   * Reads one conversation so that a throw refuses it alone: whatever one conversation holds (or a bug it meets),
   * the others of the file are still read, and the report names it with a reason the person can read.
   */
  private readAlone(title: string, strings: TransferStrings, read: () => ReadConversation): ReadConversation {
    try {
      return read();
    } catch (error) {
      this.options.log.error(`import: "${title}" could not be read`, error);
      return { ok: false, failure: { title, reason: strings.conversationUnreadable } };
    }
  }

  /**
   * Stores one conversation as a new session. Attached files go first (content-addressed: storing one twice is
   * harmless) and are referenced under the new id before the session file exists, so a crash can only over-count
   * references, never lose a file a chat shows; a session that fails to be written releases them again.
   */
  private async store(candidate: ImportCandidate, strings: TransferStrings): Promise<{ id: string; name: string }> {
    const id = randomUUID();
    const parts = new Map<string, AttachmentPart>();
    for (const line of candidate.lines) {
      if (line.type === 'message' && line.message.role === 'user')
        for (const part of attachmentsOf(line.message.content)) parts.set(part.sha256, part);
    }
    const kept: AttachmentPart[] = [];
    for (const part of parts.values()) {
      const bytes = candidate.files.get(part.sha256);
      if (!bytes) continue; // not in the file: the chat shows it as missing, as it would have there
      const scaled = part.scaled ? candidate.files.get(part.scaled.sha256) : undefined;
      const result = await this.options.attachments.add({ name: part.name, bytes, ...(scaled && { scaled }) });
      if ('refused' in result || result.attachment.sha256 !== part.sha256)
        throw new AppError('invalid_input', strings.badAttachment(part.name));
      kept.push(part);
    }
    if (kept.length) await this.options.attachments.retain(id, kept);
    try {
      const summary = await this.options.sessions.adopt({ ...candidate.header, id }, candidate.lines);
      return { id, name: summary.name };
    } catch (error) {
      if (kept.length)
        await this.options.attachments.release(id).catch((e: unknown) => this.options.log.error('import: release failed', e));
      throw error;
    }
  }

  private async snapshot(sessionId: string): Promise<SessionSnapshot> {
    const strings = this.options.strings();
    const store = this.options.sessions.store;
    const entry = store.entry(sessionId);
    if (!entry) throw new AppError('not_found', strings.chatUnreadable);
    if (entry.problem) throw new AppError('storage', strings.chatUnreadable);
    return readSnapshot(store.filePath(sessionId), sessionId, strings.chatUnreadable);
  }

  /** The attached files of a chat that can still be read, by sha256. */
  private async files(snapshot: SessionSnapshot): Promise<Map<string, { mimeType: string; bytes: Uint8Array }>> {
    const files = new Map<string, { mimeType: string; bytes: Uint8Array }>();
    for (const hash of attachmentHashes(snapshot.parsed.entries)) {
      const file = await this.options.attachments.read(hash).catch((error: unknown) => {
        this.options.log.error(`export: attachment ${hash} could not be read`, error);
        return undefined;
      });
      if (file) files.set(hash, file);
    }
    return files;
  }

  /** The attached text files of the shown branch (a reading copy needs no pictures, nor other versions' files). */
  private async textFiles(view: ChatView): Promise<AttachedFiles> {
    const files = new Map<string, { mimeType: string; bytes: Uint8Array }>();
    for (const part of textAttachmentsOf(view)) {
      const file = await this.options.attachments.read(part.sha256).catch((error: unknown) => {
        this.options.log.error(`export: attachment ${part.sha256} could not be read`, error);
        return undefined;
      });
      if (file) files.set(part.sha256, file);
    }
    return files;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** JSON text (a UTF-8 byte order mark allowed), or undefined when it is not JSON. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

function refuseWith(message: string): never {
  throw new AppError('invalid_input', message);
}
