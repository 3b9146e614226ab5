// A long fenced code block finishing: closing it highlights only its last segment, the final update redoes nothing,
// highlighting in segments gives highlight.js's own output, and the DOM of the block grows and closes in place, each
// update changing only a block of at most a few segments' text (what the browser lays out and paints again).
import { act, render } from '@testing-library/react';
import hljs from 'highlight.js/lib/core';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/renderer/src/chat/Markdown';
import markdownViewSource from '../../src/renderer/src/chat/Markdown.tsx?raw';
import incrementalSource from '../../src/renderer/src/chat/markdown/incremental.ts?raw';
import renderSource from '../../src/renderer/src/chat/markdown/render.ts?raw';
import packageJson from '../../package.json?raw';
import { codeHtml } from '../../src/renderer/src/chat/markdown/highlight';
import { IncrementalMarkdown } from '../../src/renderer/src/chat/markdown/incremental';
import { createPipeline, pagePipeline } from '../../src/renderer/src/chat/markdown/pipeline';
import { markdownToHtml } from '../../src/renderer/src/chat/markdown/render';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';
import { chunksOf } from './markdown-corpus';
import { conformDomForPurify } from './markdown-dom';
import { joined } from './markdown-work';

conformDomForPurify(window);

/** About `size` characters of TypeScript in a fenced block after a paragraph, as the peers bench streams it. */
function codeDocument(size: number, tag: string): { doc: string; code: string } {
  const lines: string[] = [];
  for (let i = 0, length = 0; length < size; i++) {
    const line = `${'  '.repeat(i % 4)}const ${tag}${i} = compute(${i}, "text ${i}") + offset; // step ${i}`;
    lines.push(line);
    length += line.length + 1;
  }
  const code = lines.join('\n');
  return { doc: `Here is the module:\n\n\`\`\`ts\n${code}\n\`\`\`\n`, code };
}

describe('finishing a streamed code block', () => {
  it('highlights only the last segment when the fence closes, and the final update lexes, highlights and sanitizes nothing', () => {
    const { doc, code } = codeDocument(20_000, 'finish');
    const chunks = chunksOf(doc, 1000);
    const engine = new IncrementalMarkdown(pagePipeline);
    let text = '';
    resetMarkdownStats();
    for (const chunk of chunks.slice(0, -1)) engine.update((text += chunk), false);
    // While the block streamed, its segments were highlighted once each as their lines arrived.
    expect(markdownStats.highlightedChars).toBeGreaterThan(code.length - 3000);
    expect(markdownStats.highlightedChars).toBeLessThanOrEqual(code.length);

    resetMarkdownStats();
    const closed = engine.update((text += chunks.at(-1)), false);
    expect(text.endsWith('\n```\n')).toBe(true);
    // The chunk that closes the fence: one lex of the block, the highlighter sees its last segment only, and the
    // sanitizer sees the markup around the code, never the code.
    expect(markdownStats.lexCalls).toBe(1);
    expect(markdownStats.highlightedChars).toBeLessThan(3000);
    expect(markdownStats.sanitizedChars).toBeLessThan(500);

    resetMarkdownStats();
    const final = engine.update(text, true);
    expect(markdownStats).toEqual({ parsedChars: 0, lexCalls: 0, sanitizedChars: 0, highlightedChars: 0 });
    // The live block became the finished block as it was: same key, same HTML.
    expect(final.open).toEqual([]);
    expect(final.done.at(-1)).toEqual({ key: closed.open.at(-1)?.key, html: closed.open.at(-1)?.html });
    expect(joined(final)).toBe(joined(new IncrementalMarkdown(pagePipeline).update(doc, true)));
  });

  it('ends as the one-shot render of marked and highlight.js', () => {
    const { doc } = codeDocument(6_000, 'oneShot');
    const engine = new IncrementalMarkdown(createPipeline((html) => html));
    let text = '';
    for (const chunk of chunksOf(doc, 300)) engine.update((text += chunk), false);
    expect(joined(engine.update(text, true))).toBe(markdownToHtml(doc));
  });
});

const SEGMENT_OPEN = '<span class="md-code-seg">';

/** The HTML of each segment of a code block's body, without the element around it. */
function segments(html: string): string[] {
  expect(html.startsWith(SEGMENT_OPEN)).toBe(true);
  return html
    .split(SEGMENT_OPEN)
    .slice(1)
    .map((part) => {
      expect(part.endsWith('</span>')).toBe(true);
      return part.slice(0, -'</span>'.length);
    });
}

/** `html` (a code block's body) without the segment elements. */
const unsegmented = (html: string): string => segments(html).join('');

describe('highlighting in segments', () => {
  const hljsWhole = (code: string, lang: string): string => hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;

  it('gives highlight.js’s own output for whole source files', () => {
    for (const [lang, path, code] of [
      ['typescript', 'incremental.ts', incrementalSource],
      ['typescript', 'Markdown.tsx', markdownViewSource],
      ['typescript', 'render.ts', renderSource],
      ['json', 'package.json', packageJson],
    ] as const) {
      expect(code.length).toBeGreaterThan(1500);
      expect({ path, same: unsegmented(codeHtml(code, lang)) === hljsWhole(code, lang) }).toEqual({ path, same: true });
    }
  });

  it('does not cut inside a comment or a string that spans many lines', () => {
    const comment = `/*\n${Array.from({ length: 200 }, (_, i) => ` * line ${i} of a long comment`).join('\n')}\n */`;
    const template = `const page = \`\n${Array.from({ length: 120 }, (_, i) => `  <p>${i}</p>`).join('\n')}\n\`;`;
    const code = `${comment}\nconst a = 1;\n${template}\nfunction f() {\n  return a;\n}\n`;
    expect(unsegmented(codeHtml(code, 'typescript'))).toBe(hljsWhole(code, 'typescript'));
    expect(codeHtml(code, 'typescript').split('<span class="hljs-comment">').length - 1).toBe(1);
  });

  it('cuts a long block into segments of at least 1,024 characters at line starts, highlighted or not', () => {
    const { code } = codeDocument(20_000, 'cut');
    for (const lang of ['typescript', 'no-such-language']) {
      const parts = segments(codeHtml(code, lang));
      const host = document.createElement('div');
      const texts = parts.map((part) => {
        host.innerHTML = part;
        return host.textContent ?? '';
      });
      expect({ lang, text: texts.join('') }).toEqual({ lang, text: code });
      expect(parts.length).toBeGreaterThanOrEqual(15);
      for (const text of texts.slice(0, -1)) {
        expect(text.length).toBeGreaterThanOrEqual(1024);
        expect(text.length).toBeLessThan(1024 + 100);
        expect(text.endsWith('\n')).toBe(true);
      }
    }
    // A short block is one segment; an empty one has none.
    expect(codeHtml('a < b', 'no-such-language')).toBe(`${SEGMENT_OPEN}a &lt; b</span>`);
    expect(codeHtml('', 'typescript')).toBe('');
  });
});

describe('the DOM of a streamed code block', () => {
  it('keeps its elements while the block grows and when it closes, and ends as the finished block’s HTML', () => {
    const { doc } = codeDocument(8_000, 'dom');
    const chunks = chunksOf(doc, 400);
    const source = {};
    let text = '';
    const view = render(createElement(Markdown, { source, text, streaming: true }));
    const root = view.container;
    let codeElement: Element | null = null;
    let firstSegment: Element | null = null;
    const codeStart = doc.indexOf('\n', doc.indexOf('```')) + 1;
    for (const chunk of chunks) {
      text += chunk;
      act(() => view.rerender(createElement(Markdown, { source, text, streaming: true })));
      const now = root.querySelector('pre code');
      if (!now || text.length < codeStart + 200) continue;
      // Never rebuilt while open: the same <code> element from its first lines on.
      codeElement ??= now;
      expect(now).toBe(codeElement);
      firstSegment ??= now.querySelector('.hljs-keyword');
    }
    expect(firstSegment).not.toBeNull();
    act(() => view.rerender(createElement(Markdown, { source, text, streaming: false })));
    // Closing added only the last segment: the first segment's elements are the ones shown while streaming.
    expect(root.querySelector('pre code')).toBe(codeElement);
    expect(firstSegment?.isConnected).toBe(true);
    const expected = document.createElement('div');
    for (const block of new IncrementalMarkdown(pagePipeline).update(doc, true).done) {
      const div = document.createElement('div');
      div.className = 'md-block';
      div.innerHTML = block.html;
      expected.append(div);
    }
    for (const button of expected.querySelectorAll('.md-code-copy')) button.setAttribute('aria-label', 'Copy code');
    expect(root.innerHTML).toBe(expected.innerHTML);
  });

  it('changes only a run of about one segment’s text per update, however long the block grows, and never a finished segment', () => {
    const { doc, code } = codeDocument(16_000, 'touch');
    const source = {};
    let text = '';
    const view = render(createElement(Markdown, { source, text, streaming: true }));
    const root = view.container;
    const observer = new MutationObserver(() => {});
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    const segmentOf = (node: Node | null): Element | null =>
      (node instanceof Element ? node : (node?.parentElement ?? null))?.closest('.md-code-seg') ?? null;
    /**
     * Characters of code in the blocks this update changed: a new segment's text, the run of text after the last
     * segment when it changed (it is one block), or the whole message when anything else changed.
     */
    const changed = (): number => {
      const codeElement = root.querySelector('pre code');
      let chars = 0;
      let runChanged = false;
      const records = observer.takeRecords();
      // Segments added whole by this update (happy-dom also reports their children being filled in).
      const added = new Set<Node>();
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && node.matches('.md-code-seg')) added.add(node);
      for (const node of added) chars += node.textContent?.length ?? 0;
      for (const record of records) {
        const segment = segmentOf(record.target);
        if (segment && added.has(segment)) continue;
        // Nothing in a segment shown before changes, and none is removed.
        expect(segment).toBeNull();
        for (const node of record.removedNodes) expect(node instanceof Element && node.matches('.md-code-seg')).toBe(false);
        const inRun = codeElement !== null && (record.target === codeElement || record.target.parentNode === codeElement);
        if (inRun) runChanged = true;
        else chars += root.textContent?.length ?? 0;
      }
      if (runChanged && codeElement) {
        for (const node of codeElement.childNodes) if (node.nodeType === Node.TEXT_NODE) chars += node.textContent?.length ?? 0;
      }
      return chars;
    };
    const codeStart = doc.indexOf('\n', doc.indexOf('```')) + 1;
    let most = 0;
    for (const chunk of chunksOf(doc, 800)) {
      text += chunk;
      act(() => view.rerender(createElement(Markdown, { source, text, streaming: true })));
      const chars = changed();
      if (text.length > codeStart + 3000) most = Math.max(most, chars);
    }
    // The chunk that closed the fence was the last one; the final update changes nothing at all.
    act(() => view.rerender(createElement(Markdown, { source, text, streaming: false })));
    expect(changed()).toBe(0);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(3000);
    expect(root.querySelectorAll('pre code > .md-code-seg').length).toBeGreaterThanOrEqual(12);
    expect(root.querySelector('pre code')?.textContent).toBe(code);
    observer.disconnect();
  }, 60_000);
});
