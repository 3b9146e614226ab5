// The pipeline the app runs: marked through our renderer, then DOMPurify on the page's window.
import { IncrementalMarkdown, type MarkdownPipeline, type RenderedMarkdown } from './incremental';
import { lexMarkdown, renderSafe } from './render';
import { sanitizeHtml, sanitizeMathHtml, type Sanitize } from './sanitize';
import { markdownStats } from './stats';

/** marked + our renderer, sanitized with `sanitize`; KaTeX's output with `sanitizeMath`, once per formula. */
export function createPipeline(sanitize: Sanitize, sanitizeMath: Sanitize = sanitize): MarkdownPipeline {
  const formulas = new Map<string, string>();
  const sanitizeFormula = (html: string): string => {
    let clean = formulas.get(html);
    if (clean === undefined) {
      markdownStats.sanitizedChars += html.length;
      clean = sanitizeMath(html);
      if (formulas.size >= 1000) formulas.clear();
      formulas.set(html, clean);
    }
    return clean;
  };
  return { lex: lexMarkdown, html: (tokens) => renderSafe(tokens, sanitize, sanitizeFormula) };
}

/** The pipeline of the page (DOMPurify bound to `window`). */
export const pagePipeline: MarkdownPipeline = createPipeline(
  (html) => sanitizeHtml(html),
  (html) => sanitizeMathHtml(html),
);

/** A complete text rendered in one pass (the same block pipeline as streaming, with a single lex). */
export function renderMarkdown(text: string, pipeline: MarkdownPipeline = pagePipeline): RenderedMarkdown {
  return new IncrementalMarkdown(pipeline).update(text, true);
}
