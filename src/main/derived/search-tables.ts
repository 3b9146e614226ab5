// The search index as tables of the derived database: one row per shown user / assistant message of each session's
// current branch (its original text, for snippets), and an FTS5 row of its terms. The terms are the app's own
// (text.ts: folded words, CJK bigrams), stored space-separated, so FTS5's tokenizer only splits on the spaces and
// documents and queries always meet; BM25 ranks. A branch is applied by diffing against the rows the session has:
// a commit costs what it adds, whatever the number of sessions. Runs in the derived worker, on its own connection.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { messageText, messageThinking, type Message } from '../../shared/messages.js';
import type { SearchHit } from '../../shared/search.js';
import { findRanges, makeSnippet } from '../search/snippet.js';
import { documentTerms, highlightPhrases, normalizeText, queryTerms } from '../search/text.js';

/** A stored message as the index needs it (what session-file's MessageEntry provides). */
export interface IndexableEntry {
  id: string;
  timestamp: number;
  message: Message;
}

/** A session file as last indexed: a different size or change time means it is read again. */
export interface IndexedFile {
  size: number;
  mtimeMs: number;
}

/** One hit as the worker answers it; main adds the session's current name and turns the position into an index. */
export type RawHit = Omit<SearchHit, 'sessionName' | 'messageIndex'> & {
  /** Position in the shown branch (0-based). */
  position: number;
};

/** A session whose name holds every word of the query. */
export interface TitleHit {
  sessionId: string;
  name: string;
  highlights: Array<[number, number]>;
}

/** FTS5 splits on anything that is not a letter, number, mark or '_': exactly the spaces between the app's terms. */
const TOKENIZER = `unicode61 remove_diacritics 0 categories 'L* N* M* Co' tokenchars '_'`;

/** Creates the tables (idempotent). */
export function createSearchTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS search_sessions (
      session_id TEXT PRIMARY KEY,
      size INTEGER NOT NULL,
      mtime_ms REAL NOT NULL,
      name TEXT NOT NULL,
      folded_name TEXT NOT NULL
    ) STRICT;
    CREATE TABLE IF NOT EXISTS search_messages (
      rowid INTEGER PRIMARY KEY,
      session_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      role TEXT NOT NULL,
      timestamp INTEGER NOT NULL,
      text TEXT NOT NULL,
      reasoning TEXT NOT NULL,
      UNIQUE (session_id, message_id)
    ) STRICT;
    CREATE VIRTUAL TABLE IF NOT EXISTS search_terms USING fts5(
      text_terms, reasoning_terms, content='', contentless_delete=1, tokenize="${TOKENIZER}"
    );
  `);
}

interface Row {
  rowid: number;
  message_id: string;
  position: number;
}

function messageDoc(entry: IndexableEntry): { role: 'user' | 'assistant'; text: string; reasoning: string } | undefined {
  const { message } = entry;
  if (message.role !== 'user' && message.role !== 'assistant') return undefined;
  const text = messageText(message);
  const reasoning = messageThinking(message);
  if (!text.trim() && !reasoning.trim()) return undefined;
  return { role: message.role, text, reasoning };
}

/** The FTS5 query for the app's terms: every term (AND), prefixes where the rule says so. */
function matchExpression(query: string, includeReasoning: boolean): string | undefined {
  const terms = queryTerms(query);
  if (terms.length === 0) return undefined;
  const phrases = terms.map(({ term, prefix }) => `"${term.replaceAll('"', '""')}"${prefix ? '*' : ''}`).join(' AND ');
  return includeReasoning ? phrases : `text_terms : (${phrases})`;
}

export class SearchTables {
  private readonly statements: Record<string, StatementSync>;
  private readonly titleStatements = new Map<number, StatementSync>();
  /** Messages tokenized since the connection opened (tests and the benchmark count work with it). */
  tokenized = 0;

  constructor(private readonly db: DatabaseSync) {
    createSearchTables(db);
    const prepare = (sql: string) => db.prepare(sql);
    this.statements = {
      file: prepare('SELECT size, mtime_ms AS mtimeMs FROM search_sessions WHERE session_id = ?'),
      files: prepare('SELECT session_id AS id, size, mtime_ms AS mtimeMs FROM search_sessions'),
      putFile: prepare(
        `INSERT INTO search_sessions (session_id, size, mtime_ms, name, folded_name) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (session_id) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms,
           name = excluded.name, folded_name = excluded.folded_name`,
      ),
      rows: prepare('SELECT rowid, message_id, position FROM search_messages WHERE session_id = ?'),
      insertRow: prepare(
        `INSERT INTO search_messages (session_id, message_id, position, role, timestamp, text, reasoning)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertTerms: prepare('INSERT INTO search_terms (rowid, text_terms, reasoning_terms) VALUES (?, ?, ?)'),
      move: prepare('UPDATE search_messages SET position = ? WHERE rowid = ?'),
      deleteRow: prepare('DELETE FROM search_messages WHERE rowid = ?'),
      deleteTerms: prepare('DELETE FROM search_terms WHERE rowid = ?'),
      deleteSessionTerms: prepare('DELETE FROM search_terms WHERE rowid IN (SELECT rowid FROM search_messages WHERE session_id = ?)'),
      deleteSessionRows: prepare('DELETE FROM search_messages WHERE session_id = ?'),
      deleteFile: prepare('DELETE FROM search_sessions WHERE session_id = ?'),
      count: prepare('SELECT count(*) AS n FROM search_messages'),
      // Ranked in the FTS table alone, then only the best rows are read: joining first would read the text of
      // every match (thousands of rows for a common word) just to sort them.
      search: prepare(
        `WITH best AS (
           SELECT rowid, bm25(search_terms, 2.0, 1.0) AS score FROM search_terms WHERE search_terms MATCH ? ORDER BY score LIMIT ?
         )
         SELECT m.session_id AS sessionId, m.message_id AS messageId, m.position, m.role, m.timestamp, m.text, m.reasoning
         FROM best JOIN search_messages m ON m.rowid = best.rowid ORDER BY best.score`,
      ),
      // A search narrowed to some chats (a folder): ranked among their rows only, so a folder's hits are never crowded
      // out by better ones elsewhere. The ids come as one JSON array.
      searchWithin: prepare(
        `WITH best AS (
           SELECT search_terms.rowid AS rowid, bm25(search_terms, 2.0, 1.0) AS score
           FROM search_terms JOIN search_messages w ON w.rowid = search_terms.rowid
           WHERE search_terms MATCH ? AND w.session_id IN (SELECT value FROM json_each(?)) ORDER BY score LIMIT ?
         )
         SELECT m.session_id AS sessionId, m.message_id AS messageId, m.position, m.role, m.timestamp, m.text, m.reasoning
         FROM best JOIN search_messages m ON m.rowid = best.rowid ORDER BY best.score`,
      ),
    };
  }

  /** The file state recorded when the session was last indexed, or undefined when it never was. */
  indexedFile(sessionId: string): IndexedFile | undefined {
    const row = this.statements.file!.get(sessionId) as IndexedFile | undefined;
    return row ? { size: row.size, mtimeMs: row.mtimeMs } : undefined;
  }

  /** Every indexed session with its file state. */
  indexedFiles(): Map<string, IndexedFile> {
    const out = new Map<string, IndexedFile>();
    for (const row of this.statements.files!.all() as unknown as Array<IndexedFile & { id: string }>)
      out.set(row.id, { size: row.size, mtimeMs: row.mtimeMs });
    return out;
  }

  get messageCount(): number {
    return (this.statements.count!.get() as { n: number }).n;
  }

  /**
   * Makes the session's rows those of `branch` (root → leaf) as read from a file in state `file`, in one
   * transaction. Only messages without a row are tokenized; returns how many were. `fresh`: the file was changed
   * by someone else (a message's id no longer vouches for its text), so every message is tokenized again.
   */
  setBranch(sessionId: string, name: string, branch: readonly IndexableEntry[], file: IndexedFile, fresh = false): number {
    const s = this.statements;
    const rows = new Map<string, Row>();
    if (!fresh) for (const row of s.rows!.all(sessionId) as unknown as Row[]) rows.set(row.message_id, row);
    let added = 0;
    this.transaction(() => {
      if (fresh) {
        s.deleteSessionTerms!.run(sessionId);
        s.deleteSessionRows!.run(sessionId);
      }
      const kept = new Set<string>();
      branch.forEach((entry, position) => {
        const row = rows.get(entry.id);
        if (row) {
          kept.add(entry.id);
          if (row.position !== position) s.move!.run(position, row.rowid);
          return;
        }
        const doc = messageDoc(entry);
        if (!doc) return;
        const { lastInsertRowid } = s.insertRow!.run(sessionId, entry.id, position, doc.role, entry.timestamp, doc.text, doc.reasoning);
        s.insertTerms!.run(lastInsertRowid, documentTerms(doc.text).join(' '), documentTerms(doc.reasoning).join(' '));
        kept.add(entry.id);
        added += 1;
      });
      for (const [id, row] of rows) {
        if (kept.has(id)) continue;
        s.deleteTerms!.run(row.rowid);
        s.deleteRow!.run(row.rowid);
      }
      s.putFile!.run(sessionId, file.size, file.mtimeMs, name, normalizeText(name));
    });
    this.tokenized += added;
    return added;
  }

  removeSession(sessionId: string): void {
    const s = this.statements;
    this.transaction(() => {
      s.deleteSessionTerms!.run(sessionId);
      s.deleteSessionRows!.run(sessionId);
      s.deleteFile!.run(sessionId);
    });
  }

  /** Ranked hits (BM25, the answer text weighing twice the reasoning); every query term must match. */
  search(query: string, options: { limit: number; includeReasoning: boolean; within?: readonly string[] }): RawHit[] {
    const match = matchExpression(query, options.includeReasoning);
    if (!match || options.within?.length === 0) return [];
    const s = this.statements;
    const found = options.within
      ? s.searchWithin!.all(match, JSON.stringify(options.within), options.limit)
      : s.search!.all(match, options.limit);
    const rows = found as Array<Omit<RawHit, 'field' | 'snippet' | 'highlights'> & { text: string; reasoning: string }>;
    const phrases = highlightPhrases(query);
    return rows.map(({ text, reasoning, ...row }) => {
      const inText = makeSnippet(text, phrases);
      const field = inText.highlights.length > 0 || !options.includeReasoning || !reasoning ? 'text' : 'reasoning';
      const { snippet, highlights } = field === 'text' ? inText : makeSnippet(reasoning, phrases);
      return { ...row, field, snippet, highlights };
    });
  }

  /** Sessions (of `within`, when given) whose shown name holds every word (and CJK run) of the query, most recently indexed first. */
  titles(query: string, limit: number, within?: readonly string[]): TitleHit[] {
    const phrases = highlightPhrases(query);
    if (phrases.length === 0 || within?.length === 0) return [];
    const statement = this.titleStatement(phrases.length, within !== undefined);
    const args = within ? [...phrases, JSON.stringify(within), limit] : [...phrases, limit];
    const rows = statement.all(...args) as Array<{ sessionId: string; name: string }>;
    return rows.map((row) => ({ ...row, highlights: findRanges(row.name, phrases) }));
  }

  /** The title query for `words` phrases, prepared once per count (queries have few words). */
  private titleStatement(words: number, within: boolean): StatementSync {
    const key = within ? -words : words;
    let statement = this.titleStatements.get(key);
    if (!statement) {
      const terms = Array.from({ length: words }, () => 'instr(folded_name, ?) > 0');
      if (within) terms.push('session_id IN (SELECT value FROM json_each(?))');
      statement = this.db.prepare(`SELECT session_id AS sessionId, name FROM search_sessions WHERE ${terms.join(' AND ')} LIMIT ?`);
      this.titleStatements.set(key, statement);
    }
    return statement;
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
