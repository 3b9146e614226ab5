// The index as a person uses it: find a message across sessions, follow branches, count the work a commit costs.
import { describe, expect, it } from 'vitest';
import { emptyUsage, type Message } from '../../../src/shared/messages.js';
import { SearchIndex, type IndexableEntry } from '../../../src/main/search/search-index.js';

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
const names = new Map([
  ['s1', 'JavaScript 笔记'],
  ['s2', 'Cooking'],
]);
const opts = { limit: 50, includeReasoning: false, sessionName: (id: string) => names.get(id) };

function twoSessions(): SearchIndex {
  const index = SearchIndex.empty();
  index.setBranch('s1', [
    user('u1', '什么是闭包？'),
    answer('a1', '闭包是函数和它的词法环境。', '先想想作用域'),
    user('u2', 'Explain a Closure in JS'),
  ]);
  index.setBranch('s2', [user('u1', 'How long do I boil an egg?'), answer('a1', 'About nine minutes for a hard-boiled egg.')]);
  return index;
}

describe('SearchIndex', () => {
  it('finds Chinese without spaces: "闭包" → the message containing "什么是闭包"', () => {
    const hits = twoSessions().search('闭包', opts);
    expect(hits.map((h) => [h.sessionId, h.messageId, h.messageIndex])).toEqual(
      expect.arrayContaining([
        ['s1', 'u1', 1],
        ['s1', 'a1', 2],
      ]),
    );
    expect(hits).toHaveLength(2);
    const first = hits.find((h) => h.messageId === 'u1')!;
    expect(first.sessionName).toBe('JavaScript 笔记');
    expect(first.highlights.map(([a, b]) => first.snippet.slice(a, b))).toEqual(['闭包']);
  });

  it('folds case and width for Latin text and matches words as prefixes', () => {
    const index = twoSessions();
    expect(index.search('CLOSURE', opts).map((h) => h.messageId)).toEqual(['u2']);
    expect(index.search('ｃｌｏｓｕ', opts).map((h) => h.messageId)).toEqual(['u2']);
    expect(index.search('boil egg', opts).map((h) => [h.sessionId, h.messageId])).toEqual([
      ['s2', 'u1'],
      ['s2', 'a1'],
    ]);
  });

  it('needs every term (AND) and ranks the closer match first', () => {
    const index = twoSessions();
    expect(index.search('egg closure', opts)).toEqual([]);
    const ranked = index.search('egg', opts);
    expect(ranked.map((h) => h.messageId)).toEqual(['u1', 'a1']);
  });

  it('searches reasoning only when asked', () => {
    const index = twoSessions();
    expect(index.search('作用域', opts)).toEqual([]);
    const hits = index.search('作用域', { ...opts, includeReasoning: true });
    expect(hits.map((h) => [h.messageId, h.field])).toEqual([['a1', 'reasoning']]);
  });

  it('follows the shown branch: a regenerated answer replaces the old one, and only new messages are tokenized', () => {
    const index = SearchIndex.empty();
    const question = user('u1', 'Name a colour');
    expect(index.setBranch('s1', [question, answer('a1', 'Crimson')])).toBe(2);
    expect(index.setBranch('s1', [question, answer('a2', 'Turquoise')])).toBe(1);
    expect(index.search('crimson', opts)).toEqual([]);
    expect(index.search('turquoise', opts).map((h) => h.messageId)).toEqual(['a2']);
    expect(index.documentCount).toBe(2);
  });

  it('forgets a deleted session and hides hits of sessions it cannot name', () => {
    const index = twoSessions();
    index.removeSession('s2');
    expect(index.search('egg', opts)).toEqual([]);
    const unnamed = twoSessions().search('egg', { ...opts, sessionName: () => undefined });
    expect(unnamed).toEqual([]);
  });

  it('a snapshot restores the same answers', async () => {
    const index = twoSessions();
    const restored = await SearchIndex.restore(JSON.parse(JSON.stringify(index.snapshot())));
    expect(restored.search('闭包', opts)).toEqual(index.search('闭包', opts));
    expect(
      restored.setBranch('s2', [user('u1', 'How long do I boil an egg?'), answer('a1', 'About nine minutes for a hard-boiled egg.')]),
    ).toBe(0);
  });
});
