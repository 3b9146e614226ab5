// Full-text search across every session's messages: what the renderer asks and what main answers.

/** A query; `includeReasoning` also matches the model's reasoning (off by default). */
export interface SearchRequest {
  query: string;
  /** Most hits returned (default 50). */
  limit?: number;
  includeReasoning?: boolean;
  /** Only chats in this folder (an unknown folder is refused); absent: every chat. */
  folderId?: string;
}

/** One matching message, best first. `highlights` are [start, end) offsets into `snippet`. */
export interface SearchHit {
  sessionId: string;
  sessionName: string;
  /** The stored message's id (stable across restarts). */
  messageId: string;
  /** Position of the message in the session's shown messages (the system message is 0). */
  messageIndex: number;
  role: 'user' | 'assistant';
  /** Where the hit is: the answer text or the reasoning. */
  field: 'text' | 'reasoning';
  timestamp: number;
  snippet: string;
  highlights: Array<[number, number]>;
}

/** A chat whose name holds every word of the query. `highlights` are [start, end) offsets into `sessionName`. */
export interface TitleHit {
  sessionId: string;
  sessionName: string;
  highlights: Array<[number, number]>;
}

/**
 * Why search cannot work on this computer: SQLite is missing or lacks full-text search (`sqlite`, `fts5`), the
 * index database could not be created (`open`), or its worker could not start (`worker`). `detail` is technical.
 */
export interface SearchUnavailable {
  reason: 'sqlite' | 'fts5' | 'open' | 'worker';
  detail: string;
}

/**
 * Hits in rank order and the chats whose names match; `indexing` is true while some sessions are still being
 * (re)indexed and may be missing; `unavailable` says why nothing can be found at all.
 */
export interface SearchResponse {
  hits: SearchHit[];
  titles: TitleHit[];
  indexing: boolean;
  unavailable?: SearchUnavailable;
}

/** Find in one chat (Ctrl/Cmd+F): every occurrence of `query` in the shown branch's committed messages. */
export interface FindRequest {
  sessionId: string;
  query: string;
}

/** One shown message holding the query `count` times (folded: case and width ignored, as search folds). */
export interface FindMatch {
  messageId: string;
  /** Position among the shown messages (0 = the first after the system message), as pages count. */
  position: number;
  count: number;
}

/** Matches in branch order, for the branch of `total` messages ending at `leaf` (a view of another branch ignores it). */
export interface FindResponse {
  matches: FindMatch[];
  total: number;
  leaf: string | null;
}
