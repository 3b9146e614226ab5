// The knowledge bases' index as tables of the derived database: one row per indexed file (its size and change time,
// so only a changed file is read again), one row per chunk (its text, place and optional vector as a Float32 BLOB),
// and an FTS5 row of the chunk's terms — the app's own (folded words, CJK bigrams), like the search tables. Retrieval
// is BM25 over any of the question's terms, fused by RRF with vector similarity when the chunks have vectors.
// Runs in the derived worker, on its own connection.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { KnowledgePassage } from '../../shared/knowledge.js';
import type { Chunk } from '../knowledge/chunker.js';
import { fuseRanks, packVector, unpackVector } from '../knowledge/vectors.js';
import { VectorMatrix } from '../knowledge/vector-matrix.js';
import { documentTerms, queryTerms } from '../search/text.js';

const TOKENIZER = `unicode61 remove_diacritics 0 categories 'L* N* M* Co' tokenchars '_'`;

export interface KnowledgeFileState {
  size: number;
  mtimeMs: number;
}

export function createKnowledgeTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS kb_files (
      kb_id TEXT NOT NULL,
      path TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms REAL NOT NULL,
      PRIMARY KEY (kb_id, path)
    ) STRICT;
    CREATE TABLE IF NOT EXISTS kb_chunks (
      rowid INTEGER PRIMARY KEY,
      kb_id TEXT NOT NULL,
      path TEXT NOT NULL,
      label TEXT NOT NULL,
      page INTEGER,
      text TEXT NOT NULL,
      vector BLOB
    ) STRICT;
    CREATE INDEX IF NOT EXISTS kb_chunks_file ON kb_chunks (kb_id, path);
    CREATE VIRTUAL TABLE IF NOT EXISTS kb_terms USING fts5(terms, content='', contentless_delete=1, tokenize="${TOKENIZER}");
  `);
}

interface ChunkRow {
  rowid: number;
  kb_id: string;
  path: string;
  label: string;
  page: number | null;
  text: string;
}

export interface RetrieveOptions {
  kbIds: readonly string[];
  query: string;
  /** The question's embedding, when the knowledge bases have an embedding model. */
  queryVector?: readonly number[];
  limit: number;
}

/** How many candidates each ranking gives to the fusion. */
const CANDIDATES = 50;

export class KnowledgeTables {
  private readonly s: Record<string, StatementSync>;
  /** Chunks written since the connection opened (tests and the benchmark count work with it). */
  chunksWritten = 0;
  /**
   * Each base's vectors in one matrix (vector-matrix.ts), read from the table at the first hybrid question after a
   * change: a question then scans memory, never the whole table. Dropped when a file of the base changes.
   */
  private readonly vectorCache = new Map<string, { ids: Int32Array; matrix: VectorMatrix }>();

  private vectorsOf(kbId: string): { ids: Int32Array; matrix: VectorMatrix } {
    const cached = this.vectorCache.get(kbId);
    if (cached) return cached;
    const rows = this.s.vectors!.all(kbId) as Array<{ rowid: number; vector: Uint8Array }>;
    const dims = rows.length ? rows[0]!.vector.byteLength / 4 : 0;
    const usable = rows.filter((r) => r.vector.byteLength === dims * 4);
    const ids = Int32Array.from(usable, (row) => row.rowid);
    const built = {
      ids,
      matrix: new VectorMatrix(
        usable.map((row) => unpackVector(row.vector)),
        dims,
      ),
    };
    this.vectorCache.set(kbId, built);
    return built;
  }

  constructor(private readonly db: DatabaseSync) {
    createKnowledgeTables(db);
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      files: p('SELECT path, size, mtime_ms AS mtimeMs FROM kb_files WHERE kb_id = ?'),
      putFile: p(
        `INSERT INTO kb_files (kb_id, path, size, mtime_ms) VALUES (?, ?, ?, ?)
         ON CONFLICT (kb_id, path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms`,
      ),
      deleteFile: p('DELETE FROM kb_files WHERE kb_id = ? AND path = ?'),
      deleteFileTerms: p('DELETE FROM kb_terms WHERE rowid IN (SELECT rowid FROM kb_chunks WHERE kb_id = ? AND path = ?)'),
      deleteFileChunks: p('DELETE FROM kb_chunks WHERE kb_id = ? AND path = ?'),
      deleteKbTerms: p('DELETE FROM kb_terms WHERE rowid IN (SELECT rowid FROM kb_chunks WHERE kb_id = ?)'),
      deleteKbChunks: p('DELETE FROM kb_chunks WHERE kb_id = ?'),
      deleteKbFiles: p('DELETE FROM kb_files WHERE kb_id = ?'),
      insertChunk: p('INSERT INTO kb_chunks (kb_id, path, label, page, text, vector) VALUES (?, ?, ?, ?, ?, ?)'),
      insertTerms: p('INSERT INTO kb_terms (rowid, terms) VALUES (?, ?)'),
      bm25: p('SELECT rowid FROM kb_terms WHERE kb_terms MATCH ? ORDER BY bm25(kb_terms) LIMIT ?'),
      chunk: p('SELECT rowid, kb_id, path, label, page, text FROM kb_chunks WHERE rowid = ?'),
      count: p('SELECT count(*) AS n FROM kb_chunks WHERE kb_id = ?'),
      vectors: p('SELECT rowid, vector FROM kb_chunks WHERE kb_id = ? AND vector IS NOT NULL'),
    };
  }

  /** Every indexed file of a knowledge base with its state when indexed. */
  files(kbId: string): Map<string, KnowledgeFileState> {
    const out = new Map<string, KnowledgeFileState>();
    for (const row of this.s.files!.all(kbId) as unknown as Array<KnowledgeFileState & { path: string }>)
      out.set(row.path, { size: row.size, mtimeMs: row.mtimeMs });
    return out;
  }

  chunkCount(kbId: string): number {
    return (this.s.count!.get(kbId) as { n: number }).n;
  }

  /** Replaces one file's chunks (and only that file's), in one transaction. `vectors[i]` belongs to `chunks[i]`. */
  setFile(
    kbId: string,
    path: string,
    state: KnowledgeFileState,
    chunks: readonly Chunk[],
    vectors?: ReadonlyArray<Uint8Array | readonly number[]>,
  ): void {
    const s = this.s;
    this.vectorCache.delete(kbId);
    this.transaction(() => {
      s.deleteFileTerms!.run(kbId, path);
      s.deleteFileChunks!.run(kbId, path);
      chunks.forEach((chunk, i) => {
        const given = vectors?.[i];
        const vector = given ? (given instanceof Uint8Array ? given : packVector(given)) : null;
        const { lastInsertRowid } = s.insertChunk!.run(kbId, path, chunk.label, chunk.page ?? null, chunk.text, vector);
        s.insertTerms!.run(lastInsertRowid, documentTerms(`${chunk.label}\n${chunk.text}`).join(' '));
      });
      s.putFile!.run(kbId, path, state.size, state.mtimeMs);
    });
    this.chunksWritten += chunks.length;
  }

  removeFile(kbId: string, path: string): void {
    const s = this.s;
    this.vectorCache.delete(kbId);
    this.transaction(() => {
      s.deleteFileTerms!.run(kbId, path);
      s.deleteFileChunks!.run(kbId, path);
      s.deleteFile!.run(kbId, path);
    });
  }

  /** Deleting a knowledge base removes all of its rows. */
  removeKnowledgeBase(kbId: string): void {
    const s = this.s;
    this.vectorCache.delete(kbId);
    this.transaction(() => {
      s.deleteKbTerms!.run(kbId);
      s.deleteKbChunks!.run(kbId);
      s.deleteKbFiles!.run(kbId);
    });
  }

  /** The best passages of the given knowledge bases for a question: BM25, fused with vectors when given. */
  retrieve({ kbIds, query, queryVector, limit }: RetrieveOptions): KnowledgePassage[] {
    if (kbIds.length === 0) return [];
    const wanted = new Set(kbIds);
    const lists: number[][] = [];
    const terms = queryTerms(query);
    if (terms.length > 0) {
      // Any term (OR): a question's words are not all in the passage that answers it; BM25 ranks those with more.
      const match = terms.map(({ term, prefix }) => `"${term.replaceAll('"', '""')}"${prefix ? '*' : ''}`).join(' OR ');
      const ids: number[] = [];
      // Over-fetch so rows of other knowledge bases do not starve the list.
      for (const row of this.s.bm25!.all(match, CANDIDATES * 4) as Array<{ rowid: number }>) {
        const chunk = this.s.chunk!.get(row.rowid) as unknown as ChunkRow | undefined;
        if (chunk && wanted.has(chunk.kb_id)) ids.push(row.rowid);
        if (ids.length >= CANDIDATES) break;
      }
      lists.push(ids);
    }
    if (queryVector && queryVector.length > 0) {
      const q = unpackVector(packVector(queryVector));
      // The best CANDIDATES by cosine, kept in a small sorted list (no sort of every chunk).
      const best: Array<[number, number]> = [];
      for (const kbId of kbIds) {
        const { ids, matrix } = this.vectorsOf(kbId);
        if (matrix.dims !== q.length || matrix.rows === 0) continue;
        const scores = matrix.scores(q);
        for (let r = 0; r < ids.length; r++) {
          const sum = scores[r]!;
          if (best.length === CANDIDATES && sum <= best[best.length - 1]![1]) continue;
          let at = best.length;
          while (at > 0 && best[at - 1]![1] < sum) at--;
          best.splice(at, 0, [ids[r]!, sum]);
          if (best.length > CANDIDATES) best.pop();
        }
      }
      lists.push(best.map(([id]) => id));
    }
    const fused = [...fuseRanks(lists)].sort((a, b) => b[1] - a[1]).slice(0, limit);
    return fused.map(([rowid, score]) => {
      const row = this.s.chunk!.get(rowid) as unknown as ChunkRow;
      return {
        kbId: row.kb_id,
        file: row.path,
        label: row.label,
        ...(row.page !== null ? { page: row.page } : {}),
        text: row.text,
        score,
      };
    });
  }

  private transaction(work: () => void): void {
    this.db.exec('BEGIN');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}
