// Model output as markdown: finished blocks keep their DOM, only the block being written changes while streaming.
import { memo, useLayoutEffect, useMemo, useRef, type JSX } from 'react';
import { useT } from '../i18n';
import { IncrementalMarkdown, type RenderedBlock, type RenderedMarkdown } from './markdown/incremental';
import { pagePipeline } from './markdown/pipeline';
// KaTeX's stylesheet and fonts, bundled by Vite and served from the app itself (style-src and font-src 'self').
import 'katex/dist/katex.min.css';
import './markdown/markdown.css';

// A finished message renders once per app run, however often its row is scrolled out of view and back.
const finished = new WeakMap<object, RenderedMarkdown>();

function rendered(source: object, text: string, streaming: boolean, engine: { current: IncrementalMarkdown | null }): RenderedMarkdown {
  if (!streaming) {
    const cached = finished.get(source);
    if (cached) return cached;
  }
  // While streaming the same engine sees every update; when the answer ends it finishes the last block only.
  engine.current ??= new IncrementalMarkdown(pagePipeline);
  const result = engine.current.update(text, !streaming);
  if (!streaming) {
    finished.set(source, result);
    engine.current = null;
  }
  return result;
}

/** Sanitized HTML of one block. Code-copy buttons get their localized name here (the cached HTML has none). */
const HtmlBlock = memo(function HtmlBlock({ html, copyLabel }: { html: string; copyLabel: string }): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const button of ref.current?.querySelectorAll('.md-code-copy') ?? []) button.setAttribute('aria-label', copyLabel);
  }, [html, copyLabel]);
  return <div ref={ref} className="md-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

const Blocks = memo(function Blocks({ blocks, copyLabel }: { blocks: readonly RenderedBlock[]; copyLabel: string }): JSX.Element {
  return (
    <>
      {blocks.map((block) => (
        <HtmlBlock key={block.key} html={block.html} copyLabel={copyLabel} />
      ))}
    </>
  );
});

/** Props of `<Markdown>`. */
export interface MarkdownProps {
  /** The message the text belongs to: a finished message's HTML is cached on it. */
  source: object;
  text: string;
  streaming: boolean;
}

/** Renders `text` as sanitized markdown, incrementally while `streaming`. */
export const Markdown = memo(function Markdown({ source, text, streaming }: MarkdownProps): JSX.Element {
  const t = useT();
  const engine = useRef<IncrementalMarkdown | null>(null);
  const output = useMemo(() => rendered(source, text, streaming, engine), [source, text, streaming]);
  const copyLabel = t('chat.copyCode');
  return (
    <>
      <Blocks blocks={output.done} copyLabel={copyLabel} />
      <Blocks blocks={output.open} copyLabel={copyLabel} />
    </>
  );
});
