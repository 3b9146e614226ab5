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

/** How far a base's indexing has got: files looked at of the files found. */
export interface KnowledgeProgress {
  done: number;
  total: number;
}

/** One knowledge base as Settings and the sidebar show it (`knowledge-base` row, `data-status` = `status`). */
export interface KnowledgeBaseView extends KnowledgeBase {
  status: KnowledgeStatus;
  /** Files indexed (read, with or without text) and chunks stored, as of the last finished step. */
  files: number;
  chunks: number;
  /** Present while `status` is `indexing`. */
  progress?: KnowledgeProgress;
  /** Why the last indexing failed (or the embedding model could not be used), in the app's language. */
  error?: string;
}

/** Every knowledge base, in the file's order; `error`: knowledge.json cannot be read (nothing is changed until fixed). */
export interface KnowledgeView {
  bases: KnowledgeBaseView[];
  error?: string;
}

/** What `addKnowledgePaths` asks main's open dialog for: files (several) or one folder (watched). */
export type KnowledgePathKind = 'files' | 'folder';

/**
 * One numbered source an answer could cite — a passage of a knowledge base or a part of a document attached to the
 * chat: the mark `[n]` in the answer's text is a `citation` button (`data-source` = n) that opens `citation-panel`
 * with this passage, its file and its page. Stored on the assistant message (AssistantMessage.citations), so it
 * survives a restart and export.
 */
export interface KnowledgeCitation {
  /** The number the model was given ([1], [2] …), unique within the message. */
  n: number;
  /** The knowledge base the passage came from; absent for an attached document's part. */
  kbId?: string;
  /** The stored hash of the attached document the part came from (openAttachedDocument opens it); absent for a base's. */
  attachment?: string;
  /**
   * A base's passage: the absolute path of its file (openKnowledgeFile opens it while it belongs to a knowledge base).
   * An attached document's part: the document's name.
   */
  file: string;
  label: string;
  page?: number;
  text: string;
}

/** A part of a document attached to a chat as a request gives it to the model (its place and text), to be numbered. */
export interface AttachedPassage {
  label: string;
  page?: number;
  text: string;
}

/** The attached document a numbered part belongs to: its stored hash and its name. */
export interface AttachedDocumentRef {
  sha256: string;
  name: string;
}

/** How many passages each send retrieves for the question when the chat uses knowledge bases. */
export const KNOWLEDGE_TOP_K = 5;
