// What the model receives of a document: the whole document as one fenced block with a label per part when it fits
// the budget, else the chunks most relevant to the question (retrieval.ts) in document order, up to the budget —
// and which parts went, for the person to see.
import { countTokens } from 'gpt-tokenizer';
import type { ExtractedDocument } from '../../shared/documents.js';
import { chunkParts, rankChunks, type DocumentChunk } from './retrieval.js';

export interface DocumentForModel {
  /** The text put in the request. */
  text: string;
  /** True when every part was sent. */
  whole: boolean;
  /** Labels of the parts sent, in document order (every part when whole). */
  sent: string[];
  /** Page numbers sent, when the document has pages. */
  pages: number[];
  tokens: number;
}

/** A fence longer than any backtick run in the text, so the block cannot be closed from inside. */
function fence(text: string): string {
  let longest = 2;
  for (const [run] of text.matchAll(/`{3,}/g)) longest = Math.max(longest, run.length);
  return '`'.repeat(longest + 1);
}

/**
 * Numbers the parts a request carries, so an answer can cite them as [n] (the run's citation ledger): each part's
 * number, in order. Absent: the parts are labelled by their place only.
 */
export type NumberParts = (parts: ReadonlyArray<{ label: string; page?: number; text: string }>) => number[];

function block(
  name: string,
  chunks: Array<Pick<DocumentChunk, 'label' | 'page' | 'text'>>,
  note: string,
  numberParts?: NumberParts,
): string {
  const numbers = numberParts?.(chunks);
  // Numbered: "[3] Page 3", the number the answer cites; else "[Page 3]".
  const heading = (label: string, i: number) => (numbers ? `[${numbers[i]}] ${label}` : `[${label}]`);
  const body = chunks.map((chunk, i) => `${heading(chunk.label, i)}\n${chunk.text}`).join('\n\n');
  const marks = fence(body);
  const cite = numbers?.length ? ` — cite the parts you use by their numbers, like [${numbers[0]}]` : '';
  return `Document: ${name}${note}${cite}\n${marks}document\n${body}\n${marks}`;
}

/** The document as sent for `question` within `budgetTokens`; its parts numbered by `numberParts` when given. */
export function documentForModel(
  document: ExtractedDocument,
  question: string,
  budgetTokens: number,
  numberParts?: NumberParts,
): DocumentForModel {
  const pagesOf = (chunks: Array<{ page?: number }>) => [...new Set(chunks.flatMap((c) => (c.page !== undefined ? [c.page] : [])))];
  if (document.tokens <= budgetTokens) {
    const text = block(document.name, document.parts, '', numberParts);
    return { text, whole: true, sent: document.parts.map((p) => p.label), pages: pagesOf(document.parts), tokens: document.tokens };
  }
  const chunks = chunkParts(document.parts);
  let ranked: DocumentChunk[] = rankChunks(chunks, question);
  // A question sharing no word with the document still gets its beginning.
  if (ranked.length === 0) ranked = chunks;
  const chosen: Array<DocumentChunk & { order: number; tokens: number }> = [];
  let used = 0;
  for (const chunk of ranked) {
    const tokens = countTokens(chunk.text) + 8;
    if (used + tokens > budgetTokens) {
      if (chosen.length === 0) {
        // The best chunk alone is larger than the budget: its start is sent.
        const text = chunk.text.slice(0, Math.max(0, budgetTokens * 3));
        chosen.push({ ...chunk, text, order: chunks.indexOf(chunk), tokens: countTokens(text) });
        used += chosen[0]!.tokens;
      }
      continue;
    }
    chosen.push({ ...chunk, order: chunks.findIndex((c) => c.part === chunk.part && c.text === chunk.text), tokens });
    used += tokens;
  }
  chosen.sort((a, b) => a.order - b.order);
  const sent = [...new Set(chosen.map((c) => c.label))];
  const total = document.pages ?? document.parts.length;
  const note = ` (only the parts relevant to the question: ${sent.join(', ')} — of ${total} ${document.pages ? 'pages' : 'parts'})`;
  return { text: block(document.name, chosen, note, numberParts), whole: false, sent, pages: pagesOf(chosen), tokens: used };
}
