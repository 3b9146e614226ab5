// The fast paths of text folding and term splitting (whole-run regular expressions, ASCII without normalize()) give
// exactly what the one-character-at-a-time rule gives, for any text: checked against that rule written out plainly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../../src/main/search/text.js';
import { foldText, foldWithOffsets } from '../../../src/shared/fold.js';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}_]/u;

/** The rule stated per character: a run continues while the kind (CJK or other word character) stays the same. */
function plainRuns(normalized: string): Array<{ text: string; cjk: boolean }> {
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

function plainFold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const piece = foldText(char);
    for (let i = 0; i < piece.length; i++) origin.push(offset);
    folded += piece;
    offset += char.length;
  }
  origin.push(offset);
  return { folded, origin };
}

/** Text from pieces people type: Latin of both cases, full-width forms, Han, kana, Hangul, marks, digits, punctuation. */
const mixedText = fc
  .array(
    fc.constantFrom(
      'Closure',
      'ＡＢＣ',
      'ｆｕｌｌ',
      '闭包',
      '什么是',
      'カタカナ',
      'ひらがな',
      '한국어',
      'é',
      'e\u0301',
      '42',
      '_',
      ' ',
      '，',
      '。',
      '-',
      '\t',
      'Ⅻ',
      'ﬁ',
      '😀',
      'Ω',
    ),
    {
      maxLength: 30,
    },
  )
  .map((parts) => parts.join(''));

describe('search text fast paths', () => {
  it('split into the same runs as the per-character rule', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(runs(foldText(text))).toEqual(plainRuns(foldText(text)));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(runs(text)).toEqual(plainRuns(text));
      }),
      {
        numRuns: 500,
      },
    );
  });

  it('fold with offsets exactly as folding each character does', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(foldWithOffsets(text)).toEqual(plainFold(text));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(foldWithOffsets(text)).toEqual(plainFold(text));
      }),
      {
        numRuns: 500,
      },
    );
  });
});
