// The text of a streaming answer that is not formatted yet reads as the finished text will: a table's row being written
// is a row of the table, a character reference is its character, and a fence line (or an unfinished line that may
// become one) shows nothing — checked on our own documents and on every CommonMark, GFM and marked example streamed one
// character at a time.
import commonmark from 'commonmark-spec';
import { describe, expect, it } from 'vitest';
import { IncrementalMarkdown } from '../../src/renderer/src/chat/markdown/incremental';
import { createPipeline } from '../../src/renderer/src/chat/markdown/pipeline';
import { lexMarkdown } from '../../src/renderer/src/chat/markdown/render';
import gfm from '../fixtures/specs/gfm-0.29.json';
import markedNew from '../fixtures/specs/marked-new.json';
import { conformDomForPurify } from './markdown-dom';
import { joined } from './markdown-work';

conformDomForPurify(window);

const parserOnly = createPipeline((html) => html);

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** The text a person sees after each character of `doc` arrives (index k: the first k characters). */
function shownTexts(doc: string): string[] {
  const engine = new IncrementalMarkdown(parserOnly);
  const shown = [''];
  for (let k = 1; k <= doc.length; k++) shown.push(dom(joined(engine.update(doc.slice(0, k), false))).textContent ?? '');
  return shown;
}

/** The HTML shown once `text` has streamed in the given pieces (not complete yet). */
function streamed(pieces: string[]): string {
  const engine = new IncrementalMarkdown(parserOnly);
  let text = '';
  let html = '';
  for (const piece of pieces) {
    text += piece;
    html = joined(engine.update(text, false));
  }
  return html;
}

/** Table cells shown, row by row (header rows included). */
function cells(html: string): string[][] {
  return [...dom(html).querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** A paragraph grown one character at a time: text added to it then comes faster than the budget lexes, and shows pending. */
const GROWN = Array.from('word '.repeat(60));

describe('the row of a table being written', () => {
  it('is a row under the table’s columns, not `| JavaScript | yes | ev` as text', () => {
    const html = streamed(['| Language | Typed | Note |\n|---|:-:|--:|\n| Rust | yes | never |\n', '| JavaScript | yes | ev']);
    expect(cells(html)).toEqual([
      ['Language', 'Typed', 'Note'],
      ['Rust', 'yes', 'never'],
      ['JavaScript', 'yes', 'ev'],
    ]);
    expect(dom(html).textContent).not.toContain('|');
    expect(html).toContain('<td align="center">yes</td>');
  });

  it('fills the columns the row has not reached yet with empty cells and keeps an escaped pipe as text', () => {
    expect(cells(streamed(['| a | b | c |\n|---|---|---|\n', '| x \\| y | 2']))).toEqual([
      ['a', 'b', 'c'],
      ['x | y', '2', ''],
    ]);
  });

  it('after a long table is sealed, goes on under the same columns with no second header', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `| row ${i} | cell ${i} |\n`).join('');
    const html = streamed([`| a | b |\n|---|---|\n${rows}`, '| JavaScript | ye']);
    const shown = cells(html);
    expect(shown.at(-1)).toEqual(['JavaScript', 'ye']);
    expect(html.split('<thead>')).toHaveLength(2);
    expect(dom(html).textContent).not.toContain('|');
  });

  it('becomes the finished row when the answer ends', () => {
    const engine = new IncrementalMarkdown(parserOnly);
    const doc = '| a | b |\n|---|---|\n| x &#42; | `y` |';
    engine.update('| a | b |\n|---|---|\n', false);
    expect(cells(joined(engine.update(doc.slice(0, -3), false))).at(-1)).toEqual(['x *', '`y']);
    expect(cells(joined(engine.update(doc, true))).at(-1)).toEqual(['x *', 'y']);
  });
});

describe('character references not formatted yet', () => {
  it('show the characters they stand for, except in code', () => {
    const html = streamed([...GROWN, 'Stars &#42;&#x2A; and &amp; and &copy; but `&#42;` and &nope; and &amp']);
    expect(dom(html).querySelector('.md-pending')).not.toBeNull();
    expect(dom(html).textContent).toContain('word Stars ** and & and © but `&#42;` and &nope; and &amp');
  });

  it('stay literal inside a fenced code block', () => {
    const html = streamed(['- item\n\n  ```\n', '  &#42; code\n  x']);
    expect(dom(html).textContent).toContain('&#42; code');
  });
});

describe('fence characters not formatted yet', () => {
  for (const [name, doc] of Object.entries({
    'in a list item': '1. step\n\n   ```js\n   let a = 1;\n   let b = 2;\n   ```\n',
    'in a quote': '> ```js\n> let a = 1;\n> let b = 2;\n> let c = 3;\n> ```\n',
    'after a paragraph': 'Here:\n```js\nlet a = 1;\n```\n',
  })) {
    it(`show nothing of a closing fence ${name}, while it is written or once its line ends`, () => {
      const shown = shownTexts(doc).map((text) => text.split('`').length - 1);
      const close = doc.lastIndexOf('\n', doc.length - 2) + 1;
      // The backticks shown before the closing line began (the opening fence shows none): as many while it arrives.
      expect(shown.slice(close)).toEqual(shown.slice(close).map(() => 0));
    });
  }
});

describe('the streaming suites: every CommonMark, GFM and marked example, one character at a time', () => {
  const examples = [
    ...commonmark.tests.map((test) => ({ name: `CommonMark ${test.number}`, markdown: test.markdown })),
    ...gfm.map((test) => ({ name: `GFM ${test.example}`, markdown: test.markdown })),
    ...markedNew.map((test) => ({ name: `marked new/${test.name}`, markdown: test.markdown })),
  ];
  const REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]*);/g;
  const FENCE_ONLY = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/;

  it('never shows a character reference as written where the finished text shows its character', () => {
    const shownLiterally: string[] = [];
    // Only a text with an `&` can show a reference.
    for (const { name, markdown } of examples.filter((example) => example.markdown.includes('&'))) {
      const finished = dom(parserOnly.html(lexMarkdown(markdown))).textContent ?? '';
      const engine = new IncrementalMarkdown(parserOnly);
      for (let k = 1; k <= markdown.length; k++) {
        const root = dom(joined(engine.update(markdown.slice(0, k), false)));
        for (const pending of root.querySelectorAll('.md-pending'))
          for (const reference of (pending.textContent ?? '').match(REFERENCE) ?? [])
            if (!finished.includes(reference)) shownLiterally.push(`${name}: ${reference}`);
      }
    }
    expect([...new Set(shownLiterally)]).toEqual([]);
  }, 120_000);

  it('never shows a fence line’s characters while it is written, or pending once it ends', () => {
    const shownFences: string[] = [];
    for (const { name, markdown } of examples) {
      const finishedLines = new Set((dom(parserOnly.html(lexMarkdown(markdown))).textContent ?? '').split('\n').map((line) => line.trim()));
      const lines = markdown.split('\n');
      // Lines made only of a fence that the finished text does not show anywhere: they are fences.
      const fences: Array<{ start: number; end: number; char: string }> = [];
      for (let i = 0, start = 0; i < lines.length; start += (lines[i] ?? '').length + 1, i++) {
        const run = FENCE_ONLY.exec(lines[i] ?? '')?.[1];
        if (run && !finishedLines.has(run) && ![...finishedLines].some((line) => line.includes(run)))
          fences.push({ start, end: Math.min(markdown.length, start + (lines[i] ?? '').length + 1), char: run[0] ?? '`' });
      }
      if (fences.length === 0) continue;
      const shown = shownTexts(markdown);
      const count = (text: string, char: string): number => text.split(char).length - 1;
      for (const fence of fences)
        for (let k = fence.start + 1; k <= fence.end; k++)
          if (count(shown[k] ?? '', fence.char) > count(shown[fence.start] ?? '', fence.char)) {
            shownFences.push(`${name} at ${k}`);
            break;
          }
    }
    expect(shownFences).toEqual([]);
  }, 120_000);
});
