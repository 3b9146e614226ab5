// What the markdown pipeline produces for the constructs models use: structure, code blocks, links, images.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/renderer/src/chat/markdown/pipeline';
import { lexMarkdown } from '../../src/renderer/src/chat/markdown/render';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';
import { conformDomForPurify } from './markdown-dom';

conformDomForPurify(window);

/** The rendered markdown, parsed into a detached element to query. */
function dom(markdown: string): HTMLElement {
  const { done, open } = renderMarkdown(markdown);
  const root = document.createElement('div');
  root.innerHTML = [...done, ...open].map((block) => block.html).join('');
  return root;
}

const texts = (root: ParentNode, selector: string): string[] =>
  Array.from(root.querySelectorAll(selector)).map((el) => el.textContent?.trim() ?? '');

describe('markdown rendering', () => {
  it('renders headings, paragraphs, emphasis and inline code', () => {
    const root = dom('# One\n\n## Two\n\n### Three\n\nSome **bold**, *em*, ~~gone~~ and `x < y`.');
    expect(texts(root, 'h1, h2, h3')).toEqual(['One', 'Two', 'Three']);
    expect(texts(root, 'strong')).toEqual(['bold']);
    expect(texts(root, 'em')).toEqual(['em']);
    expect(texts(root, 'del')).toEqual(['gone']);
    expect(root.querySelector('p code')?.textContent).toBe('x < y');
  });

  it('renders bullet, ordered, nested and task lists', () => {
    const root = dom('- a\n- b\n  - b1\n\n3. three\n4. four\n\n- [x] done\n- [ ] todo');
    expect(texts(root, 'ul > li > ul > li')).toEqual(['b1']);
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(texts(root, 'ol > li')).toEqual(['three', 'four']);
    const tasks = Array.from(root.querySelectorAll('.md-task')).map((el) => el.textContent);
    expect(tasks).toEqual(['☑', '☐']);
    expect(root.querySelector('input')).toBeNull();
  });

  it('renders tables with alignment inside a scrollable wrapper', () => {
    const root = dom('| Name | Size |\n|:-----|-----:|\n| a | 1 |\n| b | 22 |');
    expect(root.querySelector('.md-table > table')).not.toBeNull();
    expect(texts(root, 'th')).toEqual(['Name', 'Size']);
    expect(texts(root, 'td')).toEqual(['a', '1', 'b', '22']);
    expect(Array.from(root.querySelectorAll('th')).map((th) => th.getAttribute('align'))).toEqual(['left', 'right']);
  });

  it('renders block quotes and rules', () => {
    const root = dom('> quoted **text**\n\n---\n\nafter');
    expect(root.querySelector('blockquote strong')?.textContent).toBe('text');
    expect(root.querySelectorAll('hr')).toHaveLength(1);
  });

  it('highlights fenced code, labels its language and adds a copy button', () => {
    const root = dom('```ts\nconst answer: number = 42;\n```');
    const block = root.querySelector('.md-code');
    expect(block?.querySelector('.md-code-lang')?.getAttribute('data-lang')).toBe('ts');
    const code = block?.querySelector('pre > code');
    expect(code?.className).toBe('hljs language-ts');
    expect(code?.textContent).toBe('const answer: number = 42;');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(code?.querySelector('.hljs-number')?.textContent).toBe('42');
    const copy = block?.querySelector('[data-testid="code-copy"]');
    expect(copy?.tagName).toBe('BUTTON');
    expect(copy?.getAttribute('type')).toBe('button');
  });

  it('shows code in an unknown or missing language as plain escaped text', () => {
    const root = dom('```brainfuck\n<b>++</b>\n```\n\n```\nplain & simple\n```');
    const codes = Array.from(root.querySelectorAll('pre > code'));
    expect(codes.map((code) => code.className)).toEqual(['hljs', 'hljs']);
    expect(codes.map((code) => code.textContent)).toEqual(['<b>++</b>', 'plain & simple']);
    // One segment each (a short block), holding text only: no markup of the model's, no highlighting.
    expect(codes.map((code) => [...code.children].map((child) => child.className))).toEqual([['md-code-seg'], ['md-code-seg']]);
    expect(codes.map((code) => code.querySelectorAll('.md-code-seg *').length)).toEqual([0, 0]);
    expect(root.querySelector('.md-code-lang')?.getAttribute('data-lang')).toBe('brainfuck');
  });

  it('keeps the text of the answer free of labels (they come from attributes and CSS)', () => {
    expect(dom('```js\nx()\n```').textContent?.trim()).toBe('x()');
  });

  it('renders safe links with rel and a title naming the destination, and unsafe ones as text', () => {
    const root = dom('[docs](https://example.com/docs) and [mail](mailto:a@b.c) and [bad](javascript:alert(1)) and <https://auto.link/x>');
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel'), a.getAttribute('title')])).toEqual([
      ['docs', 'https://example.com/docs', 'noopener noreferrer', 'https://example.com/docs'],
      ['mail', 'mailto:a@b.c', 'noopener noreferrer', 'mailto:a@b.c'],
      ['https://auto.link/x', 'https://auto.link/x', 'noopener noreferrer', 'https://auto.link/x'],
    ]);
    expect(root.textContent).toContain('bad');
  });

  it('turns images into links (nothing remote is loaded) and drops unsafe image sources', () => {
    const root = dom('![a chart](https://example.com/chart.png "Chart") ![x](javascript:alert(1)) ![](data:image/png;base64,AAAA)');
    expect(root.querySelector('img')).toBeNull();
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => [a.className, a.textContent, a.getAttribute('href'), a.getAttribute('title')])).toEqual([
      ['md-image', 'a chart', 'https://example.com/chart.png', 'Chart'],
    ]);
    expect(root.textContent).toContain('x');
  });

  it('keeps the outer link of a linked image (a README badge), showing the image’s alt text inside it', () => {
    const root = dom(
      '[![build status](https://ci.example.com/badge.svg)](https://ci.example.com/run) and [![](https://x.example/i.png)](https://x.example/)',
    );
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://ci.example.com/run', 'build status'],
      ['https://x.example/', 'https://x.example/i.png'],
    ]);
    expect(root.querySelectorAll('a a, a .md-image a')).toHaveLength(0);
    expect(root.querySelector('a > span.md-image')?.textContent).toBe('build status');
  });

  it('shows raw HTML as text, except a few harmless inline tags without attributes', () => {
    const root = dom('Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, line<br>break, H<sub>2</sub>O.\n\n<div class="x">\nblock\n</div>');
    expect(texts(root, 'kbd')).toEqual(['Ctrl', 'C']);
    expect(root.querySelectorAll('br')).toHaveLength(1);
    expect(texts(root, 'sub')).toEqual(['2']);
    expect(root.querySelector('div.x')).toBeNull();
    expect(root.querySelector('.md-raw-html')?.textContent).toBe('<div class="x">\nblock\n</div>');
  });

  it('resolves reference-style links against definitions later in the text', () => {
    const root = dom('See [the docs][d].\n\n[d]: https://example.com/ref');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.com/ref');
  });

  it('counts every character handed to the lexer', () => {
    resetMarkdownStats();
    lexMarkdown('# hi');
    lexMarkdown('there');
    expect(markdownStats).toMatchObject({ parsedChars: 9, lexCalls: 2 });
  });

  it('renders a finished text with a single lex of its length', () => {
    const text = 'para\n\n- a\n- b\n\n```js\nx\n```\n\n| a |\n|---|\n| 1 |\n';
    resetMarkdownStats();
    const { done, open } = renderMarkdown(text);
    expect(markdownStats).toMatchObject({ parsedChars: text.length, lexCalls: 1 });
    expect(done.map((block) => block.key)).toEqual(['b0', 'b6', 'b15', 'b28']);
    expect(open).toEqual([]);
  });
});
