// External suites: every CommonMark 0.31.2 example, every GFM extension example, marked's own regression documents,
// and 1,500 documents built from them, streamed one character at a time, in random chunks and line by line, end
// exactly as the one-shot render of the same text.
import commonmark from 'commonmark-spec';
import { describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/renderer/src/chat/markdown/pipeline';
import { lexMarkdown } from '../../src/renderer/src/chat/markdown/render';
import gfm from '../fixtures/specs/gfm-0.29.json';
import markedNew from '../fixtures/specs/marked-new.json';
import { bySizes, charByChar, joined, lineByLine, stream } from './markdown-work';

const parserOnly = createPipeline((html) => html);

const EXAMPLES: ReadonlyArray<{ name: string; markdown: string }> = [
  ...commonmark.tests.map((test) => ({ name: `CommonMark ${test.number} (${test.section})`, markdown: test.markdown })),
  ...gfm.map((test) => ({ name: `GFM ${test.example} (${test.section})`, markdown: test.markdown })),
  ...markedNew.map((test) => ({ name: `marked new/${test.name}`, markdown: test.markdown })),
];

/** mulberry32: the same documents and chunkings on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first example (by name) of `docs` whose streamed render differs from its one-shot render, for each chunking. */
function mismatches(docs: ReadonlyArray<{ name: string; markdown: string }>, seed: number): string[] {
  const rnd = random(seed);
  const found: string[] = [];
  for (const { name, markdown } of docs) {
    const expected = parserOnly.html(lexMarkdown(markdown));
    const sizes = Array.from({ length: 8 }, () => 1 + Math.floor(rnd() * 24));
    const chunkings = { '1 character': charByChar(markdown), random: bySizes(markdown, sizes), 'line by line': lineByLine(markdown) };
    for (const [how, chunks] of Object.entries(chunkings)) {
      if (joined(stream(chunks, parserOnly)) !== expected) found.push(`${name}, ${how}`);
    }
  }
  return found;
}

describe('spec examples streamed', () => {
  it(`has the suites it claims (${EXAMPLES.length} examples)`, () => {
    expect(commonmark.tests).toHaveLength(652);
    expect(gfm.length).toBeGreaterThanOrEqual(20);
    expect(markedNew.length).toBeGreaterThanOrEqual(140);
  });

  it('ends every CommonMark, GFM and marked example exactly as its one-shot render, at any chunking', () => {
    expect(mismatches(EXAMPLES, 1)).toEqual([]);
  });

  it('ends 1,500 documents built from the examples exactly as their one-shot render, at any chunking', () => {
    const rnd = random(20261130);
    const separators = ['\n', '\n\n', '\n\n\n', ''];
    const docs = Array.from({ length: 1500 }, (_, i) => {
      const parts = Array.from({ length: 2 + Math.floor(rnd() * 5) }, () => EXAMPLES[Math.floor(rnd() * EXAMPLES.length)]?.markdown ?? '');
      return { name: `document ${i}`, markdown: parts.map((part) => part + separators[Math.floor(rnd() * separators.length)]).join('') };
    });
    expect(mismatches(docs, 2)).toEqual([]);
  }, 120_000);
});
