// Which branch of a session's message tree is shown and sent to the model. Pure: no I/O.
//
// Stored messages form a tree through `parentId`. Children of one parent are that point's versions, in the order
// they were written: an edited user message is a sibling of the one it replaces, a regenerated answer a sibling of
// the answer it replaces. Nothing is ever removed from the tree.
//
// The rule: the shown branch runs from the root to the leaf that was *activated* last. A committed run activates its
// last message; choosing a version activates a leaf below it (a `branch` line in the file). Choosing version k of a
// point shows the leaf under that version that was activated last — so moving back and forth between versions
// returns to exactly what was shown under each — or, for a subtree never shown, its newest messages.
import type { MessageRef } from '../../shared/sessions.js';

/** The two fields of a stored message the tree is made of. */
export interface TreeNode {
  id: string;
  parentId: string | null;
}

export class BranchTree<T extends TreeNode = TreeNode> {
  private readonly nodes = new Map<string, T>();
  /** Children per parent id (`null`: the roots), in the order they were written. */
  private readonly children = new Map<string | null, string[]>();
  /** Leaf id → when it was last activated (a growing counter); the highest one is shown. */
  private readonly activatedAt = new Map<string, number>();
  private clock = 0;
  private current: string | null = null;

  /** `entries` in file order (parents before children); `activations` the activated leaf ids in file order. */
  constructor(entries: readonly T[] = [], activations: readonly string[] = []) {
    for (const entry of entries) this.insert(entry);
    for (const leaf of activations) this.activate(leaf);
    if (this.current === null && entries.length) this.current = entries[entries.length - 1]!.id;
  }

  /** Adds one committed run (its messages in order, each the parent of the next) and shows its last message. */
  add(entries: readonly T[]): void {
    for (const entry of entries) this.insert(entry);
    const last = entries[entries.length - 1];
    if (last) this.activate(last.id);
  }

  /** Shows the branch ending at `leaf`. Unknown ids are ignored. */
  activate(leaf: string): void {
    if (!this.nodes.has(leaf)) return;
    this.activatedAt.set(leaf, ++this.clock);
    this.current = leaf;
  }

  /** Id of the last message of the shown branch, or null for an empty session. */
  get leaf(): string | null {
    return this.current;
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Root → leaf of the shown branch (or of the branch ending at `leaf`). */
  branch(leaf: string | null = this.current): T[] {
    const path: T[] = [];
    for (
      let node = leaf === null ? undefined : this.nodes.get(leaf);
      node;
      node = node.parentId === null ? undefined : this.nodes.get(node.parentId)
    ) {
      path.push(node);
    }
    return path.reverse();
  }

  /** Where each message of `branch` sits among its versions. */
  refs(branch: readonly T[]): MessageRef[] {
    return branch.map((entry) => {
      const siblings = this.children.get(entry.parentId) ?? [entry.id];
      return { id: entry.id, version: siblings.indexOf(entry.id) + 1, versions: siblings.length };
    });
  }

  /**
   * The leaf to show when version `version` (1-based) of the point where `messageId` sits is chosen: the leaf under
   * that version activated last, or its newest descendant. Undefined when there is no such message or version.
   */
  leafForVersion(messageId: string, version: number): string | undefined {
    const node = this.nodes.get(messageId);
    if (!node) return undefined;
    const chosen = this.children.get(node.parentId)?.[version - 1];
    if (chosen === undefined) return undefined;
    let best: string | undefined;
    let bestAt = 0;
    for (const [leaf, at] of this.activatedAt) {
      if (at > bestAt && this.isUnder(leaf, chosen)) {
        best = leaf;
        bestAt = at;
      }
    }
    if (best !== undefined) return best;
    let leaf = chosen;
    for (let next = this.children.get(leaf); next?.length; next = this.children.get(leaf)) leaf = next[next.length - 1]!;
    return leaf;
  }

  /** Every version of the point where `id` sits (its siblings and itself), in the order written. */
  versionsOf(id: string): T[] {
    const node = this.nodes.get(id);
    if (!node) return [];
    return (this.children.get(node.parentId) ?? []).map((sibling) => this.nodes.get(sibling)!);
  }

  private isUnder(id: string, ancestor: string): boolean {
    for (let node = this.nodes.get(id); node; node = node.parentId === null ? undefined : this.nodes.get(node.parentId)) {
      if (node.id === ancestor) return true;
    }
    return false;
  }

  private insert(entry: T): void {
    if (this.nodes.has(entry.id)) return;
    this.nodes.set(entry.id, entry);
    const siblings = this.children.get(entry.parentId);
    if (siblings) siblings.push(entry.id);
    else this.children.set(entry.parentId, [entry.id]);
  }
}
