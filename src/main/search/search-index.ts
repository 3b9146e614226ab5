// The in-memory index: one document per shown user / assistant message of each session's current branch, ranked by
// MiniSearch (BM25). It follows branches by diffing: a session's new branch adds the messages it does not have yet
// and discards the ones no longer on it, so a commit costs what it adds, whatever the number of sessions.
import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { messageText, messageThinking, type Message } from '../../shared/messages.js';
import type { SearchHit } from '../../shared/search.js';
import { makeSnippet } from './snippet.js';
import { hashTermLookups } from './term-lookup.js';
import { documentTerms, highlightPhrases, queryTerms } from './text.js';

/** A stored message as the index needs it (what session-file's MessageEntry provides). */
export interface IndexableEntry {
  id: string;
  timestamp: number;
  message: Message;
}

interface MessageDoc {
  /** `${sessionId}/${messageId}` */
  id: string;
  sessionId: string;
  messageId: string;
  role: 'user' | 'assistant';
  timestamp: number;
  text: string;
  reasoning: string;
}

/** Per indexed session: its documents' message ids in branch order (index + 1 is the message's position). */
interface SessionDocs {
  order: string[];
  ids: Set<string>;
}

export interface IndexSnapshot {
  version: 1;
  sessions: Record<string, string[]>;
  index: unknown;
}

const OPTIONS: Options<MessageDoc> = {
  fields: ['text', 'reasoning'],
  storeFields: ['sessionId', 'messageId', 'role', 'timestamp', 'text', 'reasoning'],
  tokenize: (text) => documentTerms(text),
  // Terms arrive folded from `tokenize`; keep them as they are.
  processTerm: (term) => term,
  autoVacuum: { minDirtCount: 2_000, minDirtFactor: 0.1, batchSize: 2_000, batchWait: 10 },
};

function toDoc(sessionId: string, entry: IndexableEntry): MessageDoc | undefined {
  const { message } = entry;
  if (message.role !== 'user' && message.role !== 'assistant') return undefined;
  const text = messageText(message);
  const reasoning = messageThinking(message);
  if (!text.trim() && !reasoning.trim()) return undefined;
  return {
    id: `${sessionId}/${entry.id}`,
    sessionId,
    messageId: entry.id,
    role: message.role,
    timestamp: entry.timestamp,
    text,
    reasoning,
  };
}

export class SearchIndex {
  private mini: MiniSearch<MessageDoc>;
  private readonly sessions = new Map<string, SessionDocs>();

  private constructor(mini: MiniSearch<MessageDoc>) {
    hashTermLookups(mini);
    this.mini = mini;
  }

  static empty(): SearchIndex {
    return new SearchIndex(new MiniSearch<MessageDoc>(OPTIONS));
  }

  /** Restores a snapshot written by `snapshot()`; yields to the event loop while rebuilding its tree. */
  static async restore(snapshot: IndexSnapshot): Promise<SearchIndex> {
    const index = new SearchIndex(await MiniSearch.loadJSAsync<MessageDoc>(snapshot.index as never, OPTIONS));
    for (const [sessionId, order] of Object.entries(snapshot.sessions)) index.sessions.set(sessionId, { order, ids: new Set(order) });
    return index;
  }

  snapshot(): IndexSnapshot {
    const sessions: Record<string, string[]> = {};
    for (const [id, docs] of this.sessions) sessions[id] = docs.order;
    return { version: 1, sessions, index: this.mini.toJSON() };
  }

  sessionIds(): IterableIterator<string> {
    return this.sessions.keys();
  }

  get documentCount(): number {
    return this.mini.documentCount;
  }

  /**
   * Makes the session's documents those of `branch` (root → leaf). Only messages not indexed yet are tokenized;
   * returns how many were added, so callers and tests can count the work.
   */
  setBranch(sessionId: string, branch: readonly IndexableEntry[]): number {
    const previous = this.sessions.get(sessionId);
    const order = branch.map((entry) => entry.id);
    const keep = new Set(order);
    if (previous) {
      for (const id of previous.ids) if (!keep.has(id)) this.mini.discard(`${sessionId}/${id}`);
    }
    let added = 0;
    const ids = new Set<string>();
    for (const entry of branch) {
      if (previous?.ids.has(entry.id)) {
        ids.add(entry.id);
        continue;
      }
      const doc = toDoc(sessionId, entry);
      if (!doc) continue;
      this.mini.add(doc);
      ids.add(entry.id);
      added += 1;
    }
    this.sessions.set(sessionId, { order, ids });
    return added;
  }

  removeSession(sessionId: string): void {
    const docs = this.sessions.get(sessionId);
    if (!docs) return;
    for (const id of docs.ids) this.mini.discard(`${sessionId}/${id}`);
    this.sessions.delete(sessionId);
  }

  /** Ranked hits; every query term must match (CJK bigrams exactly, words and single characters as prefixes). */
  search(
    query: string,
    options: { limit: number; includeReasoning: boolean; sessionName: (id: string) => string | undefined },
  ): SearchHit[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const prefixOf = new Map(terms.map((t) => [t.term, t.prefix]));
    const results: SearchResult[] = this.mini.search(terms.map((t) => t.term).join(' '), {
      fields: options.includeReasoning ? ['text', 'reasoning'] : ['text'],
      combineWith: 'AND',
      // The query was split by queryTerms already; MiniSearch would otherwise re-split it with the document rule.
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      prefix: (term) => prefixOf.get(term) ?? false,
      boost: { text: 2 },
    });
    const phrases = highlightPhrases(query);
    const hits: SearchHit[] = [];
    for (const result of results) {
      if (hits.length >= options.limit) break;
      const sessionId = result.sessionId as string;
      const sessionName = options.sessionName(sessionId);
      const position = this.sessions.get(sessionId)?.order.indexOf(result.messageId as string) ?? -1;
      if (sessionName === undefined || position === -1) continue;
      const inText = result.match && Object.values(result.match).some((fields) => fields.includes('text'));
      const field = inText || !options.includeReasoning ? 'text' : 'reasoning';
      const { snippet, highlights } = makeSnippet(result[field] as string, phrases);
      hits.push({
        sessionId,
        sessionName,
        messageId: result.messageId as string,
        messageIndex: position + 1,
        role: result.role as 'user' | 'assistant',
        field,
        timestamp: result.timestamp as number,
        snippet,
        highlights,
      });
    }
    return hits;
  }
}
