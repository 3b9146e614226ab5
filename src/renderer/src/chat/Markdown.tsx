// Model output as markdown: finished blocks keep their DOM, only the block being written changes while streaming.
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type JSX, type MouseEvent } from 'react';
import type { KnowledgeCitation } from '../../../shared/knowledge';
import { useT } from '../i18n';
import { IncrementalMarkdown, type RenderedBlock, type RenderedMarkdown } from './markdown/incremental';
import { finishCodeInPlace, showOpenCode, type ShownCode } from './markdown/code-dom';
import { pagePipeline } from './markdown/pipeline';
import { enhanceDiagrams } from '../diagrams';
import { addPreviewButtons } from '../preview/codeButtons';
import { citationAt, citationsByNumber, markCitations, type CitationLabel } from '../knowledge/citationMarks';
import { openCitation } from '../knowledge/citationStore';
import { fileName } from '../knowledge/knowledgeWords';
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

/** Gives the code-copy buttons in `root` their localized name (the cached HTML has none). */
function labelCopyButtons(root: HTMLElement, copyLabel: string): void {
  for (const button of root.querySelectorAll('.md-code-copy')) button.setAttribute('aria-label', copyLabel);
}

interface BlockProps {
  block: RenderedBlock;
  copyLabel: string;
  /** A finished block (its HTML is final): its code blocks may become diagrams and previews. */
  finished: boolean;
  /** The message's citations by number: their marks in the text become `citation` buttons. */
  cited: ReadonlyMap<number, KnowledgeCitation>;
  citationLabel: CitationLabel;
}

/**
 * One block's sanitized HTML. An open code block grows in place (see `showOpenCode`) and, once closed, keeps the DOM
 * it has; any other change replaces the block's DOM.
 */
const Block = memo(
  function Block({ block, copyLabel, finished, cited, citationLabel }: BlockProps): JSX.Element {
    const t = useT();
    const ref = useRef<HTMLDivElement>(null);
    const shownCode = useRef<ShownCode | null>(null);
    useLayoutEffect(() => {
      const host = ref.current;
      if (!host) return;
      if (block.code) {
        shownCode.current = showOpenCode(host, block.code, shownCode.current);
      } else {
        const code = shownCode.current;
        shownCode.current = null;
        if (!code || !finishCodeInPlace(block.html, code)) host.innerHTML = block.html;
      }
      labelCopyButtons(host, copyLabel);
    }, [block.html, block.code, copyLabel]);
    useLayoutEffect(() => {
      // Once the block is final, a mermaid block in it becomes a diagram and html/svg blocks get a Preview button.
      const host = ref.current;
      if (!host || !finished) return;
      enhanceDiagrams(host, t);
      addPreviewButtons(host, t);
    }, [block.html, block.code, copyLabel, finished, t]);
    useLayoutEffect(() => {
      // Built with DOM calls on the sanitized HTML now in the block: a mark is a button holding its number as text.
      const host = ref.current;
      if (host && !block.code && cited.size > 0) markCitations(host, cited, citationLabel);
    }, [block.html, block.code, cited, citationLabel]);
    const onClick = useCallback(
      (event: MouseEvent<HTMLDivElement>) => {
        const citation = citationAt(event.target, cited);
        if (citation) openCitation(citation);
      },
      [cited],
    );
    const { joins } = block;
    const className = `md-block${joins?.previous ? ' md-list-continued' : ''}${joins?.next ? ' md-list-continues' : ''}`;
    return <div ref={ref} className={className} onClick={cited.size > 0 ? onClick : undefined} />;
  },
  (a, b) =>
    a.block.html === b.block.html &&
    a.block.code === b.block.code &&
    a.block.joins?.previous === b.block.joins?.previous &&
    a.block.joins?.next === b.block.joins?.next &&
    a.copyLabel === b.copyLabel &&
    a.finished === b.finished &&
    a.cited === b.cited &&
    a.citationLabel === b.citationLabel,
);

interface BlockLook {
  copyLabel: string;
  cited: ReadonlyMap<number, KnowledgeCitation>;
  citationLabel: CitationLabel;
}

function blockView(block: RenderedBlock, look: BlockLook, finished: boolean): JSX.Element {
  return <Block key={block.key} block={block} finished={finished} {...look} />;
}

/** Props of `<Markdown>`. */
export interface MarkdownProps {
  /** The message the text belongs to: a finished message's HTML is cached on it. */
  source: object;
  text: string;
  streaming: boolean;
  /** The passages the answer cites (AssistantMessage.citations): its `[n]` marks open them. */
  citations?: readonly KnowledgeCitation[];
}

/** Renders `text` as sanitized markdown, incrementally while `streaming`. */
export const Markdown = memo(function Markdown({ source, text, streaming, citations }: MarkdownProps): JSX.Element {
  const t = useT();
  const engine = useRef<IncrementalMarkdown | null>(null);
  const output = useMemo(() => rendered(source, text, streaming, engine), [source, text, streaming]);
  const copyLabel = t('chat.copyCode');
  const cited = useMemo(() => citationsByNumber(citations), [citations]);
  const citationLabel = useCallback<CitationLabel>(
    (c) =>
      c.page === undefined
        ? t('citation.mark', { n: c.n, file: fileName(c.file) })
        : t('citation.markPage', { n: c.n, file: fileName(c.file), page: c.page }),
    [t],
  );
  const look = useMemo<BlockLook>(() => ({ copyLabel, cited, citationLabel }), [copyLabel, cited, citationLabel]);
  // One list keyed by where each block starts, so a piece that becomes a finished block keeps its DOM. The finished
  // blocks' elements change only when a block finishes, so React passes over them without comparing their props.
  const done = useMemo(() => output.done.map((block) => blockView(block, look, true)), [output.done, look]);
  return <>{[...done, ...output.open.map((block) => blockView(block, look, false))]}</>;
});
