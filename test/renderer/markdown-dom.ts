// Makes happy-dom behave like a browser in the two places DOMPurify depends on and happy-dom 21 gets wrong, so the
// sanitizer tests exercise DOMPurify's real logic instead of a broken run:
// - `Node.prototype.nodeName` returns '' for every node (browsers define it once, on Node.prototype, for all node
//   types; DOMPurify reads it through that getter), so every element looked unknown and was removed;
// - NodeIterator ignores removals (a browser moves the iterator off a node being removed), so after DOMPurify removed
//   one node the walk stopped early and the nodes after it were never sanitized.
// Apply before the first sanitizer is created (DOMPurify caches these functions when it is set up).

type DomWindow = { Node: typeof Node; document: Document };

const FILTER_ACCEPT = 1;
const FILTER_SKIP = 3;

/** First node after `node` in tree order within `root`, optionally skipping `node`'s own descendants. */
function following(node: Node, root: Node, skipChildren: boolean): Node | null {
  if (!skipChildren && node.firstChild) return node.firstChild;
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    if (current.nextSibling) return current.nextSibling;
  }
  return null;
}

function lastInclusiveDescendant(node: Node): Node {
  let current = node;
  while (current.lastChild) current = current.lastChild;
  return current;
}

function preceding(node: Node, root: Node): Node | null {
  if (node === root) return null;
  return node.previousSibling ? lastInclusiveDescendant(node.previousSibling) : node.parentNode;
}

const live = new Set<SpecNodeIterator>();

/** NodeIterator as the DOM standard defines it, including the "pre-removing steps". */
class SpecNodeIterator {
  referenceNode: Node;
  pointerBeforeReferenceNode = true;

  constructor(
    readonly root: Node,
    readonly whatToShow: number,
    readonly filter: NodeFilter | null,
  ) {
    this.referenceNode = root;
    live.add(this);
  }

  nextNode(): Node | null {
    return this.traverse(true);
  }

  previousNode(): Node | null {
    return this.traverse(false);
  }

  detach(): void {
    live.delete(this);
  }

  private traverse(forward: boolean): Node | null {
    let node = this.referenceNode;
    let before = this.pointerBeforeReferenceNode;
    for (;;) {
      if (forward) {
        if (before) before = false;
        else {
          const next = following(node, this.root, false);
          if (!next) return this.finish();
          node = next;
        }
      } else if (!before) before = true;
      else {
        const previous = preceding(node, this.root);
        if (!previous) return this.finish();
        node = previous;
      }
      if (this.accept(node) === FILTER_ACCEPT) {
        this.referenceNode = node;
        this.pointerBeforeReferenceNode = before;
        return node;
      }
    }
  }

  private finish(): null {
    live.delete(this);
    return null;
  }

  private accept(node: Node): number {
    if (!(this.whatToShow & (1 << (node.nodeType - 1)))) return FILTER_SKIP;
    if (!this.filter) return FILTER_ACCEPT;
    return typeof this.filter === 'function' ? (this.filter as (n: Node) => number)(node) : this.filter.acceptNode(node);
  }

  /** Runs before `removed` leaves the tree. */
  preRemove(removed: Node): void {
    if (removed === this.root || !removed.contains(this.referenceNode)) return;
    if (this.pointerBeforeReferenceNode) {
      const next = following(removed, this.root, true);
      if (next) {
        this.referenceNode = next;
        return;
      }
      this.pointerBeforeReferenceNode = false;
    }
    this.referenceNode = removed.previousSibling ? lastInclusiveDescendant(removed.previousSibling) : (removed.parentNode ?? this.root);
  }
}

const conformed = new WeakSet<object>();

/** Patches `win`'s DOM classes (idempotent). */
export function conformDomForPurify(win: DomWindow): void {
  const nodeProto = win.Node.prototype;
  if (conformed.has(nodeProto)) return;
  conformed.add(nodeProto);

  const baseNodeName = Object.getOwnPropertyDescriptor(nodeProto, 'nodeName')?.get;
  Object.defineProperty(nodeProto, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (
        let proto = Object.getPrototypeOf(this) as object | null;
        proto && proto !== nodeProto;
        proto = Object.getPrototypeOf(proto) as object | null
      ) {
        const getter = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (getter) return getter.call(this) as string;
      }
      return baseNodeName ? (baseNodeName.call(this) as string) : '';
    },
  });

  // Every removal in happy-dom (removeChild, remove, moving a node elsewhere) goes through this internal method.
  const removeSymbol = Object.getOwnPropertySymbols(nodeProto).find((symbol) => symbol.description === 'removeChild');
  if (!removeSymbol) throw new Error('happy-dom changed: no internal removeChild to hook');
  const protoRecord = nodeProto as unknown as Record<symbol, (this: Node, child: Node) => Node>;
  const removeChild = protoRecord[removeSymbol];
  if (!removeChild) throw new Error('happy-dom changed: internal removeChild is missing');
  protoRecord[removeSymbol] = function (this: Node, child: Node): Node {
    for (const iterator of live) iterator.preRemove(child);
    return removeChild.call(this, child);
  };

  // Patched where happy-dom defines it (the window's own Document class may be a subclass documents do not use).
  let owner = Object.getPrototypeOf(win.document) as object | null;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator')) owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) throw new Error('happy-dom changed: no createNodeIterator to replace');
  Object.defineProperty(owner, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value(root: Node, whatToShow = 0xffffffff, filter: NodeFilter | null = null) {
      return new SpecNodeIterator(root, whatToShow, filter);
    },
  });
}
