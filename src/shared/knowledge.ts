// Knowledge bases: named collections of a person's files and folders the agent searches and cites. Owner: main's
// knowledge service (src/main/knowledge); the index lives in the derived database (src/main/derived/knowledge-tables.ts).

/** One knowledge base as stored in `knowledge.json` in the data folder (hand-editable, validated on read). */
export interface KnowledgeBase {
  id: string;
  name: string;
  /** Absolute paths of files and folders; folders are read recursively and watched. Never copied. */
  paths: string[];
  /** The embedding model used for hybrid retrieval; absent = BM25 only. */
  embedding?: { providerId: string; model: string };
}

/** Where a knowledge base's index stands: the `data-status` of its row. */
export type KnowledgeStatus = 'idle' | 'indexing' | 'ready' | 'error';

/** One retrieved passage: what a citation mark opens (the passage, the file and the page). */
export interface KnowledgePassage {
  kbId: string;
  /** Absolute path of the source file. */
  file: string;
  /** The part's place as a person reads it ("Page 3", "Introduction"). */
  label: string;
  page?: number;
  text: string;
  /** Fused rank score (higher is better). */
  score: number;
}
