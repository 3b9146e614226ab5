// Export and import, orchestrated: asks the injected dialogs for a path, reads sessions through the store's files,
// writes every export atomically; imports are run by import-runner.ts (the file read in a worker, each chat stored
// whole or not at all as a new session).
import { AppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/settings.js';
import { TRANSFER_LIMITS, type ExportFormat, type ExportResult, type ImportProgress, type ImportResult } from '../../shared/transfer.js';
import type { AttachmentStore } from '../attachments/index.js';
import type { SessionService } from '../sessions/index.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import path from 'node:path';
import { archiveChatFile, safeFileName, writeArchive } from './archive.js';
import { chatView, textAttachmentsOf, type AttachedFiles, type ChatView } from './chat-view.js';
import type { FileDialogs } from './dialogs.js';
import { chatHtml } from './html.js';
import { ImportRunner } from './import-runner.js';
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
  /** How far an import has got (sent to the window as `import_progress` events). */
  importProgress?: (progress: ImportProgress) => void;
}

const EXTENSION: Record<ExportFormat, string> = { markdown: 'md', json: 'json', html: 'html' };

export class TransferService {
  private readonly imports: ImportRunner;

  constructor(private readonly options: TransferServiceOptions) {
    this.imports = new ImportRunner({
      sessions: options.sessions,
      attachments: options.attachments,
      strings: options.strings,
      locale: options.locale,
      defaultSystemPrompt: options.defaultSystemPrompt,
      log: options.log,
      now: () => this.now(),
      limits: { ...TRANSFER_LIMITS, ...options.limits },
      progress: (progress) => options.importProgress?.(progress),
    });
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

  /**
   * Saves every readable chat into one ZIP archive; chats whose files cannot be read are left out (and logged). `only`
   * narrows it to some chats (a folder's), the archive named `only.name`.
   */
  async exportAll(only?: { ids: readonly string[]; name: string }): Promise<ExportResult> {
    const strings = this.options.strings();
    const now = this.now();
    const target = await this.options.dialogs.chooseSavePath({
      title: strings.exportAllTitle,
      defaultName: `${only ? safeFileName(only.name, strings.untitled) : 'Tiny Agent'} ${now.toISOString().slice(0, 10)}.zip`,
      filters: [{ name: strings.filterName.archive, extensions: ['zip'] }],
    });
    if (!target) return { saved: false, count: 0 };
    const wanted = only && new Set(only.ids);
    const ids = [...this.options.sessions.store.entries()]
      .filter((entry) => !entry.problem && (!wanted || wanted.has(entry.id)))
      .map((entry) => entry.id);
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

  /** Asks for a file and imports it (see import-runner.ts); one import at a time. */
  importFile(): Promise<ImportResult> {
    const strings = this.options.strings();
    return this.imports.run(() =>
      this.options.dialogs.chooseOpenPath({
        title: strings.importTitle,
        filters: [{ name: strings.filterName.importable, extensions: ['json', 'zip'] }],
      }),
    );
  }

  /** Imports the file at `source`, no dialog asked (the benchmark and scripted tools). */
  importFrom(source: string): Promise<ImportResult> {
    return this.imports.importFrom(source);
  }

  /** Stops import `importId` (from its progress events); false when it is not running. */
  cancelImport(importId: string): { cancelled: boolean } {
    return { cancelled: this.imports.cancel(importId) };
  }

  /** Cancels an import under way and waits for the chat being written. */
  dispose(): Promise<void> {
    return this.imports.dispose();
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
