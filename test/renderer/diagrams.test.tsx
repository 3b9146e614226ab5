// Mermaid blocks in answers, with a scripted diagram engine (happy-dom has no layout for mermaid; the real library
// runs in test/e2e/diagrams.spec.ts): a streaming block stays code, a finished one is drawn, a broken one shows its
// source and the parser's message; mermaid's SVG goes through its own sanitizer, which keeps the drawing and drops
// what labels could smuggle in.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/renderer/src/chat/Markdown';
import { enhanceDiagrams, type DiagramEngine, type DiagramResult } from '../../src/renderer/src/diagrams';
import { createSvgSanitizer } from '../../src/renderer/src/diagrams/sanitize-svg';
import { renderMarkdown } from '../../src/renderer/src/chat/markdown/pipeline';
import { translate } from '../../src/renderer/src/i18n';
import { conformDomForPurify } from './markdown-dom';

conformDomForPurify(window);
(
  window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

const t = (key: Parameters<typeof translate>[1]) => translate('en', key);
const SOURCE = 'flowchart LR\n  A --> B';

/** An engine that answers each draw with the next scripted result and records what it was asked. */
function scriptedEngine(results: DiagramResult[]): DiagramEngine & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    cached: () => undefined,
    draw(source) {
      asked.push(source);
      return Promise.resolve(results.shift() ?? { ok: false, message: 'no script' });
    },
  };
}

function blockHtml(markdown: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(markdown)
    .done.map((block) => block.html)
    .join('');
  return host;
}

describe('a mermaid code block', () => {
  it('is drawn: the source is asked for once, the drawing replaces the code, copy still finds the source', async () => {
    const engine = scriptedEngine([{ ok: true, svg: '<svg viewBox="0 0 10 10"><text>A</text></svg>' }]);
    const host = blockHtml(`\`\`\`mermaid\n${SOURCE}\n\`\`\``);
    enhanceDiagrams(host, t, engine);
    enhanceDiagrams(host, t, engine);
    const block = host.querySelector<HTMLElement>('[data-testid="mermaid"]')!;
    expect(block.dataset.state).toBe('drawing');
    await Promise.resolve();
    await Promise.resolve();
    expect(engine.asked).toEqual([SOURCE]);
    expect(block.dataset.state).toBe('ready');
    expect(block.querySelector('.md-mermaid-view')!.innerHTML).toBe('<svg viewBox="0 0 10 10"><text>A</text></svg>');
    expect(block.querySelector('pre code')!.textContent).toBe(SOURCE);
    expect([...block.querySelectorAll('.md-code-bar button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Source',
      'Save SVG',
      'Save PNG',
      null, // the copy button is labelled by the Markdown view
    ]);
  });

  it('that does not parse shows its source and the parser’s message, as text', async () => {
    const message = 'Parse error on line 2:\n<img src=x onerror=alert(1)>';
    const engine = scriptedEngine([{ ok: false, message }]);
    const host = blockHtml('```mermaid\nflowchart LR\n  A -->\n```');
    enhanceDiagrams(host, t, engine);
    await Promise.resolve();
    await Promise.resolve();
    const block = host.querySelector<HTMLElement>('[data-testid="mermaid"]')!;
    expect(block.dataset.state).toBe('error');
    expect(block.querySelector('.md-mermaid-error')!.getAttribute('data-label')).toBe(
      'This diagram could not be drawn. Its source is shown below.',
    );
    expect(block.querySelector('.md-mermaid-message')!.textContent).toBe(message);
    expect(block.querySelector('img')).toBeNull();
    expect(block.querySelector('pre code')!.textContent).toBe('flowchart LR\n  A -->');
  });

  it('leaves other code blocks alone', () => {
    const engine = scriptedEngine([]);
    const host = blockHtml('```js\nlet a = 1\n```');
    enhanceDiagrams(host, t, engine);
    expect(host.querySelector('[data-testid="mermaid"]')).toBeNull();
    expect(engine.asked).toEqual([]);
  });
});

describe('the markdown view', () => {
  it('shows a mermaid block that is still streaming as code, and turns it into a diagram once the answer is done', () => {
    const source = {};
    const open = '```mermaid\nflowchart LR\n  A --> B\n';
    const view = render(<Markdown source={source} text={open} streaming />);
    expect(view.container.querySelector('[data-testid="mermaid"]')).toBeNull();
    expect(view.container.querySelector('pre code')!.textContent).toContain('A --> B');
    view.rerender(<Markdown source={source} text={`${open}\`\`\``} streaming={false} />);
    expect(view.container.querySelector('[data-testid="mermaid"]')).not.toBeNull();
  });

  it('gives html and svg blocks a Preview button once they are finished, and no other block', () => {
    const text = '```html\n<p>hi</p>\n```\n\n```svg\n<svg></svg>\n```\n\n```css\np{}\n```';
    const view = render(<Markdown source={{}} text={text} streaming={false} />);
    expect([...view.container.querySelectorAll('[data-testid="preview-open"]')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Preview',
      'Preview',
    ]);
  });
});

describe('the diagram sanitizer', () => {
  const sanitize = createSvgSanitizer(window);

  it('keeps the geometry, text, markers and mermaid’s scoped stylesheet', () => {
    const svg =
      '<svg id="m1" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg"><style>#m1 .node rect{fill:#eee}</style>' +
      '<marker id="m1-end" viewBox="0 0 10 10" refX="5"><path d="M 0 0 L 10 5 z"></path></marker>' +
      '<g class="node" transform="translate(10, 10)"><rect x="0" y="0" width="40" height="20" style="stroke: none"></rect>' +
      '<path d="M0,0L40,0" marker-end="url(#m1-end)"></path><text><tspan>Run tools</tspan></text></g></svg>';
    expect(sanitize(svg)).toBe(svg);
  });

  it.each([
    ['script', '<svg><text>a</text><script>window.__x=1</script></svg>', '<svg><text>a</text></svg>'],
    ['event handler', '<svg onload="window.__x=1"><rect onclick="x()" width="1"></rect></svg>', '<svg><rect width="1"></rect></svg>'],
    ['link', '<svg><a href="javascript:x()"><text>a</text></a></svg>', '<svg><text>a</text></svg>'],
    ['xlink link', '<svg><a xlink:href="javascript:x()"><text>a</text></a></svg>', '<svg><text>a</text></svg>'],
    ['html label', '<svg><foreignObject><div><img src="x" onerror="x()"></div></foreignObject></svg>', '<svg></svg>'],
    ['image', '<svg><image href="http://127.0.0.1/x.png"></image></svg>', '<svg></svg>'],
    ['use', '<svg><use href="#a"></use></svg>', '<svg></svg>'],
    ['remote style', '<svg><style>@import url(http://127.0.0.1/x.css);</style><text>a</text></svg>', '<svg><text>a</text></svg>'],
    ['style url', '<svg><rect style="fill: url(http://127.0.0.1/x)" width="1"></rect></svg>', '<svg><rect width="1"></rect></svg>'],
    ['animation', '<svg><set attributeName="href" to="javascript:x()"></set></svg>', '<svg></svg>'],
  ])('drops a %s', (_label, input, output) => {
    expect(sanitize(input)).toBe(output);
  });
});
