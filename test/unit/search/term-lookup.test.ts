// Indexing a message looks its terms up in a hash map, not by walking MiniSearch's term tree, and the tree stays the
// truth: a term vacuumed away and indexed again is found again, and a snapshot round trip finds what was indexed.
import MiniSearch from 'minisearch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchIndex, type IndexableEntry } from '../../../src/main/search/search-index.js';
import { hashTermLookups } from '../../../src/main/search/term-lookup.js';

const opts = { limit: 10, includeReasoning: false, sessionName: () => 'chat' };
/** The sessions a query finds, in id order. */
const sessionsFinding = (index: SearchIndex, query: string): string[] =>
  index
    .search(query, opts)
    .map((hit) => hit.sessionId)
    .sort();
let clock = 1_700_000_000_000;
const user = (id: string, text: string): IndexableEntry => ({
  id,
  timestamp: ++clock,
  message: { role: 'user', content: text, timestamp: clock },
});

/** MiniSearch's own term tree class (bundled inside it), whose `fetch` walks the tree. */
const treeProto = Object.getPrototypeOf((new MiniSearch({ fields: ['text'] }) as unknown as { _index: object })._index) as {
  fetch: (...args: unknown[]) => unknown;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('term lookups while indexing', () => {
  it('a message made only of indexed words walks the tree zero times; one new word walks it once', () => {
    const walks = vi.spyOn(treeProto, 'fetch');
    const index = SearchIndex.empty();
    index.setBranch('s1', [user('u1', 'the quick brown fox 什么是闭包')]);
    const first = walks.mock.calls.length;
    // 4 words, 4 bigrams and the run's last character: 9 distinct terms, each walked to once.
    expect(first).toBe(9);
    index.setBranch('s2', [user('u1', 'quick fox the brown 闭包是什么')]);
    expect(walks.mock.calls.length).toBe(first + 3); // 包是, 是什 and 么 are new; every other term is found by hash
    index.setBranch('s3', [user('u1', 'the quick brown fox jumps')]);
    expect(walks.mock.calls.length).toBe(first + 4);
    expect(sessionsFinding(index, 'jumps')).toEqual(['s3']);
    expect(sessionsFinding(index, '闭包')).toEqual(['s1', 's2']);
  });

  it('a term vacuumed out of the tree and indexed again is found again', async () => {
    const mini = new MiniSearch<{ id: string; text: string }>({ fields: ['text'] });
    expect(hashTermLookups(mini)).toBe(true);
    mini.add({ id: 'a', text: 'zebra crossing' });
    mini.discard('a');
    await mini.vacuum();
    expect(mini.termCount).toBe(0);
    mini.add({ id: 'b', text: 'zebra' });
    expect(mini.search('zebra').map((hit) => hit.id)).toEqual(['b']);
    mini.removeAll();
    mini.add({ id: 'c', text: 'zebra' });
    expect(mini.search('zebra').map((hit) => hit.id)).toEqual(['c']);
  });

  it('an index restored from its snapshot keeps indexing into the restored tree', async () => {
    const index = SearchIndex.empty();
    index.setBranch('s1', [user('u1', 'sourdough starter 面包')]);
    const restored = await SearchIndex.restore(JSON.parse(JSON.stringify(index.snapshot())));
    restored.setBranch('s2', [user('u1', 'sourdough loaf 面包')]);
    expect(sessionsFinding(restored, 'sourdough 面包')).toEqual(['s1', 's2']);
  });

  it('leaves an index it does not recognize as it is', () => {
    expect(hashTermLookups({} as MiniSearch)).toBe(false);
  });
});
