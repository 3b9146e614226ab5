// A finished `mermaid` code block becomes a diagram: the block (the sanitized markdown HTML) gains the drawn SVG, a
// Source/Diagram switch and Save SVG / Save PNG in its bar; its copy button still copies the source. While the block
// streams it is plain code (this runs only on finished blocks); while it is drawn, and when it does not parse, the
// source shows — with the parser's message in the second case.
import type { Translate } from '../i18n';
import { mermaidEngine, type DiagramEngine, type DiagramResult, type DiagramTheme } from './engine';
import { savePng, saveSvg } from './save';
import './diagrams.css';

const DIAGRAM_LANGS = new Set(['mermaid']);

function pageTheme(): DiagramTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** A labelled action button for the code bar (its text comes from aria-label, like the copy button's). */
function barButton(className: string, testid: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `md-code-action ${className}`;
  button.dataset.testid = testid;
  button.addEventListener('click', onClick);
  return button;
}

/** Shows `result` in the diagram block `block` (unless a newer draw has started for it). */
function show(block: HTMLElement, result: DiagramResult): void {
  const view = block.querySelector<HTMLElement>('.md-mermaid-view');
  const error = block.querySelector<HTMLElement>('.md-mermaid-error');
  if (!view || !error) return;
  if (result.ok) {
    view.innerHTML = result.svg;
    error.replaceChildren();
    block.dataset.state = 'ready';
  } else {
    view.replaceChildren();
    // The localized sentence before it is the element's data-label (CSS), so a language change relabels it.
    const message = document.createElement('pre');
    message.className = 'md-mermaid-message';
    message.textContent = result.message;
    error.replaceChildren(message);
    block.dataset.state = 'error';
  }
}

function draw(block: HTMLElement, engine: DiagramEngine): void {
  const source = block.querySelector('pre code')?.textContent ?? '';
  const theme = pageTheme();
  const serial = String(Number(block.dataset.serial ?? '0') + 1);
  block.dataset.serial = serial;
  block.dataset.theme = theme;
  const known = engine.cached(source, theme);
  if (known) {
    show(block, known);
    return;
  }
  if (block.dataset.state !== 'ready') block.dataset.state = 'drawing';
  void engine.draw(source, theme).then((result) => {
    if (block.dataset.serial === serial) show(block, result);
  });
}

function labelBar(block: HTMLElement, t: Translate): void {
  const toggle = block.querySelector('.md-mermaid-toggle');
  toggle?.setAttribute('aria-label', t(block.dataset.view === 'source' ? 'diagram.showDiagram' : 'diagram.showSource'));
  block.querySelector('.md-mermaid-save-svg')?.setAttribute('aria-label', t('diagram.saveSvg'));
  block.querySelector('.md-mermaid-save-png')?.setAttribute('aria-label', t('diagram.savePng'));
  block.querySelector('.md-mermaid-view')?.setAttribute('aria-label', t('diagram.label'));
  block.querySelector('.md-mermaid-drawing')?.setAttribute('data-label', t('diagram.rendering'));
  block.querySelector('.md-mermaid-error')?.setAttribute('data-label', t('diagram.error'));
}

/** Turns every finished mermaid code block in `root` into a diagram (again after its DOM was replaced). */
export function enhanceDiagrams(root: HTMLElement, t: Translate, engine: DiagramEngine = mermaidEngine()): void {
  for (const block of root.querySelectorAll<HTMLElement>('.md-code')) {
    const lang = block.querySelector('.md-code-lang')?.getAttribute('data-lang')?.toLowerCase() ?? '';
    const bar = block.querySelector('.md-code-bar');
    const pre = block.querySelector('pre');
    if (!DIAGRAM_LANGS.has(lang) || !bar || !pre) continue;
    if (!block.classList.contains('md-diagram')) {
      block.classList.add('md-diagram');
      block.dataset.testid = 'mermaid';
      block.dataset.view = 'diagram';
      const view = document.createElement('div');
      view.className = 'md-mermaid-view';
      view.setAttribute('role', 'img');
      const drawing = document.createElement('div');
      drawing.className = 'md-mermaid-drawing';
      const error = document.createElement('div');
      error.className = 'md-mermaid-error';
      error.setAttribute('role', 'status');
      pre.before(view, drawing, error);
      const svgOf = () => view.querySelector('svg');
      const toggle = barButton('md-mermaid-toggle', 'mermaid-toggle', () => {
        block.dataset.view = block.dataset.view === 'source' ? 'diagram' : 'source';
        labelBar(block, t);
      });
      const saveSvgButton = barButton('md-mermaid-save-svg', 'mermaid-save-svg', () => {
        const svg = svgOf();
        if (svg) saveSvg(svg);
      });
      const savePngButton = barButton('md-mermaid-save-png', 'mermaid-save-png', () => {
        const svg = svgOf();
        if (svg) void savePng(svg, getComputedStyle(block).backgroundColor);
      });
      const copy = bar.querySelector('.md-code-copy');
      if (copy) copy.before(toggle, saveSvgButton, savePngButton);
      else bar.append(toggle, saveSvgButton, savePngButton);
      draw(block, engine);
      observeTheme(engine);
    }
    labelBar(block, t);
  }
}

let themeObserver: MutationObserver | null = null;

/** Diagrams on the page are drawn again in the new theme when the theme changes. */
function observeTheme(engine: DiagramEngine): void {
  if (themeObserver) return;
  themeObserver = new MutationObserver(() => {
    const theme = pageTheme();
    for (const block of document.querySelectorAll<HTMLElement>('.md-diagram')) if (block.dataset.theme !== theme) draw(block, engine);
  });
  themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
