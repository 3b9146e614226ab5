// The pipeline the app runs: marked through our renderer, then DOMPurify on the page's window.
import { IncrementalMarkdown, type MarkdownPipeline, type RenderedMarkdown } from './incremental';
import { lexMarkdown, renderSafe } from './render';
import { sanitizeHtml, type Sanitize } from './sanitize';

/** marked + our renderer, sanitized with `sanitize`. */
export function createPipeline(sanitize: Sanitize): MarkdownPipeline {
  return { lex: lexMarkdown, html: (tokens) => renderSafe(tokens, sanitize) };
}

/** The pipeline of the page (DOMPurify bound to `window`). */
export const pagePipeline: MarkdownPipeline = createPipeline((html) => sanitizeHtml(html));

/** A complete text rendered in one pass (the same block pipeline as streaming, with a single lex). */
export function renderMarkdown(text: string, pipeline: MarkdownPipeline = pagePipeline): RenderedMarkdown {
  return new IncrementalMarkdown(pipeline).update(text, true);
}
