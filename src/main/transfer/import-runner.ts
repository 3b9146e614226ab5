// One import at a time, from the chosen file to the report: the file is read, parsed and converted in the import
// worker (import-job.ts), and main only stores what arrives — each chat through the session service's `adopt` (one
// atomic session file), one chat per turn of the event loop, so a stream or a click waits at most one chat's write.
//
// The rules: a file the worker refuses as a whole changes nothing. Otherwise each conversation is stored whole
// (attached files first, then the session file in one atomic write) or not at all, and reported when not. Cancel stops
// the worker; the chat being written is finished, the rest of the file is not read, and every chat stored stays.
// Imports only ever create sessions with new ids: no existing session is read for writing, let alone changed.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { attachmentsOf, type AttachmentPart } from '../../shared/attachments.js';
import { AppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/settings.js';
import {
  NOTHING_LEFT_OUT,
  type ImportFailure,
  type ImportProgress,
  type ImportResult,
  type LeftOut,
  type TRANSFER_LIMITS,
} from '../../shared/transfer.js';
import type { AttachmentStore } from '../attachments/index.js';
import type { SessionService } from '../sessions/index.js';
import type { ImportCandidate } from './candidate.js';
import { ImportJob, type ImportJobOptions } from './import-job.js';
import { IMPORT_BATCH, type ImportBatchLimits } from './import-protocol.js';
import type { TransferStrings } from './strings.js';

export interface ImportRunnerOptions {
  sessions: Pick<SessionService, 'adopt'>;
  attachments: Pick<AttachmentStore, 'add' | 'retain' | 'release'>;
  strings(): TransferStrings;
  locale(): Locale;
  /** The system prompt of chats imported from elsewhere (ChatGPT's is not in its export). */
  defaultSystemPrompt(): string;
  log: { info(message: string): void; error(context: string, error?: unknown): void };
  now(): Date;
  limits: typeof TRANSFER_LIMITS;
  /** How far the import has got: after the file is chosen, once it is accepted, and after each batch written. */
  progress(progress: ImportProgress): void;
  /** Tests start other worker scripts, or lower the batch limits. */
  spawn?: ImportJobOptions['spawn'];
  batch?: ImportBatchLimits;
}

/**
 * Main's work for imports since start (tests count it): chats stored, and the most chats begun within one turn of the
 * event loop (between two of its check phases) — 1 while every chat gets a turn of its own.
 */
export const importWork = { chatsWritten: 0, mostChatsPerTurn: 0 };

let chatsThisTurn = 0;
let turnReset: NodeJS.Immediate | undefined;

/** Counts a chat begun in this turn of the event loop. */
function countChatInTurn(): void {
  chatsThisTurn += 1;
  importWork.mostChatsPerTurn = Math.max(importWork.mostChatsPerTurn, chatsThisTurn);
  turnReset ??= setImmediate(() => {
    chatsThisTurn = 0;
    turnReset = undefined;
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Running {
  id: string;
  cancel(): void;
  finished: Promise<unknown>;
}

export class ImportRunner {
  /** The import under way; `choosing` while its open dialog is shown. */
  private current: Running | 'choosing' | undefined;

  constructor(private readonly options: ImportRunnerOptions) {}

  /** Refuses a second import while one runs (its dialog included); `choose` asks for the file. */
  async run(choose: () => Promise<string | undefined>): Promise<ImportResult> {
    if (this.current) throw new AppError('busy', this.options.strings().importRunning);
    this.current = 'choosing';
    let source: string | undefined;
    try {
      source = await choose();
    } finally {
      this.current = undefined;
    }
    if (!source) return { cancelled: true };
    return this.importFrom(source);
  }

  /** Imports `source` without a dialog (the benchmark and scripted tools call this directly). */
  importFrom(source: string): Promise<ImportResult> {
    if (this.current) throw new AppError('busy', this.options.strings().importRunning);
    const id = randomUUID();
    let cancelled = false;
    let job: ImportJob | undefined;
    const running: Running = {
      id,
      cancel: () => {
        cancelled = true;
        void job?.stop();
      },
      finished: Promise.resolve(),
    };
    this.current = running;
    const work = (async () => {
      try {
        job = this.start(source);
        if (cancelled) void job.stop();
        return await this.consume(id, source, job, () => cancelled);
      } finally {
        await job?.stop();
        if (this.current === running) this.current = undefined;
      }
    })();
    running.finished = work.catch(() => undefined);
    return work;
  }

  /** Stops import `importId`; false when it is not the one running. */
  cancel(importId: string): boolean {
    const running = this.current;
    if (!running || running === 'choosing' || running.id !== importId) return false;
    running.cancel();
    return true;
  }

  /** Cancels an import under way and waits until the chat being written is on disk. */
  async dispose(): Promise<void> {
    const running = this.current;
    if (!running || running === 'choosing') return;
    running.cancel();
    await running.finished;
  }

  private start(source: string): ImportJob {
    const locale = this.options.locale();
    return ImportJob.start(
      {
        source,
        locale,
        limits: this.options.limits,
        systemPrompt: this.options.defaultSystemPrompt(),
        now: this.options.now().getTime(),
        batch: this.options.batch ?? IMPORT_BATCH,
      },
      {
        log: (message, error) => (error === undefined ? this.options.log.info(message) : this.options.log.error(message, error)),
        ...(this.options.spawn && { spawn: this.options.spawn }),
      },
    );
  }

  private async consume(id: string, source: string, job: ImportJob, cancelled: () => boolean): Promise<ImportResult> {
    const strings = this.options.strings();
    const fileName = path.basename(source);
    const imported: Array<{ id: string; name: string; leftOut: LeftOut }> = [];
    const failed: ImportFailure[] = [];
    let total = 0;
    let readingFailed = false;
    const report = (phase: ImportProgress['phase']) =>
      this.options.progress({ importId: id, fileName, phase, total, done: imported.length + failed.length, imported: imported.length });
    report('reading');
    events: for await (const event of job) {
      switch (event.kind) {
        case 'refused':
          throw new AppError('invalid_input', event.message);
        case 'failed':
          this.options.log.error(`import from ${fileName}: reading stopped (${event.detail})`);
          if (total === 0) throw new AppError('internal', strings.importStopped);
          readingFailed = true;
          break events;
        case 'opened':
          total = event.total;
          report('importing');
          break;
        case 'batch':
          for (const conversation of event.items) {
            // A turn of the event loop per chat: what else main does (a stream, the window's requests) goes between.
            await nextTurn();
            if (cancelled()) break events;
            countChatInTurn();
            if (!conversation.ok) {
              failed.push(conversation.failure);
              continue;
            }
            const { candidate } = conversation;
            try {
              const stored = await this.store(candidate, strings);
              importWork.chatsWritten += 1;
              imported.push({ ...stored, leftOut: { ...(candidate.leftOut ?? NOTHING_LEFT_OUT) } });
            } catch (error) {
              this.options.log.error(`import: "${candidate.title}" could not be stored`, error);
              failed.push({ title: candidate.title, reason: error instanceof AppError ? error.message : strings.writeFailed });
            }
          }
          if (!cancelled()) report('importing');
          break;
        case 'done':
          break;
      }
    }
    const done = imported.length + failed.length;
    const stopped = total === 0 || done < total ? (cancelled() ? 'cancelled' : readingFailed ? 'failed' : undefined) : undefined;
    this.options.log.info(
      `import from ${fileName}: ${imported.length} imported, ${failed.length} refused` +
        (stopped ? `, ${stopped} after ${done} of ${total}` : ''),
    );
    return { cancelled: false, fileName, imported, failed, total, ...(stopped && { stopped }) };
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
}
