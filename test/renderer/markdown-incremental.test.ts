// Streaming markdown: how much text the parser sees, and that streamed output ends up exactly as a one-shot parse.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { IncrementalMarkdown, type MarkdownPipeline, type RenderedMarkdown } from '../../src/renderer/src/chat/markdown/incremental';
import { createPipeline, pagePipeline } from '../../src/renderer/src/chat/markdown/pipeline';
import { lexMarkdown, markdownToHtml } from '../../src/renderer/src/chat/markdown/render';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';
import { chunksOf, sampleMarkdown } from './markdown-corpus';
import { conformDomForPurify } from './markdown-dom';
import { joined, stream } from './markdown-work';

conformDomForPurify(window);

/** marked through our renderer, without the sanitizer: what the parser produces is compared as is. */
const parserOnly: MarkdownPipeline = createPipeline((html) => html);

beforeEach(resetMarkdownStats);

describe('incremental markdown', () => {
  it('hands the parser at most 3× a 100 KB answer streamed in 1,000 chunks, and ends exactly as a one-shot parse', () => {
    const doc = sampleMarkdown(100_000);
    expect(doc.length).toBeGreaterThanOrEqual(100_000);
    const out = stream(chunksOf(doc, 1000), parserOnly);
    const parsed = markdownStats.parsedChars;
    expect(parsed).toBeLessThanOrEqual(3 * doc.length);
    expect(out.open).toEqual([]);
    expect(out.done.length).toBeGreaterThan(100);
    expect(joined(out)).toBe(markdownToHtml(doc));
  });

  it('gives the same sanitized DOM block by block as for the whole text', () => {
    const doc = sampleMarkdown(20_000, 3);
    const out = stream(chunksOf(doc, 300, 5), pagePipeline);
    expect(joined(out)).toBe(pagePipeline.html(lexMarkdown(doc)));
  });

  it('keeps a finished block (and so its DOM) for the rest of the stream', () => {
    const doc = sampleMarkdown(10_000, 4);
    let first: unknown = null;
    const out = stream(chunksOf(doc, 100, 4), parserOnly, (_, partial) => {
      first ??= partial.done[0] ?? null;
      if (first) expect(partial.done[0]).toBe(first);
    });
    expect(out.done[0]).toBe(first);
  });

  it('shows every character of the text at every update, formatted or as pending text', () => {
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau'.split(' ');
    const paragraphs = Array.from(
      { length: 12 },
      (_, i) => Array.from({ length: 20 + i * 12 }, (__, j) => words[(i + j) % words.length]).join(' ') + '.',
    );
    const doc = paragraphs.join('\n\n');
    const root = document.createElement('div');
    const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();
    let pendingShown = 0;
    stream(chunksOf(doc, 150, 9), pagePipeline, (text, out) => {
      root.innerHTML = joined(out);
      expect(normalize(root.textContent ?? '')).toBe(normalize(text));
      if (root.querySelector('.md-pending')) pendingShown++;
    });
    // The long paragraphs were lexed less often than they grew, so some text was shown before its lex.
    expect(pendingShown).toBeGreaterThan(0);
  });

  it('shows an unclosed code fence without parsing it again as it grows', () => {
    const engine = new IncrementalMarkdown(parserOnly);
    let text = 'Intro.\n\n```python\n';
    engine.update(text, false);
    const before = markdownStats.parsedChars;
    let out: RenderedMarkdown | null = null;
    for (let i = 0; i < 200; i++) {
      text += `print(${i})\n`;
      out = engine.update(text, false);
    }
    expect(markdownStats.parsedChars).toBe(before);
    const live = out?.open.at(-1);
    expect(live?.key).toBe(`b${'Intro.\n\n'.length}`);
    expect(live?.html).toContain('print(199)');
    expect(live?.html).toContain('data-lang="python"');
    const done = engine.update(`${text}\`\`\`\n`, true);
    expect(joined(done)).toBe(markdownToHtml(`${text}\`\`\`\n`));
  });

  it('starts over when the text no longer extends what it had (a regenerated answer)', () => {
    const engine = new IncrementalMarkdown(parserOnly);
    engine.update('# First answer\n\nwith text', false);
    const out = engine.update('Second', false);
    expect(joined(out)).toBe('<p>Second</p>\n');
    expect(joined(engine.update('Second answer', true))).toBe('<p>Second answer</p>\n');
  });

  it('treats \\r\\n line endings like \\n, even when a chunk ends between \\r and \\n', () => {
    const doc = 'Intro\r\n\r\n- one\r\n\r\n- two\r\n\r\n```\r\ncode\r\n```\r\n\r\nEnd\r\n';
    const chunks = doc.split(/(?<=\r)/);
    expect(chunks.length).toBeGreaterThan(5);
    expect(joined(stream(chunks, parserOnly))).toBe(markdownToHtml(doc.replace(/\r\n/g, '\n')));
  });

  it('returns the same result object when nothing changed', () => {
    const engine = new IncrementalMarkdown(parserOnly);
    const first = engine.update('Hello **there**', false);
    expect(engine.update('Hello **there**', false)).toBe(first);
  });
});

// Constructs whose block boundaries are easy to get wrong: lists continued after blank lines, fences and raw HTML
// containing blank lines, indented code, lazy lines, setext headings, reference links defined later.
const PIECES = [
  'Para with **bold** and `code`.',
  '- item',
  '- item\n  continued',
  '  - nested',
  '1. one',
  '2. two',
  '10) ten',
  '* star',
  '+ plus',
  '```js\nconst a = 1;\n\nconst b = 2;\n```',
  '```\nunclosed',
  '~~~\ntilde\n~~~',
  '    indented code',
  '> quote',
  '> - quoted list',
  '# Heading',
  'Setext\n===',
  'Setext2\n---',
  '---',
  '***',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '<div>\nhtml\n</div>',
  '<!-- comment\n\nstill -->',
  '<pre>\n\npre\n</pre>',
  '[ref]: https://example.com',
  'See [link][ref].',
  '-',
  '1.',
  '-x',
  '2.5 numbers',
  '- [ ] task',
  '   ```\n   fenced\n   ```',
  'lazy\ncontinuation',
  '',
  '  ',
  '\t tabbed',
  '<?php\n\n?>',
  '<![CDATA[\n\n]]>',
  '<!DOCTYPE html>',
  'text <b>bold</b>',
  '- a\n\n  para in item',
  '1. a\n\n   ```\n   code\n\n   more\n   ```',
];

const documents = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 })
  .chain((parts) =>
    fc
      .array(fc.constantFrom('\n', '\n\n', '\n\n\n'), { minLength: parts.length, maxLength: parts.length })
      .map((separators) => parts.map((part, i) => part + (separators[i] ?? '')).join('')),
  );

describe('incremental markdown, property', () => {
  it('ends exactly as a one-shot parse for any document and any chunking', () => {
    fc.assert(
      fc.property(documents, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 30 }), (doc, sizes) => {
        const chunks: string[] = [];
        for (let at = 0, i = 0; at < doc.length; i++) {
          const size = sizes[i % sizes.length] ?? 1;
          chunks.push(doc.slice(at, at + size));
          at += size;
        }
        expect(joined(stream(chunks, parserOnly))).toBe(markdownToHtml(doc));
      }),
      { numRuns: 400, seed: 20240611 },
    );
  });
});
