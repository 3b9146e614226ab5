// Citation marks in an answer: after a block's sanitized HTML is in the page, each `[n]` (or `[n, m]`) in its text
// whose numbers the message cites becomes a button built with DOM calls (text only, never HTML), so nothing of the
// model's output or of a passage can ever be parsed as markup here. Code, links, math and buttons are left as they are.
import type { KnowledgeCitation } from '../../../shared/knowledge';

/** `[1]`, `[1, 2]`, `[1,2，3]`: one mark with one or more numbers. */
const MARK = /\[(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\]/g;

/** Elements whose text is never turned into marks (a link's text is its own; code and math are verbatim). */
const SKIP = 'pre, code, a, button, .katex, .md-math, .md-math-source, .citation-mark';

/** The words a mark says to assistive technology and in its tooltip. */
export type CitationLabel = (citation: KnowledgeCitation) => string;

/** The citations of a message by number. */
export function citationsByNumber(citations: readonly KnowledgeCitation[] | undefined): ReadonlyMap<number, KnowledgeCitation> {
  return new Map((citations ?? []).map((citation) => [citation.n, citation]));
}

/** The pieces one text splits into: plain text and cited numbers, in order; null when nothing in it is cited. */
export function splitMarks(text: string, cited: ReadonlyMap<number, unknown>): Array<string | number> | null {
  const pieces: Array<string | number> = [];
  let last = 0;
  let found = false;
  for (const match of text.matchAll(MARK)) {
    const numbers = match[1]!.split(/[,，]/).map((n) => Number(n.trim()));
    if (!numbers.every((n) => cited.has(n))) continue;
    found = true;
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push(...numbers);
    last = match.index + match[0].length;
  }
  if (!found) return null;
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

function markButton(citation: KnowledgeCitation, label: CitationLabel): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'citation-mark';
  button.dataset.testid = 'citation';
  button.dataset.source = String(citation.n);
  button.textContent = String(citation.n);
  button.setAttribute('aria-label', label(citation));
  button.title = label(citation);
  return button;
}

/**
 * Turns the cited marks in `root`'s text into `citation` buttons (a click on one is the host's to handle, see
 * `citationAt`); marks already made stay, their labels renewed. Returns how many buttons `root` holds after.
 */
export function markCitations(root: HTMLElement, cited: ReadonlyMap<number, KnowledgeCitation>, label: CitationLabel): number {
  for (const button of root.querySelectorAll<HTMLButtonElement>('.citation-mark')) {
    const citation = cited.get(Number(button.dataset.source));
    if (citation) {
      button.setAttribute('aria-label', label(citation));
      button.title = label(citation);
    }
  }
  if (cited.size === 0) return root.querySelectorAll('.citation-mark').length;
  const texts: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(SKIP) || !node.nodeValue?.includes('[') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const pieces = splitMarks(text.nodeValue ?? '', cited);
    if (!pieces) continue;
    const fragment = document.createDocumentFragment();
    for (const piece of pieces) {
      fragment.append(typeof piece === 'string' ? document.createTextNode(piece) : markButton(cited.get(piece)!, label));
    }
    text.replaceWith(fragment);
  }
  return root.querySelectorAll('.citation-mark').length;
}

/** The citation a click at `target` opens: the mark's number looked up in the message's citations now. */
export function citationAt(target: EventTarget | null, cited: ReadonlyMap<number, KnowledgeCitation>): KnowledgeCitation | null {
  const mark = target instanceof Element ? target.closest<HTMLElement>('.citation-mark') : null;
  return mark ? (cited.get(Number(mark.dataset.source)) ?? null) : null;
}
