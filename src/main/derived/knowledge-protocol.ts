// The derived worker's calls for knowledge bases: main reads and chunks files (async I/O, small slices) and asks for
// embeddings; the worker stores chunks and answers retrieval (SQLite and the vector scan never run on main).
import type { KnowledgePassage } from '../../shared/knowledge.js';
import type { Chunk } from '../knowledge/chunker.js';
import type { KnowledgeFileState, RetrieveOptions } from './knowledge-tables.js';

export interface KnowledgeCalls {
  /** Every indexed file of a knowledge base with its state when indexed. */
  'knowledge.files': { request: { kbId: string }; reply: Array<[string, KnowledgeFileState]> };
  /** Replaces one file's chunks (only that file's); `vectors[i]`: chunk i's unit vector as Float32 bytes (packVector). */
  'knowledge.setFile': {
    request: { kbId: string; path: string; state: KnowledgeFileState; chunks: Chunk[]; vectors?: Uint8Array[] };
    reply: null;
  };
  'knowledge.removeFile': { request: { kbId: string; path: string }; reply: null };
  /** Removes every row of a knowledge base. */
  'knowledge.remove': { request: { kbId: string }; reply: null };
  'knowledge.retrieve': { request: RetrieveOptions; reply: KnowledgePassage[] };
  'knowledge.count': { request: { kbId: string }; reply: number };
}
