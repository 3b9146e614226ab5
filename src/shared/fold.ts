// The one text folding rule for matching: NFKC (full-width Latin becomes ASCII) then lower case. Search in main and
// find-in-chat in the renderer both compare folded text, so they agree on what matches.
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The folded text and, for each of its UTF-16 units (plus one past the end), the original offset it came from. */
export function foldWithOffsets(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    // ASCII folds to itself lower-cased; skipping normalize() for it makes snippets of Latin text several times cheaper.
    const code = char.charCodeAt(0);
    const piece = code < 0x80 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char) : foldText(char);
    for (let i = 0; i < piece.length; i++) origin.push(offset);
    folded += piece;
    offset += char.length;
  }
  origin.push(offset);
  return { folded, origin };
}

/** Original-text ranges [start, end) where the folded `needle` occurs, left to right, not overlapping. */
export function foldedOccurrences(text: string, needle: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  if (!needle) return found;
  const { folded, origin } = foldWithOffsets(text);
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    found.push([origin[at]!, origin[at + needle.length]!]);
  }
  return found;
}
