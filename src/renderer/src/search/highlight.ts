// Marks text in the rendered conversation with the CSS Custom Highlight API: no element is added or changed, so
// React's rows and the markdown cache stay exactly as they are. Where the API is missing, nothing is marked.
import { foldedOccurrences, foldText } from '../../../shared/fold';

export const HIGHLIGHT_NAME = 'tiny-agent-find';

function registry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
}

/** Marks every occurrence of `query` (folded: case and width ignored) in the text under `root`; returns how many. */
export function markText(root: Element | null, query: string): number {
  const highlights = registry();
  const needle = foldText(query.trim());
  if (!highlights || !root || !needle) {
    highlights?.delete(HIGHLIGHT_NAME);
    return 0;
  }
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const [start, end] of foldedOccurrences(node.nodeValue ?? '', needle)) {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      ranges.push(range);
    }
  }
  highlights.set(HIGHLIGHT_NAME, new Highlight(...ranges));
  return ranges.length;
}

export function clearMarks(): void {
  registry()?.delete(HIGHLIGHT_NAME);
}
