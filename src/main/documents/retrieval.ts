// A small BM25 ranker over a document's chunks, for a document too large to send whole: the chunks follow the
// document's structure (a part, or a part's paragraphs when the part is long) and are scored against the question
// with the app's search terms (search/text.ts: words, CJK bigrams), so Chinese questions and text meet as in search.
// The knowledge-base index may replace this with its own; the interface is `rankChunks`.
import type { DocumentPart } from '../../shared/documents.js';
import { documentTerms } from '../search/text.js';

export interface DocumentChunk {
  /** Index of the part the chunk comes from. */
  part: number;
  label: string;
  page?: number;
  text: string;
}

/** Characters of one chunk at most: long parts split at paragraph breaks. */
export const CHUNK_CHARS = 4_000;

export function chunkParts(parts: DocumentPart[], maxChars = CHUNK_CHARS): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  parts.forEach((part, index) => {
    const base = { part: index, label: part.label, ...(part.page !== undefined ? { page: part.page } : {}) };
    if (part.text.length <= maxChars) {
      if (part.text.trim()) chunks.push({ ...base, text: part.text });
      return;
    }
    let current = '';
    for (const paragraph of part.text.split(/\n{2,}/)) {
      for (let at = 0; at < paragraph.length; at += maxChars) {
        const piece = paragraph.slice(at, at + maxChars);
        if (current && current.length + piece.length + 2 > maxChars) {
          chunks.push({ ...base, text: current });
          current = '';
        }
        current = current ? `${current}\n\n${piece}` : piece;
      }
    }
    if (current.trim()) chunks.push({ ...base, text: current });
  });
  return chunks;
}

export interface RankedChunk extends DocumentChunk {
  score: number;
}

const K1 = 1.2;
const B = 0.75;

/** Chunks by BM25 score for the query, best first; those sharing no term with it are left out. */
export function rankChunks(chunks: DocumentChunk[], query: string): RankedChunk[] {
  const queryTerms = [...new Set(documentTerms(query))];
  if (queryTerms.length === 0 || chunks.length === 0) return [];
  const wanted = new Set(queryTerms);
  const frequencies: Array<Map<string, number>> = [];
  const lengths: number[] = [];
  const documentFrequency = new Map<string, number>();
  for (const chunk of chunks) {
    const terms = documentTerms(`${chunk.label}\n${chunk.text}`);
    lengths.push(terms.length);
    const counts = new Map<string, number>();
    for (const term of terms) if (wanted.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    frequencies.push(counts);
  }
  const n = chunks.length;
  const averageLength = lengths.reduce((a, b) => a + b, 0) / n || 1;
  const ranked: RankedChunk[] = [];
  chunks.forEach((chunk, i) => {
    let score = 0;
    for (const term of queryTerms) {
      const tf = frequencies[i]!.get(term);
      if (!tf) continue;
      const df = documentFrequency.get(term)!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[i]!) / averageLength)));
    }
    if (score > 0) ranked.push({ ...chunk, score });
  });
  return ranked.sort((a, b) => b.score - a.score || a.part - b.part);
}
