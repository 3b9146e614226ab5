// A hash map in front of MiniSearch's term tree for the one lookup that indexing makes per term.
//
// MiniSearch keeps terms in a radix tree whose nodes hold their children in a Map scanned in order to find the child
// with the right first character (`createPath`). At the root that is one child per distinct first character: a few
// hundred in the first chats, thousands once months of Chinese text are indexed. Every term of every message added
// pays that scan, so a commit cost more the more was already indexed. A term's postings object is created once and
// never replaced while the term exists, so a Map from term to it answers the same as the tree; the tree still does
// everything else (prefix and fuzzy search, vacuuming, snapshots).
import type MiniSearch from 'minisearch';

/** The part of MiniSearch's SearchableMap (its private `_index`) this wraps. */
interface TermTree {
  fetch(term: string, initial: () => unknown): unknown;
  delete(term: string): void;
  set(term: string, value: unknown): unknown;
  update(term: string, fn: (value: unknown) => unknown): unknown;
  clear(): void;
}

/**
 * Makes `mini`'s per-term lookup while indexing a hash lookup. Returns false, changing nothing, if the installed
 * MiniSearch is not shaped as expected (the index still works, only slower).
 */
export function hashTermLookups<T>(mini: MiniSearch<T>): boolean {
  const tree = (mini as unknown as { _index?: Partial<TermTree> })._index;
  const methods = ['fetch', 'delete', 'set', 'update', 'clear'] as const;
  if (!tree || methods.some((name) => typeof tree[name] !== 'function')) return false;
  const { fetch, delete: remove, set, update, clear } = tree as TermTree;
  const postings = new Map<string, unknown>();
  Object.assign(tree, {
    fetch(term: string, initial: () => unknown): unknown {
      let found = postings.get(term);
      if (found === undefined) {
        found = fetch.call(tree, term, initial);
        postings.set(term, found);
      }
      return found;
    },
    delete(term: string): void {
      postings.delete(term);
      remove.call(tree, term);
    },
    set(term: string, value: unknown): unknown {
      postings.delete(term);
      return set.call(tree, term, value);
    },
    update(term: string, fn: (value: unknown) => unknown): unknown {
      postings.delete(term);
      return update.call(tree, term, fn);
    },
    clear(): void {
      postings.clear();
      clear.call(tree);
    },
  });
  return true;
}
