// The branch tree: versions at each point, which branch is shown, and where choosing a version leads.
import { describe, expect, it } from 'vitest';
import { BranchTree, type TreeNode } from '../../../src/main/sessions/branches.js';

/** `"a>b"`: node b whose parent is a; `">a"`: a root. */
function nodes(spec: string): TreeNode[] {
  return spec.split(' ').map((pair) => {
    const [parent, id] = pair.split('>') as [string, string];
    return { id, parentId: parent === '' ? null : parent };
  });
}

const ids = (branch: readonly TreeNode[]) => branch.map((node) => node.id).join(' ');

// u1 a1 u2 a2 u3 a3 — then u2 edited (u2b a2b), then a1 regenerated (a1b), then a2b regenerated (a2c).
const conversation = nodes('>u1 u1>a1 a1>u2 u2>a2 a2>u3 u3>a3 a1>u2b u2b>a2b u1>a1b u2b>a2c');
const runs = ['a1', 'a2', 'a3', 'a2b', 'a1b', 'a2c'];

describe('BranchTree', () => {
  it.each([
    { case: 'empty session', entries: [], activations: [], shown: '' },
    { case: 'one run', entries: nodes('>u1 u1>a1'), activations: ['a1'], shown: 'u1 a1' },
    { case: 'no activations: the last message in file order', entries: nodes('>u1 u1>a1 >u1b'), activations: [], shown: 'u1b' },
    { case: 'the last commit wins', entries: conversation, activations: runs, shown: 'u1 a1 u2b a2c' },
    { case: 'a branch line after the commits wins', entries: conversation, activations: [...runs, 'a3'], shown: 'u1 a1 u2 a2 u3 a3' },
    { case: 'an unknown leaf is ignored', entries: nodes('>u1 u1>a1'), activations: ['a1', 'zz'], shown: 'u1 a1' },
  ])('shows $case', ({ entries, activations, shown }) => {
    expect(ids(new BranchTree(entries, activations).branch())).toBe(shown);
  });

  it('numbers the versions at every point of the shown branch', () => {
    const tree = new BranchTree(conversation, runs);
    expect(tree.refs(tree.branch())).toEqual([
      { id: 'u1', version: 1, versions: 1 },
      { id: 'a1', version: 1, versions: 2 },
      { id: 'u2b', version: 2, versions: 2 },
      { id: 'a2c', version: 2, versions: 2 },
    ]);
  });

  it.each([
    { case: 'back to the first answer: the branch last shown under it', message: 'a1b', version: 1, leaf: 'a2c' },
    { case: 'the regenerated first answer, never continued', message: 'a1', version: 2, leaf: 'a1b' },
    { case: 'the edited question, first version: its own continuation', message: 'u2b', version: 1, leaf: 'a3' },
    { case: 'the answer to the edited question, first version', message: 'a2c', version: 1, leaf: 'a2b' },
    { case: 'a version that does not exist', message: 'u2b', version: 3, leaf: undefined },
    { case: 'version 0', message: 'u2b', version: 0, leaf: undefined },
    { case: 'an unknown message', message: 'nope', version: 1, leaf: undefined },
  ])('choosing a version: $case', ({ message, version, leaf }) => {
    expect(new BranchTree(conversation, runs).leafForVersion(message, version)).toBe(leaf);
  });

  it('returns to what was shown under each version when moving back and forth', () => {
    const tree = new BranchTree(conversation, runs);
    tree.activate(tree.leafForVersion('u2b', 1)!);
    expect(ids(tree.branch())).toBe('u1 a1 u2 a2 u3 a3');
    tree.activate(tree.leafForVersion('u2', 2)!);
    expect(ids(tree.branch())).toBe('u1 a1 u2b a2c');
    tree.activate(tree.leafForVersion('a2c', 1)!);
    expect(ids(tree.branch())).toBe('u1 a1 u2b a2b');
    // Away to the other first answer and back: the second question still shows its first answer, as left.
    tree.activate(tree.leafForVersion('a1', 2)!);
    expect(ids(tree.branch())).toBe('u1 a1b');
    tree.activate(tree.leafForVersion('a1b', 1)!);
    expect(ids(tree.branch())).toBe('u1 a1 u2b a2b');
  });

  it('a subtree never shown opens at its newest messages', () => {
    // Written by another tool: runs without activations. The newest child at each point is followed.
    const tree = new BranchTree(nodes('>u1 u1>a1 >u1b u1b>a1b u1b>a1c'), ['a1']);
    expect(tree.leafForVersion('u1', 2)).toBe('a1c');
  });

  it('adding a run shows it and makes it a new version of its point', () => {
    const tree = new BranchTree(nodes('>u1 u1>a1 a1>u2 u2>a2'), ['a2']);
    tree.add(nodes('a1>u2b u2b>a2b'));
    expect(ids(tree.branch())).toBe('u1 a1 u2b a2b');
    expect(tree.refs(tree.branch()).map((ref) => `${ref.version}/${ref.versions}`)).toEqual(['1/1', '1/1', '2/2', '1/1']);
    expect(tree.leaf).toBe('a2b');
  });
});
