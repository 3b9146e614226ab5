// How text becomes search terms. One rule for documents and queries, so they always meet:
// - NFKC then lower case: full-width Latin ("ＡＢＣ") and case ("Closure") fold to the same term;
// - Latin, digits and other spaced scripts split into words;
// - CJK (Han, kana, Hangul) has no spaces, so each run becomes overlapping bigrams ("什么是闭包" → 什么 么是 是闭 闭包),
//   plus the run's last character alone, so a one-character query (prefix over bigrams) also finds run ends.

import { foldText } from '../../shared/fold.js';

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK = new RegExp(`[${CJK_CLASS}]`, 'u');
/** A maximal run of word characters (CJK included); split by kind afterwards. */
const WORD_RUN = new RegExp(`[\\p{L}\\p{N}\\p{M}_${CJK_CLASS}]+`, 'gu');
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');

/** The folded form every comparison uses. */
export const normalizeText = foldText;

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

/**
 * Runs of one kind in already-normalized text: spaced words and CJK runs, in order. Matched by whole runs (one
 * regular expression pass) rather than character by character: indexing 100 MB of text spends most of its time here.
 */
export function runs(normalized: string): Array<{ text: string; cjk: boolean }> {
  const out: Array<{ text: string; cjk: boolean }> = [];
  for (const [word] of normalized.matchAll(WORD_RUN)) {
    if (!CJK.test(word)) {
      out.push({ text: word, cjk: false });
      continue;
    }
    let last = 0;
    for (const match of word.matchAll(CJK_RUN)) {
      if (match.index > last) out.push({ text: word.slice(last, match.index), cjk: false });
      out.push({ text: match[0], cjk: true });
      last = match.index + match[0].length;
    }
    if (last < word.length) out.push({ text: word.slice(last), cjk: false });
  }
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
