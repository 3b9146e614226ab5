// Streaming a document through the incremental renderer and counting the work: characters lexed and sanitized.
import { IncrementalMarkdown, type MarkdownPipeline, type RenderedMarkdown } from '../../src/renderer/src/chat/markdown/incremental';
import { lexMarkdown } from '../../src/renderer/src/chat/markdown/render';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';

/** The concatenated HTML of every block shown. */
export const joined = (out: RenderedMarkdown): string => [...out.done, ...out.open].map((block) => block.html).join('');

/** Streams `chunks` (calling `onUpdate` after each), then completes the text. */
export function stream(
  chunks: readonly string[],
  pipeline: MarkdownPipeline,
  onUpdate?: (text: string, out: RenderedMarkdown) => void,
): RenderedMarkdown {
  const engine = new IncrementalMarkdown(pipeline);
  let text = '';
  for (const chunk of chunks) {
    text += chunk;
    const out = engine.update(text, false);
    onUpdate?.(text, out);
  }
  return engine.update(text, true);
}

/** `text` one character per chunk. */
export const charByChar = (text: string): string[] => Array.from(text);

/** `text` one line (with its newline) per chunk. */
export const lineByLine = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** `text` in chunks of the given sizes, repeated. */
export function bySizes(text: string, sizes: readonly number[]): string[] {
  const chunks: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** Work of one streamed run, as multiples of the final text (lexed) and of the one-shot HTML (sanitized). */
export interface Work {
  lexRatio: number;
  sanitizeRatio: number;
  html: string;
  oneShot: string;
}

export function measure(doc: string, chunks: readonly string[], pipeline: MarkdownPipeline): Work {
  const oneShot = pipeline.html(lexMarkdown(doc));
  resetMarkdownStats();
  const out = stream(chunks, pipeline);
  const work = { lexRatio: markdownStats.parsedChars / doc.length, sanitizeRatio: markdownStats.sanitizedChars / oneShot.length };
  return { ...work, html: joined(out), oneShot };
}
