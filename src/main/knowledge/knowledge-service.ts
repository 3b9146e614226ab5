// The knowledge bases as main runs them: knowledge.json (KnowledgeConfigFile), their index in the derived worker
// (KnowledgeIndexer: only changed files are read, folders watched), the window's view of where each stands (pushed as
// `knowledge_status` events, coalesced), retrieval for a chat's chosen bases, and the numbered passages a run was given
// (auto top-k, then each search_knowledge call, and the parts of attached documents: citation-ledger.ts), so the
// answer's [n] marks become citations.
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../shared/errors.js';
import type {
  AttachedDocumentRef,
  AttachedPassage,
  KnowledgeBase,
  KnowledgeBaseView,
  KnowledgeCitation,
  KnowledgePassage,
  KnowledgePathKind,
  KnowledgeProgress,
  KnowledgeView,
} from '../../shared/knowledge.js';
import type { Locale } from '../../shared/settings.js';
import { documentKindFor } from '../documents/extract-core.js';
import { extractDocument } from '../documents/extract.js';
import type { FileDialogs } from '../transfer/index.js';
import { KNOWLEDGE_FILE, KnowledgeConfigFile } from './config.js';
import { makeEmbedder, type Embedder, type EmbeddingEndpoint } from './embeddings.js';
import { CitationLedgers } from './citation-ledger.js';
import { formatPassages } from './passages.js';
import { isInside, KnowledgeIndexer, type KnowledgeStore } from './indexer.js';
import { KNOWLEDGE_STRINGS, type KnowledgeStrings } from './strings.js';
import { extractText, isReadableText, type Extract } from './text-extract.js';

export interface KnowledgeServiceOptions {
  dataDir: string;
  /** The derived database (DerivedDb); `available` false: bases can be kept but not indexed or searched. */
  store: KnowledgeStore & { available: boolean };
  language: () => Locale;
  dialogs: FileDialogs;
  /** Opens a file with the system's viewer (Electron's shell.openPath); answers an error text, '' when it opened. */
  openPath?: (file: string) => Promise<string>;
  /** The endpoint of a provider's embedding model (its base URL and key); throws when it cannot be used. */
  embeddingEndpoint: (providerId: string, model: string) => EmbeddingEndpoint;
  /** Pushes the whole view to the window (a `knowledge_status` event). */
  emit: (view: KnowledgeView) => void;
  log: (message: string, error?: unknown) => void;
  extract?: Extract;
  fetchImpl?: typeof fetch;
  /** Quiet time after a watched file changed before it is read again (default 300 ms). */
  debounceMs?: number;
  /** Coalescing of status events (default 100 ms). */
  emitDelayMs?: number;
}

/** Text files up to this size are read on main's thread (async I/O, one cheap split); larger ones go to the worker. */
const MAIN_THREAD_TEXT_BYTES = 1024 * 1024;

/** Documents (PDF, DOCX, ODT, spreadsheets, slides, EPUB, RTF, HTML) in the document worker; notes and code as text. */
export const extractForKnowledge: Extract = async (file) => {
  const name = path.basename(file);
  if (isReadableText(file)) {
    const stat = await fsp.stat(file);
    if (stat.size <= MAIN_THREAD_TEXT_BYTES || !documentKindFor(name)) return extractText(file);
  }
  return extractDocument(file, name);
};

interface Counts {
  files: number;
  chunks: number;
}

export class KnowledgeService {
  private readonly config: KnowledgeConfigFile;
  readonly indexer: KnowledgeIndexer;
  private readonly counts = new Map<string, Counts>();
  private readonly progress = new Map<string, KnowledgeProgress>();
  private readonly errors = new Map<string, string>();
  /** The sources each running chat was given, numbered in the order the model got them. */
  private readonly ledgers = new CitationLedgers();
  private emitTimer: NodeJS.Timeout | undefined;
  /** Counts of rows being read after a sync (idle() waits for them too). */
  private readonly counting = new Set<Promise<void>>();
  private started = false;
  private disposed = false;

  private constructor(private readonly options: KnowledgeServiceOptions) {
    this.config = new KnowledgeConfigFile(path.join(options.dataDir, KNOWLEDGE_FILE), options.language);
    this.indexer = new KnowledgeIndexer({
      store: options.store,
      extract: options.extract ?? extractForKnowledge,
      embedderFor: (base) => this.embedderFor(base),
      ...(options.debounceMs !== undefined && { debounceMs: options.debounceMs }),
      log: (message) => options.log(message),
      onStatus: (kbId, status) => {
        if (status === 'indexing') this.errors.delete(kbId);
        else {
          this.progress.delete(kbId);
          const counting = this.recount(kbId);
          this.counting.add(counting);
          void counting.finally(() => this.counting.delete(counting));
        }
        this.changed();
      },
      onProgress: (kbId, done, total) => {
        this.progress.set(kbId, { done, total });
        this.changed();
      },
      onEmbeddingError: (kbId, error) => {
        this.errors.set(kbId, this.strings().embeddingFailed(error instanceof Error ? error.message : String(error)));
        this.changed();
      },
    });
  }

  static async open(options: KnowledgeServiceOptions): Promise<KnowledgeService> {
    const service = new KnowledgeService(options);
    await service.config.load();
    if (service.config.error) options.log(`knowledge.json: ${service.config.error}`);
    return service;
  }

  private strings(): KnowledgeStrings {
    return KNOWLEDGE_STRINGS[this.options.language()];
  }

  private embedderFor(base: KnowledgeBase): Embedder | undefined {
    if (!base.embedding) return undefined;
    let endpoint: EmbeddingEndpoint;
    try {
      endpoint = this.options.embeddingEndpoint(base.embedding.providerId, base.embedding.model);
    } catch (error) {
      this.errors.set(base.id, this.strings().embeddingFailed(error instanceof Error ? error.message : String(error)));
      return undefined;
    }
    return makeEmbedder(endpoint, this.options.fetchImpl);
  }

  /** Indexes every base (what changed since the last start) and watches their folders; once. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    for (const base of this.config.bases) this.track(base);
  }

  /** The derived database was started afresh: every base's rows are gone, so each is indexed again. */
  afterReset(): void {
    if (!this.started || this.disposed) return;
    for (const base of this.config.bases) this.track(base);
  }

  private track(base: KnowledgeBase): void {
    if (!this.options.store.available) {
      this.errors.set(base.id, this.strings().unavailable);
      this.changed();
      return;
    }
    this.indexer.watch(base);
    this.indexer.sync(base).catch((error: unknown) => {
      this.errors.set(base.id, this.strings().indexFailed(error instanceof Error ? error.message : String(error)));
      this.changed();
    });
  }

  private async recount(kbId: string): Promise<void> {
    if (!this.options.store.available) return;
    try {
      const [files, chunks] = await Promise.all([
        this.options.store.call('knowledge.files', { kbId }),
        this.options.store.call('knowledge.count', { kbId }),
      ]);
      this.counts.set(kbId, { files: files.length, chunks });
      this.changed();
    } catch (error) {
      this.options.log(`knowledge base ${kbId}: counting failed`, error);
    }
  }

  view(): KnowledgeView {
    const bases = this.config.bases.map((base): KnowledgeBaseView => {
      const counts = this.counts.get(base.id) ?? { files: 0, chunks: 0 };
      const progress = this.progress.get(base.id);
      const error = this.errors.get(base.id);
      return {
        ...base,
        status: this.indexer.status.get(base.id) ?? 'idle',
        ...counts,
        ...(progress && { progress }),
        ...(error && { error }),
      };
    });
    return { bases, ...(this.config.error && { error: this.config.error }) };
  }

  /** A change the window should see: one event after a short pause, however many changes came meanwhile. */
  private changed(): void {
    if (this.disposed || this.emitTimer) return;
    this.emitTimer = setTimeout(() => {
      this.emitTimer = undefined;
      if (this.disposed) return;
      try {
        this.options.emit(this.view());
      } catch (error) {
        this.options.log('knowledge status delivery failed', error);
      }
    }, this.options.emitDelayMs ?? 100);
  }

  /** A change of knowledge.json; a file that cannot be read (or written) refuses it with the reason, changing nothing. */
  private async write(change: (bases: KnowledgeBase[]) => KnowledgeBase[]): Promise<void> {
    try {
      await this.config.update(change);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('invalid_input', error instanceof Error ? error.message : String(error));
    }
  }

  private base(kbId: string): KnowledgeBase {
    const base = this.config.bases.find((b) => b.id === kbId);
    if (!base) throw new AppError('not_found', this.strings().noSuchBase);
    return base;
  }

  private async change(kbId: string, edit: (base: KnowledgeBase) => KnowledgeBase): Promise<KnowledgeBase> {
    this.base(kbId);
    let changed: KnowledgeBase | undefined;
    await this.write((bases) =>
      bases.map((b) => {
        if (b.id !== kbId) return b;
        changed = edit(b);
        return changed;
      }),
    );
    if (!changed) throw new AppError('not_found', this.strings().noSuchBase);
    this.changed();
    return changed;
  }

  async create(name: string): Promise<KnowledgeBaseView> {
    const base: KnowledgeBase = { id: randomUUID(), name, paths: [] };
    await this.write((bases) => [...bases, base]);
    this.indexer.status.set(base.id, 'ready');
    this.changed();
    return this.view().bases.find((b) => b.id === base.id)!;
  }

  async rename(kbId: string, name: string): Promise<KnowledgeView> {
    await this.change(kbId, (base) => ({ ...base, name }));
    return this.view();
  }

  async delete(kbId: string): Promise<KnowledgeView> {
    this.base(kbId);
    await this.write((bases) => bases.filter((b) => b.id !== kbId));
    this.counts.delete(kbId);
    this.progress.delete(kbId);
    this.errors.delete(kbId);
    if (this.options.store.available) await this.indexer.remove(kbId);
    else this.indexer.unwatch(kbId);
    this.changed();
    return this.view();
  }

  /** Files or a folder from main's open dialog; already-held paths are not added twice. */
  async addPaths(kbId: string, kind: KnowledgePathKind): Promise<KnowledgeView> {
    this.base(kbId);
    const strings = this.strings();
    const chosen =
      kind === 'folder'
        ? await this.options.dialogs.chooseFolder?.({ title: strings.chooseFolderTitle }).then((p) => (p ? [p] : undefined))
        : await this.options.dialogs.chooseOpenPaths?.({ title: strings.chooseFilesTitle });
    if (!chosen || chosen.length === 0) return this.view();
    const added = chosen.map((p) => path.resolve(p));
    const base = await this.change(kbId, (b) => ({ ...b, paths: [...new Set([...b.paths, ...added])] }));
    this.track(base);
    return this.view();
  }

  async removePath(kbId: string, target: string): Promise<KnowledgeView> {
    const base = await this.change(kbId, (b) => ({ ...b, paths: b.paths.filter((p) => p !== target) }));
    // The files no path holds any more are dropped by the sync.
    this.track(base);
    return this.view();
  }

  /** A new embedding model (or none): the base is indexed afresh so every chunk has vectors of one model. */
  async setEmbedding(kbId: string, embedding: { providerId: string; model: string } | null): Promise<KnowledgeView> {
    if (embedding) this.options.embeddingEndpoint(embedding.providerId, embedding.model);
    const base = await this.change(kbId, (b) => {
      const next = { ...b };
      if (embedding) next.embedding = embedding;
      else delete next.embedding;
      return next;
    });
    await this.reindexFresh(base);
    return this.view();
  }

  /** Reads all the base's files again (after fixing its embedding model, say). */
  async reindex(kbId: string): Promise<KnowledgeView> {
    await this.reindexFresh(this.base(kbId));
    return this.view();
  }

  private async reindexFresh(base: KnowledgeBase): Promise<void> {
    this.errors.delete(base.id);
    if (!this.options.store.available) return;
    await this.indexer.remove(base.id);
    this.counts.delete(base.id);
    this.track(base);
  }

  /** The ids among `kbIds` that exist; a chat may only choose those. */
  known(kbIds: readonly string[]): string[] {
    const unknown = kbIds.filter((id) => !this.config.bases.some((b) => b.id === id));
    if (unknown.length) throw new AppError('invalid_input', this.strings().noSuchBase);
    return [...new Set(kbIds)];
  }

  /** The bases a chat chose that still exist. */
  basesOf(kbIds: readonly string[] | undefined): KnowledgeBase[] {
    if (!kbIds?.length) return [];
    return this.config.bases.filter((b) => kbIds.includes(b.id));
  }

  anyBases(): boolean {
    return this.config.bases.length > 0;
  }

  retrieve(bases: readonly KnowledgeBase[], query: string, limit: number): Promise<KnowledgePassage[]> {
    if (!this.options.store.available) return Promise.resolve([]);
    return this.indexer.retrieve(bases, query, limit);
  }

  /**
   * A run of `sessionId` starts: its ledger is new, holding the top `limit` passages for `question` numbered from 1,
   * and the labelled block the request carries (undefined when the chat uses no base or nothing matched).
   */
  async beginRun(sessionId: string, kbIds: readonly string[] | undefined, question: string, limit: number): Promise<string | undefined> {
    this.ledgers.reset(sessionId);
    const bases = this.basesOf(kbIds);
    if (bases.length === 0) return undefined;
    let passages: KnowledgePassage[] = [];
    try {
      passages = await this.retrieve(bases, question, limit);
    } catch (error) {
      this.options.log('knowledge retrieval for a send failed', error);
    }
    if (passages.length === 0) return undefined;
    const first = this.ledgers.number(sessionId, passages);
    return `${this.strings().passagesHeading}\n\n${formatPassages(passages, first)}`;
  }

  /** A run starts with no passages of its own (input queued during the last one): numbering starts again at 1. */
  forgetRun(sessionId: string): void {
    this.ledgers.reset(sessionId);
  }

  /** Numbers `passages` after those the run already has; answers the first number. */
  number(sessionId: string, passages: readonly KnowledgePassage[]): number {
    return this.ledgers.number(sessionId, passages);
  }

  /** The numbers of the parts of an attached document the run's request carries (CitationLedgers.numberAttached). */
  numberAttached(sessionId: string, document: AttachedDocumentRef, passages: readonly AttachedPassage[]): number[] {
    return this.ledgers.numberAttached(sessionId, document, passages);
  }

  /** The sources of the chat's current run that `text` cites as [n] (none: undefined). */
  citationsIn(sessionId: string, text: string): KnowledgeCitation[] | undefined {
    return this.ledgers.citationsIn(sessionId, text);
  }

  /** Opens a file that one of the bases holds; any other path is refused. */
  async openFile(file: string): Promise<{ opened: boolean }> {
    const strings = this.strings();
    const resolved = path.resolve(file);
    if (!this.config.bases.some((base) => isInside(base, resolved))) throw new AppError('invalid_input', strings.notInBase);
    const stat = await fsp.stat(resolved).catch(() => undefined);
    if (!stat?.isFile()) throw new AppError('not_found', strings.openFailed(strings.notInBase));
    if (!this.options.openPath) return { opened: false };
    const failure = await this.options.openPath(resolved);
    if (failure) throw new AppError('internal', strings.openFailed(failure));
    return { opened: true };
  }

  /** The rows a base has in the index now (tests, the benchmark). */
  async rowCounts(kbId: string): Promise<Counts> {
    const [files, chunks] = await Promise.all([
      this.options.store.call('knowledge.files', { kbId }),
      this.options.store.call('knowledge.count', { kbId }),
    ]);
    return { files: files.length, chunks };
  }

  /** Waits for the index work queued so far (tests, the benchmark). */
  async idle(): Promise<void> {
    await this.indexer.idle();
    await Promise.all(this.counting);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.emitTimer);
    this.indexer.close();
  }
}
