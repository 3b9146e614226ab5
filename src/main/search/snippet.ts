// A short excerpt around the first hit, with the hits marked. Matching happens on the folded text (text.ts) and the
// offsets are mapped back to the original, so "ＣＬＯＳＵＲＥ" is marked when "closure" was searched.
import { foldedOccurrences } from '../../shared/fold.js';

export interface Snippet {
  snippet: string;
  highlights: Array<[number, number]>;
}

/** Characters of context shown before the first hit. */
const BEFORE = 60;
const LENGTH = 220;

/** Ranges [start, end) of the original text where any phrase occurs, sorted and merged. */
export function findRanges(text: string, phrases: readonly string[]): Array<[number, number]> {
  const found = phrases.flatMap((phrase) => foldedOccurrences(text, phrase));
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** The excerpt around the first hit (or the text's start), whitespace collapsed, ellipses where cut. */
export function makeSnippet(text: string, phrases: readonly string[]): Snippet {
  const ranges = findRanges(text, phrases);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - BEFORE);
  // Start at a word boundary when one is near, so the excerpt does not open mid-word.
  if (start > 0) {
    const space = text.slice(start, first).search(/\s/);
    if (space !== -1 && space < 20) start += space + 1;
  }
  const end = Math.min(text.length, start + LENGTH);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  // Collapse whitespace while keeping offsets: each run of whitespace becomes one space.
  let snippet = prefix;
  const map: number[] = [];
  for (let i = start; i < end; i++) {
    const char = text[i]!;
    map[i - start] = snippet.length;
    if (/\s/.test(char)) {
      if (!snippet.endsWith(' ')) snippet += ' ';
    } else snippet += char;
  }
  map[end - start] = snippet.length;
  snippet += suffix;
  const highlights: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = map[Math.max(from, start) - start]!;
    const b = map[Math.min(to, end) - start]!;
    if (b > a) highlights.push([a, b]);
  }
  return { snippet, highlights };
}
