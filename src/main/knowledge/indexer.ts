// Indexing knowledge bases: walks a base's files and folders, reads only the files whose size or change time differ
// from what was indexed (through the injected `extract`), chunks them by structure, embeds the chunks when the base
// has an embedding model, and hands them to the derived worker. Folders are watched (fs.watch, debounced per file):
// a change re-indexes only that file. Nothing of the person's files is copied. Retrieval is asked of the worker.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { KnowledgeBase, KnowledgePassage, KnowledgeStatus } from '../../shared/knowledge.js';
import type { DerivedCalls, DerivedCall } from '../derived/protocol.js';
import { chunkParts, DEFAULT_CHUNKING, type ChunkOptions } from './chunker.js';
import type { Embedder } from './embeddings.js';
import { packVector } from './vectors.js';
import { extractText, type Extract } from './text-extract.js';

/** The derived database as the indexer needs it (DerivedDb). */
export interface KnowledgeStore {
  call<K extends DerivedCall>(call: K, args: DerivedCalls[K]['request']): Promise<DerivedCalls[K]['reply']>;
}

export interface KnowledgeIndexerOptions {
  store: KnowledgeStore;
  /** Reads a file's text by its structure; default: text, Markdown and source files as UTF-8. */
  extract?: Extract;
  /** The embedder for a base's embedding model; undefined = BM25 only. */
  embedderFor?: (base: KnowledgeBase) => Embedder | undefined;
  chunking?: ChunkOptions;
  /** Milliseconds a watched file must stay quiet before it is indexed again. */
  debounceMs?: number;
  log?: (message: string) => void;
  onStatus?: (kbId: string, status: KnowledgeStatus) => void;
  /** Files looked at of the files found, as a sync goes (a few times a second at most matters to nobody here). */
  onProgress?: (kbId: string, done: number, total: number) => void;
  /** The base's embedding model failed: its chunks are stored without vectors (BM25 still finds them). */
  onEmbeddingError?: (kbId: string, error: unknown) => void;
}

/** Folders never walked into: tools' caches and version control. */
const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn', '__pycache__', '.venv']);

async function walk(root: string, out: string[]): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(root);
  } catch {
    return;
  }
  if (stat.isFile()) {
    out.push(root);
    return;
  }
  if (!stat.isDirectory()) return;
  const entries = await fsp.readdir(root, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/** Whether `file` is one of the base's paths or inside one of its folders. */
export function isInside(base: KnowledgeBase, file: string): boolean {
  const resolved = path.resolve(file);
  return base.paths.some((p) => {
    const root = path.resolve(p);
    return resolved === root || resolved.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
  });
}

export interface IndexReport {
  read: number;
  removed: number;
  chunks: number;
  failed: number;
}

export class KnowledgeIndexer {
  private readonly extract: Extract;
  private readonly watchers = new Map<string, fs.FSWatcher[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly bases = new Map<string, KnowledgeBase>();
  private queue: Promise<unknown> = Promise.resolve();
  readonly status = new Map<string, KnowledgeStatus>();
  /** Files read since start (tests count work with it). */
  filesRead = 0;

  constructor(private readonly options: KnowledgeIndexerOptions) {
    this.extract = options.extract ?? extractText;
  }

  private setStatus(kbId: string, status: KnowledgeStatus): void {
    this.status.set(kbId, status);
    this.options.onStatus?.(kbId, status);
  }

  /** Runs index work one piece at a time (the worker answers in order anyway; this keeps file reads bounded). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Brings a base's index up to date with its files: reads what changed, drops what is gone. */
  sync(base: KnowledgeBase): Promise<IndexReport> {
    this.bases.set(base.id, base);
    return this.serial(async () => {
      this.setStatus(base.id, 'indexing');
      const report: IndexReport = { read: 0, removed: 0, chunks: 0, failed: 0 };
      try {
        const files: string[] = [];
        for (const p of base.paths) await walk(p, files);
        const known = new Map(await this.options.store.call('knowledge.files', { kbId: base.id }));
        const present = new Set(files);
        let done = 0;
        for (const file of files) {
          this.options.onProgress?.(base.id, done++, files.length);
          const stat = await fsp.stat(file).catch(() => undefined);
          if (!stat) continue;
          const was = known.get(file);
          if (was && was.size === stat.size && was.mtimeMs === stat.mtimeMs) continue;
          const chunks = await this.indexOne(base, file, { size: stat.size, mtimeMs: stat.mtimeMs });
          if (chunks < 0) report.failed += 1;
          else {
            report.read += 1;
            report.chunks += chunks;
          }
        }
        for (const file of known.keys()) {
          if (present.has(file)) continue;
          await this.options.store.call('knowledge.removeFile', { kbId: base.id, path: file });
          report.removed += 1;
        }
        this.setStatus(base.id, 'ready');
      } catch (error) {
        this.options.log?.(`knowledge base ${base.id}: ${String(error)}`);
        this.setStatus(base.id, 'error');
        throw error;
      }
      return report;
    });
  }

  /** Reads, chunks, embeds and stores one file; returns its chunk count, or -1 when it could not be read. */
  private async indexOne(base: KnowledgeBase, file: string, state: { size: number; mtimeMs: number }): Promise<number> {
    this.filesRead += 1;
    const result = await this.extract(file).catch((error: unknown) => ({
      ok: false as const,
      error: { code: 'damaged' as const, detail: String(error) },
    }));
    if (!result.ok) {
      // Recorded with no chunks, so an unreadable file is not read again until it changes.
      await this.options.store.call('knowledge.setFile', { kbId: base.id, path: file, state, chunks: [] });
      return result.error.code === 'unsupported' ? 0 : -1;
    }
    const chunks = chunkParts(result.document.parts, this.options.chunking ?? DEFAULT_CHUNKING);
    const embedder = this.options.embedderFor?.(base);
    let vectors: Uint8Array[] | undefined;
    if (embedder && chunks.length > 0) {
      try {
        // Packed here (4 bytes a dimension): the worker gets compact copies, not arrays of doubles.
        vectors = (await embedder(chunks.map((c) => `${c.label}\n${c.text}`))).map(packVector);
      } catch (error) {
        this.options.onEmbeddingError?.(base.id, error);
      }
    }
    await this.options.store.call('knowledge.setFile', {
      kbId: base.id,
      path: file,
      state,
      chunks,
      ...(vectors ? { vectors } : {}),
    });
    return chunks.length;
  }

  /**
   * Re-indexes one file of a base (after a change seen by the watcher); a file gone is dropped. The base is
   * `indexing` (0 of 1 files) meanwhile, so the window says so, and `ready` after, so its counts are taken again.
   */
  refreshFile(base: KnowledgeBase, file: string): Promise<number> {
    return this.serial(async () => {
      this.setStatus(base.id, 'indexing');
      this.options.onProgress?.(base.id, 0, 1);
      try {
        const stat = await fsp.stat(file).catch(() => undefined);
        let chunks = 0;
        if (!stat || !stat.isFile()) await this.options.store.call('knowledge.removeFile', { kbId: base.id, path: file });
        else chunks = await this.indexOne(base, file, { size: stat.size, mtimeMs: stat.mtimeMs });
        this.setStatus(base.id, 'ready');
        return chunks;
      } catch (error) {
        this.options.log?.(`knowledge base ${base.id}: ${String(error)}`);
        this.setStatus(base.id, 'error');
        throw error;
      }
    });
  }

  /** Watches the base's folders and files; each change re-indexes only the changed file, after a quiet pause. */
  watch(base: KnowledgeBase): void {
    this.unwatch(base.id);
    this.bases.set(base.id, base);
    const watchers: fs.FSWatcher[] = [];
    for (const root of base.paths) {
      let isDir = false;
      try {
        isDir = fs.statSync(root).isDirectory();
      } catch {
        continue;
      }
      try {
        const watcher = fs.watch(root, { recursive: isDir, persistent: false }, (_event, name) => {
          const file = isDir ? (name ? path.join(root, name.toString()) : undefined) : root;
          if (!file || path.basename(file).startsWith('.')) return;
          this.schedule(base.id, file);
        });
        watcher.on('error', (error) => this.options.log?.(`watching ${root}: ${String(error)}`));
        watchers.push(watcher);
      } catch (error) {
        this.options.log?.(`watching ${root}: ${String(error)}`);
      }
    }
    this.watchers.set(base.id, watchers);
  }

  private schedule(kbId: string, file: string): void {
    const key = `${kbId}\n${file}`;
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        const base = this.bases.get(kbId);
        if (!base) return;
        fsp
          .stat(file)
          .then(
            (stat) => (stat.isDirectory() ? this.sync(base).then(() => 0) : this.refreshFile(base, file)),
            () => this.refreshFile(base, file),
          )
          .catch((error: unknown) => this.options.log?.(`re-indexing ${file}: ${String(error)}`));
      }, this.options.debounceMs ?? 300),
    );
  }

  unwatch(kbId: string): void {
    for (const watcher of this.watchers.get(kbId) ?? []) watcher.close();
    this.watchers.delete(kbId);
    for (const [key, timer] of this.timers)
      if (key.startsWith(`${kbId}\n`)) {
        clearTimeout(timer);
        this.timers.delete(key);
      }
  }

  /** Deleting a base: stops watching and removes all of its rows (the person's files are untouched). */
  async remove(kbId: string): Promise<void> {
    this.unwatch(kbId);
    this.bases.delete(kbId);
    this.status.delete(kbId);
    await this.serial(() => this.options.store.call('knowledge.remove', { kbId }));
  }

  /** The best passages of the given bases for a question (hybrid when the bases' embedding model answers). */
  async retrieve(bases: readonly KnowledgeBase[], query: string, limit = 6): Promise<KnowledgePassage[]> {
    if (bases.length === 0 || !query.trim()) return [];
    let queryVector: number[] | undefined;
    const embedder = this.options.embedderFor?.(bases[0]!);
    if (embedder) {
      try {
        queryVector = (await embedder([query]))[0];
      } catch (error) {
        // BM25 alone still answers.
        this.options.log?.(`embedding the question: ${String(error)}`);
      }
    }
    return this.options.store.call('knowledge.retrieve', {
      kbIds: bases.map((b) => b.id),
      query,
      limit,
      ...(queryVector ? { queryVector } : {}),
    });
  }

  /** Waits for the index work queued so far. */
  async idle(): Promise<void> {
    await this.queue;
  }

  close(): void {
    for (const id of [...this.watchers.keys()]) this.unwatch(id);
  }
}
