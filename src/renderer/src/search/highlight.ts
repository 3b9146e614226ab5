// Marks text in the rendered conversation with the CSS Custom Highlight API: no element is added or changed, so
// React's rows and the markdown cache stay exactly as they are. Where the API is missing, nothing is marked.
import { foldedOccurrences, foldText } from '../../../shared/fold';

export const HIGHLIGHT_NAME = 'tiny-agent-find';
/** The current occurrence (the find bar's step, a search result's word), drawn over the others in its own colour. */
export const CURRENT_HIGHLIGHT_NAME = 'tiny-agent-find-current';

function registry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
}

/** Where the current occurrence is: the `occurrence`-th (0-based; the last when there are fewer) under `within`. */
export interface CurrentMark {
  within: Element | null;
  occurrence: number;
}

/**
 * Marks every occurrence of `query` (folded: case and width ignored) in the text under `root`, and `current` apart;
 * returns how many were marked.
 */
export function markText(root: Element | null, query: string, current?: CurrentMark): number {
  const highlights = registry();
  const needle = foldText(query.trim());
  if (!highlights || !root || !needle) {
    clearMarks();
    return 0;
  }
  const ranges: Range[] = [];
  const inCurrent: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const inside = current?.within?.contains(node) === true;
    for (const [start, end] of foldedOccurrences(node.nodeValue ?? '', needle)) {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      ranges.push(range);
      if (inside) inCurrent.push(range);
    }
  }
  highlights.set(HIGHLIGHT_NAME, new Highlight(...ranges));
  const mark = inCurrent[Math.min(current?.occurrence ?? 0, inCurrent.length - 1)];
  if (mark) {
    const highlight = new Highlight(mark);
    highlight.priority = 1;
    highlights.set(CURRENT_HIGHLIGHT_NAME, highlight);
  } else highlights.delete(CURRENT_HIGHLIGHT_NAME);
  return ranges.length;
}

export function clearMarks(): void {
  registry()?.delete(HIGHLIGHT_NAME);
  registry()?.delete(CURRENT_HIGHLIGHT_NAME);
}
