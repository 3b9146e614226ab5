// How text becomes search terms. One rule for documents and queries, so they always meet:
// - NFKC then lower case: full-width Latin ("ＡＢＣ") and case ("Closure") fold to the same term;
// - Latin, digits and other spaced scripts split into words;
// - CJK (Han, kana, Hangul) has no spaces, so each run becomes overlapping bigrams ("什么是闭包" → 什么 么是 是闭 闭包),
//   plus the run's last character alone, so a one-character query (prefix over bigrams) also finds run ends.

import { foldText } from '../../shared/fold.js';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}_]/u;

/** The folded form every comparison uses. */
export const normalizeText = foldText;

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

/** Runs of one kind in already-normalized text: spaced words and CJK runs, in order. */
export function runs(normalized: string): Array<{ text: string; cjk: boolean }> {
  const out: Array<{ text: string; cjk: boolean }> = [];
  let current = '';
  let currentCjk = false;
  for (const char of normalized) {
    const cjk = CJK.test(char);
    const word = cjk || WORD.test(char);
    if (!word || (current && cjk !== currentCjk)) {
      if (current) out.push({ text: current, cjk: currentCjk });
      current = '';
    }
    if (word) {
      current += char;
      currentCjk = cjk;
    }
  }
  if (current) out.push({ text: current, cjk: currentCjk });
  return out;
}

/** Terms of a document field (MiniSearch's `tokenize`): words, and CJK bigrams plus each run's last character. */
export function documentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const run of runs(normalizeText(text))) {
    if (!run.cjk) {
      terms.push(run.text);
      continue;
    }
    const chars = [...run.text];
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
    terms.push(chars[chars.length - 1]!);
  }
  return terms;
}

/** A query term and whether it matches as a prefix (words as typed, single CJK characters) or exactly (bigrams). */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

/** Terms of a query: the same split as documents; every term must match (AND). */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const run of runs(normalizeText(query))) {
    if (!run.cjk) {
      terms.push({ term: run.text, prefix: run.text.length >= 2 });
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1) terms.push({ term: chars[0]!, prefix: true });
    for (let i = 0; i + 1 < chars.length; i++) terms.push({ term: chars[i]! + chars[i + 1]!, prefix: false });
  }
  return terms;
}

/** What to mark in a hit: each spaced word, and each CJK run as one phrase (it was typed as one). */
export function highlightPhrases(query: string): string[] {
  return runs(normalizeText(query))
    .map((run) => run.text)
    .filter((text) => text.length > 1 || isCjk(text));
}
