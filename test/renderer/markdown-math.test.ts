// Math in model output: the four delimiters typeset by KaTeX, prices and code left alone, unclosed formulas shown as
// text while they stream, unparseable ones shown as their source, trust-requiring commands off, and the incremental
// guarantees kept with math in the text.
import { describe, expect, it } from 'vitest';
import { matchMath } from '../../src/renderer/src/chat/markdown/math';
import { createPipeline, renderMarkdown } from '../../src/renderer/src/chat/markdown/pipeline';
import { lexMarkdown } from '../../src/renderer/src/chat/markdown/render';
import { chunksOf, sampleMarkdown } from './markdown-corpus';
import { conformDomForPurify } from './markdown-dom';
import { bySizes, charByChar, joined, lineByLine, measure, stream } from './markdown-work';

conformDomForPurify(window);

const parserOnly = createPipeline((html) => html);

function dom(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = joined(renderMarkdown(markdown));
  return root;
}

/** The typeset text of each formula (happy-dom cannot hold KaTeX's MathML; the e2e spec checks it in Chromium). */
const formulas = (root: ParentNode): string[] =>
  Array.from(
    root.querySelectorAll('[data-testid="math"]'),
    (el) => el.querySelector('.katex-html')?.textContent?.replace(/[\s\u200b]+/g, '') ?? '?',
  );

describe('math tokenizer', () => {
  it('reads the four delimiters, display or inline', () => {
    expect(matchMath('$x^2$ rest')).toMatchObject({ raw: '$x^2$', text: 'x^2', display: false });
    expect(matchMath('\\(a+b\\) rest')).toMatchObject({ raw: '\\(a+b\\)', text: 'a+b', display: false });
    expect(matchMath('$$\\sum_i i$$ rest')).toMatchObject({ raw: '$$\\sum_i i$$', text: '\\sum_i i', display: true });
    expect(matchMath('\\[\\int f\\] rest')).toMatchObject({ raw: '\\[\\int f\\]', text: '\\int f', display: true });
    expect(matchMath('$a \\$ b$')).toMatchObject({ text: 'a \\$ b' });
  });

  it('leaves prices, spaced dollars, empty and unclosed formulas alone', () => {
    for (const src of ['$5 and $10', '$ x$', '$x $', '$x$5', '$$', '$ $', '$x', '\\(x', '$$x$', '\\[x\\)', '$a\n\nb$', '$`a`$'])
      expect(matchMath(src), src).toBeUndefined();
  });

  it('finds nothing in any unclosed prefix of a formula, streamed character by character', () => {
    for (const formula of ['$e^{i\\pi}+1=0$', '\\(a^2+b^2\\)', '$$\\frac{1}{2}$$', '\\[\\sqrt{x}\\]']) {
      for (let end = 1; end < formula.length; end++) {
        const token = matchMath(formula.slice(0, end));
        // `$$\frac{1}{2}$` is not yet closed as display math; `$` + `$\frac…` never reads as inline math either.
        expect(token, formula.slice(0, end)).toBeUndefined();
      }
      expect(matchMath(formula)?.raw).toBe(formula);
    }
  });
});

describe('math rendering', () => {
  it('typesets the four delimiters with KaTeX, each marked data-testid="math"', () => {
    const root = dom('Euler: $e^{i\\pi}+1=0$, and \\(a^2+b^2=c^2\\).\n\n$$\\int_0^1 x\\,dx$$\n\n\\[\\sum_{i=1}^n i\\]');
    expect(formulas(root)).toEqual(['eiπ+1=0', 'a2+b2=c2', '∫01xdx', 'i=1∑ni']);
    expect(root.querySelectorAll('[data-testid="math"] .katex')).toHaveLength(4);
    expect(root.querySelectorAll('.md-math-display .katex-display')).toHaveLength(2);
  });

  it('keeps prices as text and never looks for math in code', () => {
    const root = dom('It costs $5 and $10, or \\$20.\n\nSee `$x$` here.\n\n```\n$y$ and \\(z\\)\n```');
    expect(formulas(root)).toEqual([]);
    expect(root.textContent).toContain('It costs $5 and $10, or $20.');
    expect(root.querySelector('p code')?.textContent).toBe('$x$');
    expect(root.querySelector('pre code')?.textContent).toBe('$y$ and \\(z\\)');
  });

  it('shows a formula KaTeX cannot parse as its source, without an error message', () => {
    const root = dom('Broken: $\\frac{1}{$ and fine: $x$.');
    expect(root.querySelector('.md-math-source')?.textContent).toBe('$\\frac{1}{$');
    expect(root.querySelector('.katex-error')).toBeNull();
    expect(formulas(root)).toEqual(['x']);
  });

  it('keeps \\href, \\url, \\includegraphics and the \\html… commands off', () => {
    const root = dom(
      '$\\href{https://example.com}{a}$ $\\url{https://example.com}$ $\\includegraphics{https://example.com/i.png}$ $\\htmlClass{x}{b}$ $\\htmlId{y}{c}$',
    );
    expect(root.querySelectorAll('[data-testid="math"]').length).toBeGreaterThan(0);
    expect(root.querySelectorAll('a, img, [href], [src], [id], .x')).toHaveLength(0);
  });
});

describe('math while streaming', () => {
  const doc =
    'Energy: $E=mc^2$ costs $5 and $10.\n\n$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$\n\nInline \\(a+b\\) and display:\n\n\\[\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\\]\n\n| f | value |\n|---|---|\n| $x^2$ | `$y$` |\n';

  it('never shows a formula before it closes, and ends as the one-shot render at any chunking', () => {
    for (const chunks of [charByChar(doc), lineByLine(doc), bySizes(doc, [3, 1, 8, 2])]) {
      const out = stream(chunks, parserOnly, (text, partial) => {
        const shown = (joined(partial).match(/data-testid="math"/g) ?? []).length;
        const closed = (parserOnly.html(lexMarkdown(text)).match(/data-testid="math"/g) ?? []).length;
        expect(shown).toBeLessThanOrEqual(closed);
      });
      expect(joined(out)).toBe(parserOnly.html(lexMarkdown(doc)));
      expect((joined(out).match(/data-testid="math"/g) ?? []).length).toBe(5);
    }
  });

  it('keeps the parse and sanitize ratios within 3× for an answer with math in it, streamed by character', () => {
    const answer = sampleMarkdown(12_000, 21);
    expect(answer).toContain('$');
    for (const chunks of [charByChar(answer), chunksOf(answer, 300)]) {
      const work = measure(answer, chunks, parserOnly);
      expect(work.lexRatio).toBeLessThanOrEqual(3);
      expect(work.sanitizeRatio).toBeLessThanOrEqual(3);
      expect(work.html).toBe(work.oneShot);
    }
  }, 60_000);
});
