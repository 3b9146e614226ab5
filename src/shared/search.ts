// Full-text search across every session's messages: what the renderer asks and what main answers.

/** A query; `includeReasoning` also matches the model's reasoning (off by default). */
export interface SearchRequest {
  query: string;
  /** Most hits returned (default 50). */
  limit?: number;
  includeReasoning?: boolean;
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

/** Hits in rank order; `indexing` is true while some sessions are still being (re)indexed and may be missing. */
export interface SearchResponse {
  hits: SearchHit[];
  indexing: boolean;
}
