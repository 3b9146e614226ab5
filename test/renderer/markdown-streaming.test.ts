// Streaming markdown at any chunk size: the work (characters lexed, characters of HTML sanitized) stays within 3×
// of the final size, long pieces are shown formatted, intermediate states are never wrong in the ways a person
// would see, and the end is exactly the one-shot render.
import { describe, expect, it } from 'vitest';
import { IncrementalMarkdown, type RenderedMarkdown } from '../../src/renderer/src/chat/markdown/incremental';
import { createPipeline, pagePipeline } from '../../src/renderer/src/chat/markdown/pipeline';
import { lexMarkdown } from '../../src/renderer/src/chat/markdown/render';
import { LineScanner, listItemStart } from '../../src/renderer/src/chat/markdown/scanner';
import { chunksOf, sampleMarkdown } from './markdown-corpus';
import { conformDomForPurify } from './markdown-dom';
import { bySizes, charByChar, joined, lineByLine, measure, stream } from './markdown-work';

conformDomForPurify(window);

const parserOnly = createPipeline((html) => html);
const oneShot = (doc: string): string => parserOnly.html(lexMarkdown(doc));

const words = 'alpha beta **gamma** delta `eps` zeta eta theta iota kappa'.split(' ');
const prose = (count: number): string => Array.from({ length: count }, (_, i) => words[i % words.length]).join(' ');
const tableDoc = (rows: number, row: (i: number) => string): string =>
  `| a | b | c |\n|:--|---|--:|\n${Array.from({ length: rows }, (_, i) => row(i)).join('\n')}\n`;

// The shapes that made the work grow with the square of their length, and a model-like mix.
const DOCS: Record<string, string> = {
  'mixed answer': sampleMarkdown(12_000, 5),
  'fenced code block': `\`\`\`ts\n${Array.from({ length: 900 }, (_, i) => `const x${i} = "a" + 'b'; // <tag> & more`).join('\n')}\n\`\`\`\n`,
  blockquote: `${Array.from({ length: 500 }, (_, i) => `> ${prose(8)} ${i}`).join('\n')}\n`,
  'one-line paragraph': `${prose(1800)}.`,
  table: tableDoc(250, (i) => `| ${i} | ${prose(3)} | x |`),
  'table of short cells': tableDoc(250, (i) => `|${i}|y|x|`),
  list: `${Array.from({ length: 250 }, (_, i) => `- ${prose(6)} ${i}`).join('\n')}\n`,
};

const CHUNKINGS: Record<string, (doc: string) => string[]> = {
  '1 character': charByChar,
  '4 characters': (doc) => bySizes(doc, [4]),
  random: (doc) => bySizes(doc, [1, 7, 3, 12, 2, 5, 31, 1]),
  'line by line': lineByLine,
  '300 chunks': (doc) => chunksOf(doc, 300),
};

describe('streaming markdown work', () => {
  for (const [name, doc] of Object.entries(DOCS)) {
    it(`lexes and sanitizes at most 3× a ${name} at every chunk size, and ends as the one-shot render`, () => {
      for (const [chunking, cut] of Object.entries(CHUNKINGS)) {
        const work = measure(doc, cut(doc), parserOnly);
        expect({ chunking, lex: work.lexRatio <= 3, sanitize: work.sanitizeRatio <= 3 }).toEqual({ chunking, lex: true, sanitize: true });
        expect(work.html).toBe(work.oneShot);
      }
    }, 120_000);
  }

  it('sanitizes none of a code block’s text, streamed or finished: only the markup around it', () => {
    const doc = DOCS['fenced code block'] as string;
    const work = measure(doc, bySizes(doc, [4]), parserOnly);
    expect(work.sanitizeRatio).toBeLessThan(0.01);
    expect(work.html).toContain('<span class="hljs-keyword">const</span>');
  });
});

/** Text shown as plain, not yet formatted text at this update (escaped as it is in the HTML). */
function pendingText(out: RenderedMarkdown): string {
  return Array.from(joined({ done: [], open: out.open }).matchAll(/class="md-pending">([^<]*)</g), (m) => m[1]).join('');
}

const rowsOfBlock = new WeakMap<object, number>();
/** Table rows shown (each block counted once, as blocks keep their identity from update to update). */
function rowCount(out: RenderedMarkdown): number {
  let rows = 0;
  for (const block of [...out.done, ...out.open]) {
    let count = rowsOfBlock.get(block);
    if (count === undefined) rowsOfBlock.set(block, (count = block.html.split('<tr>').length - 1));
    rows += count;
  }
  return rows;
}

describe('long live pieces', () => {
  for (const [name, cut] of Object.entries({
    '1 character': charByChar,
    'line by line': lineByLine,
    random: (doc: string) => bySizes(doc, [3, 17, 5, 11, 1]),
  })) {
    it(`shows every finished row of a long table as a table row, streamed ${name}`, () => {
      const doc = DOCS.table as string;
      let updates = 0;
      stream(cut(doc), parserOnly, (text, out) => {
        updates++;
        // Past its first rows (lexed with the rest of the live piece, as the budget allows), whole rows of the table are
        // never left as plain text: only the row still being written may be.
        const completeLines = text.split('\n').length - 1;
        if (completeLines < 6) return;
        expect(pendingText(out)).not.toContain('\n');
        expect(rowCount(out)).toBeGreaterThanOrEqual(completeLines - 1);
      });
      expect(updates).toBeGreaterThan(20);
    }, 120_000);
  }

  it('shows the rows after the first seal under the table’s columns, without a second header', () => {
    const doc = DOCS.table as string;
    const out = new IncrementalMarkdown(parserOnly).update(doc.slice(0, doc.length - 1), false);
    const html = joined(out);
    expect(html.split('<thead>').length - 1).toBe(1);
    expect(html).toContain('md-table-continued');
    expect(html).not.toContain('<td>a</td>');
  });
});

describe('intermediate states', () => {
  const banked = `${'x'.repeat(400)}\n\n`;

  it('waits for the character after a bare list marker before cutting a list (`- a` then `*b`)', () => {
    expect(listItemStart('*', false)).toBe('unknown');
    expect(listItemStart('* ', false)).toBe('yes');
    expect(listItemStart('*b', false)).toBe('no');
    const scanner = new LineScanner();
    expect(scanner.scan('- a\n*', false).soft).toEqual([]);
    expect(scanner.scan('- a\n*b', false).soft).toEqual([]);
    const engine = new IncrementalMarkdown(parserOnly);
    engine.update(`${banked}- a\n`, false);
    engine.update(`${banked}- a\n*`, false);
    expect(joined({ done: [], open: engine.update(`${banked}- a\n*b`, false).open })).toBe(oneShot('- a\n*b'));
  });

  it('shows four spaces and a fence at the start of a message as indented code, not as an open code block', () => {
    const seen: string[] = [];
    stream(['    ```\n', 'code line\n', 'more'], parserOnly, (_, out) => seen.push(joined(out)));
    expect(seen[1]).toBe(oneShot('    ```\ncode line\n'));
    expect(seen[1]).toContain('<p>code line</p>');
  });

  it('does not show a closing fence as code before its newline arrives', () => {
    const engine = new IncrementalMarkdown(parserOnly);
    engine.update('```js\nlet a = 1;\n', false);
    for (const partial of ['`', '``', '```', '``` ']) {
      const html = joined(engine.update(`\`\`\`js\nlet a = 1;\n${partial}`, false));
      expect(html).toContain('let a = 1;\n</code>');
    }
    expect(joined(engine.update('```js\nlet a = 1;\n```\n', true))).toBe(oneShot('```js\nlet a = 1;\n```\n'));
  });

  it('reads an open fence’s info string as the closed one does (backslash escapes removed)', () => {
    const engine = new IncrementalMarkdown(parserOnly);
    const open = joined(engine.update('```a\\_b\ncode\n', false));
    const closed = oneShot('```a\\_b\ncode\n```\n');
    const lang = (html: string): string | undefined => /data-lang="([^"]*)"/.exec(html)?.[1];
    expect(lang(open)).toBe('a_b');
    expect(lang(open)).toBe(lang(closed));
  });

  it('marks the pieces of a list split for display, so they read as one list, and the finished list has no marks', () => {
    const doc = DOCS.list as string;
    const engine = new IncrementalMarkdown(parserOnly);
    const open = engine.update(doc.slice(0, doc.length / 2), false).open;
    expect(open.length).toBeGreaterThan(1);
    expect(open[0]?.joins).toEqual({ previous: false, next: true });
    expect(open.at(-1)?.joins?.previous).toBe(true);
    for (const piece of open.slice(1, -1)) expect(piece.joins).toEqual({ previous: true, next: true });
    expect(joined({ done: [], open })).not.toContain('class=');
    const done = engine.update(doc, true).done;
    expect(done.map((block) => block.joins)).toEqual(done.map(() => undefined));
  });

  it('gives the same sanitized DOM block by block as one sanitizing pass over the whole text', () => {
    const doc = sampleMarkdown(8_000, 12);
    const out = stream(bySizes(doc, [1, 9, 4, 60]), pagePipeline);
    expect(joined(out)).toBe(pagePipeline.html(lexMarkdown(doc)));
  });
});
