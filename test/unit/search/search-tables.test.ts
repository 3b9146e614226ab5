// The search tables as a person uses them: find a message across sessions, follow branches, count the work a commit
// costs. A real SQLite database (node:sqlite, in memory) with the app's own terms in FTS5.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { emptyUsage, type Message } from '../../../src/shared/messages.js';
import { SearchTables, type IndexableEntry } from '../../../src/main/derived/search-tables.js';

let clock = 1_700_000_000_000;
function user(id: string, text: string): IndexableEntry {
  return { id, timestamp: ++clock, message: { role: 'user', content: text, timestamp: clock } };
}
function answer(id: string, text: string, thinking?: string): IndexableEntry {
  const message: Message = {
    role: 'assistant',
    content: [...(thinking ? [{ type: 'thinking' as const, thinking }] : []), { type: 'text' as const, text }],
    model: 'm',
    usage: emptyUsage(),
    stopReason: 'stop',
    timestamp: ++clock,
  };
  return { id, timestamp: clock, message };
}
const file = { size: 1, mtimeMs: 1 };
const opts = { limit: 50, includeReasoning: false };

function twoSessions(): SearchTables {
  const tables = new SearchTables(new DatabaseSync(':memory:'));
  tables.setBranch(
    's1',
    'JavaScript 笔记',
    [user('u1', '什么是闭包？'), answer('a1', '闭包是函数和它的词法环境。', '先想想作用域'), user('u2', 'Explain a Closure in JS')],
    file,
  );
  tables.setBranch(
    's2',
    'Rust borrow checker questions',
    [user('u1', 'How long do I boil an egg?'), answer('a1', 'About nine minutes for a hard-boiled egg.')],
    file,
  );
  return tables;
}

describe('SearchTables', () => {
  it('finds Chinese without spaces: "闭包" → the message containing "什么是闭包"', () => {
    const hits = twoSessions().search('闭包', opts);
    expect(hits.map((h) => [h.sessionId, h.messageId, h.position])).toEqual(
      expect.arrayContaining([
        ['s1', 'u1', 0],
        ['s1', 'a1', 1],
      ]),
    );
    expect(hits).toHaveLength(2);
    const first = hits.find((h) => h.messageId === 'u1')!;
    expect(first.highlights.map(([a, b]) => first.snippet.slice(a, b))).toEqual(['闭包']);
  });

  it('folds case and width for Latin text and matches words as prefixes', () => {
    const tables = twoSessions();
    expect(tables.search('CLOSURE', opts).map((h) => h.messageId)).toEqual(['u2']);
    expect(tables.search('ｃｌｏｓｕ', opts).map((h) => h.messageId)).toEqual(['u2']);
    expect(tables.search('boil egg', opts).map((h) => [h.sessionId, h.messageId])).toEqual([
      ['s2', 'u1'],
      ['s2', 'a1'],
    ]);
  });

  it('a single Chinese character finds the bigrams it starts and the run it ends', () => {
    const tables = twoSessions();
    expect(
      tables
        .search('闭', opts)
        .map((h) => h.messageId)
        .sort(),
    ).toEqual(['a1', 'u1']);
    expect(tables.search('境', opts).map((h) => h.messageId)).toEqual(['a1']);
  });

  it('needs every term (AND) and ranks the closer match first', () => {
    const tables = twoSessions();
    expect(tables.search('egg closure', opts)).toEqual([]);
    const ranked = tables.search('egg', opts);
    expect(ranked.map((h) => h.messageId)).toEqual(['u1', 'a1']);
  });

  it('searches reasoning only when asked', () => {
    const tables = twoSessions();
    expect(tables.search('作用域', opts)).toEqual([]);
    const hits = tables.search('作用域', { ...opts, includeReasoning: true });
    expect(hits.map((h) => [h.messageId, h.field])).toEqual([['a1', 'reasoning']]);
  });

  it('follows the shown branch: a regenerated answer replaces the old one, and only new messages are tokenized', () => {
    const tables = new SearchTables(new DatabaseSync(':memory:'));
    const question = user('u1', 'Name a colour');
    expect(tables.setBranch('s1', 'Colours', [question, answer('a1', 'Crimson')], file)).toBe(2);
    expect(tables.setBranch('s1', 'Colours', [question, answer('a2', 'Turquoise')], file)).toBe(1);
    expect(tables.search('crimson', opts)).toEqual([]);
    expect(tables.search('turquoise', opts).map((h) => [h.messageId, h.position])).toEqual([['a2', 1]]);
    expect(tables.messageCount).toBe(2);
    expect(tables.tokenized).toBe(3);
  });

  it('a message that moves in the branch keeps its row and reports its new position', () => {
    const tables = new SearchTables(new DatabaseSync(':memory:'));
    const a = user('u1', 'alpha question');
    tables.setBranch('s1', '', [user('u0', 'zero'), a], file);
    expect(tables.setBranch('s1', '', [a], file)).toBe(0);
    expect(tables.search('alpha', opts).map((h) => h.position)).toEqual([0]);
  });

  it('forgets a deleted session, and records each file as it was read', () => {
    const tables = twoSessions();
    expect(tables.indexedFile('s2')).toEqual(file);
    tables.removeSession('s2');
    expect(tables.search('egg', opts)).toEqual([]);
    expect(tables.indexedFile('s2')).toBeUndefined();
    expect([...tables.indexedFiles().keys()]).toEqual(['s1']);
  });

  it('matches chat names by every word, folded: "borrow checker" finds "Rust borrow checker questions"', () => {
    const tables = twoSessions();
    const titles = tables.titles('Borrow CHECKER', 10);
    expect(titles.map((t) => t.sessionId)).toEqual(['s2']);
    const [hit] = titles;
    expect(hit!.highlights.map(([a, b]) => hit!.name.slice(a, b))).toEqual(['borrow', 'checker']);
    expect(tables.titles('笔记', 10).map((t) => t.sessionId)).toEqual(['s1']);
    expect(tables.titles('borrow salad', 10)).toEqual([]);
  });

  it('queries with quotes, operators and FTS5 syntax are only words', () => {
    const tables = twoSessions();
    for (const query of ['"egg', 'egg OR closure', 'NEAR(egg', 'egg*', '-egg', 'text_terms: egg', '{egg}'])
      expect(() => tables.search(query, opts)).not.toThrow();
    expect(tables.search('egg OR closure', opts)).toEqual([]);
    expect(tables.search('"egg"', opts).map((h) => h.messageId)).toEqual(['u1', 'a1']);
  });
});
