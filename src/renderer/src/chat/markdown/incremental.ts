// Streaming markdown → sanitized HTML blocks, parsing each part of the text about once.
//
// The text is cut into blocks at hard cuts (see scanner.ts). A finished block is lexed, rendered and sanitized
// once, and keeps its HTML (and its key) for good. The block still being written is shown as display pieces cut at
// soft cuts; only its last piece (the live piece) is lexed again as text arrives. When the live piece is large, it
// is lexed again only once it has doubled, and the text since the last lex is shown as plain text until then, so
// the cost stays linear. An unclosed fenced code block is shown without the parser at all.
import type { Token, TokensList } from 'marked';
import { escapeHtml } from './escape';
import { codeBlockHtml, fenceLanguage } from './render';
import { LineScanner } from './scanner';
import { splitTokens, type TokenGroup } from './split';

/** One unit of output: `key` stays the same for the same place in the text, `html` is sanitized. */
export interface RenderedBlock {
  readonly key: string;
  readonly html: string;
}

/** What a message looks like now: finished blocks (the array changes only when a block finishes) and the rest. */
export interface RenderedMarkdown {
  readonly done: readonly RenderedBlock[];
  readonly open: readonly RenderedBlock[];
}

/** The parser and sanitizer the pipeline runs (injected so the bench can run in Node). */
export interface MarkdownPipeline {
  lex(src: string): TokensList;
  render(tokens: Token[]): string;
  sanitize(html: string): string;
}

/** A live piece up to this size is lexed again on every update; beyond it, once it grew by GROWTH × its lexed size. */
const LIVE_FULL = 384;
const GROWTH = 1;

const EMPTY: readonly RenderedBlock[] = [];

/** One message's markdown as it streams: feed it the growing text, render what it returns. */
export class IncrementalMarkdown {
  /** The text as given; `text` is the same with line endings normalized (marked's offsets count `\n` only). */
  private source = '';
  private text = '';
  private complete = false;
  private scanner = new LineScanner();
  private done: RenderedBlock[] = [];
  private doneStarts: number[] = [];
  private hasReferenceLinks = false;
  /** Start of the block still being written. */
  private openStart = 0;
  /** Soft cuts inside the open block not yet behind the live piece. */
  private softCuts: number[] = [];
  private pieces: RenderedBlock[] = [];
  private liveStart = 0;
  private liveLexedEnd = 0;
  /** Unsanitized HTML of [liveStart, liveLexedEnd). */
  private liveHtml = '';
  private open: readonly RenderedBlock[] = EMPTY;
  private result: RenderedMarkdown = { done: EMPTY, open: EMPTY };

  constructor(private readonly pipeline: MarkdownPipeline) {}

  /** Feeds the whole text so far (`complete` once it will not grow any more) and returns the blocks to show. */
  update(source: string, complete: boolean): RenderedMarkdown {
    if (source === this.source && complete === this.complete) return this.result;
    if (this.complete || !source.startsWith(this.source)) this.reset();
    let added = source.slice(this.source.length);
    // A `\r\n` split across two updates: the `\r` already became a line end.
    if (this.source.endsWith('\r') && added.startsWith('\n')) added = added.slice(1);
    this.source = source;
    this.text += added.includes('\r') ? added.replace(/\r\n?/g, '\n') : added;
    this.complete = complete;
    const text = this.text;
    const cuts = this.scanner.scan(text, complete);
    for (const cut of cuts.soft) this.softCuts.push(cut);
    if (cuts.hard.length > 0 || complete) this.finish(cuts.hard, complete);
    else this.refreshOpen();
    if (complete && this.hasReferenceLinks) this.renderWhole();
    this.result = { done: this.done, open: this.open };
    return this.result;
  }

  private reset(): void {
    this.source = '';
    this.text = '';
    this.complete = false;
    this.scanner = new LineScanner();
    this.done = [];
    this.doneStarts = [];
    this.hasReferenceLinks = false;
    this.openStart = 0;
    this.softCuts = [];
    this.pieces = [];
    this.liveStart = 0;
    this.liveLexedEnd = 0;
    this.liveHtml = '';
    this.open = EMPTY;
  }

  private lex(from: number, to: number): TokensList {
    const tokens = this.pipeline.lex(this.text.slice(from, to));
    for (const _ in tokens.links) {
      this.hasReferenceLinks = true;
      break;
    }
    return tokens;
  }

  private html(tokens: Token[]): string {
    return this.pipeline.sanitize(this.pipeline.render(tokens));
  }

  /** Lexes the open block once: blocks before accepted hard cuts become final; the rest is shown as pieces. */
  private finish(hard: readonly number[], complete: boolean): void {
    const base = this.openStart;
    const end = this.text.length;
    const tokens = this.lex(base, end);
    const groups = splitTokens(tokens, hard.map((cut) => cut - base));
    const last = groups.length - 1;
    const finished = complete ? groups : groups.slice(0, last);
    if (finished.length > 0) {
      this.done = [...this.done];
      for (const group of finished) this.addDone(base + group.start, group.tokens);
    }
    if (complete) {
      this.openStart = end;
      this.softCuts = [];
      this.setPieces([], end, end, '');
      return;
    }
    const rest = groups[last] as TokenGroup;
    this.openStart = base + rest.start;
    this.softCuts = this.softCuts.filter((cut) => cut > this.openStart);
    this.showPieces(rest.tokens, this.openStart, end);
  }

  private addDone(start: number, tokens: Token[]): void {
    this.done.push({ key: `b${start}`, html: this.html(tokens) });
    this.doneStarts.push(start);
  }

  /** Splits freshly lexed text [from, end) at the pending soft cuts into frozen pieces and a live piece. */
  private showPieces(tokens: Token[], from: number, end: number): void {
    const cuts = this.softCuts.filter((cut) => cut > from).map((cut) => cut - from);
    const groups = splitTokens(tokens, cuts, true);
    const live = groups.pop() as TokenGroup;
    const pieces = from === this.openStart ? [] : [...this.pieces];
    for (const group of groups) pieces.push({ key: `p${from + group.start}`, html: this.html(group.tokens) });
    // Every pending cut has now been tried; one that fell inside a token stays rejected (it only affected display).
    this.softCuts = [];
    this.setPieces(pieces, from + live.start, end, this.pipeline.render(live.tokens));
  }

  private setPieces(pieces: RenderedBlock[], liveStart: number, lexedEnd: number, liveHtml: string): void {
    this.pieces = pieces;
    this.liveStart = liveStart;
    this.liveLexedEnd = lexedEnd;
    this.liveHtml = liveHtml;
    this.open = lexedEnd > liveStart ? [...pieces, { key: 'live', html: this.pipeline.sanitize(liveHtml) }] : pieces;
  }

  /** No block finished: bring the open block's display up to date. */
  private refreshOpen(): void {
    const end = this.text.length;
    const fence = this.scanner.openFence;
    if (fence && fence.start === this.liveStart && this.softCuts.length === 0) {
      // An unclosed fence at the start of the live piece: its text is all code, no parser needed.
      const code = fence.contentStart < end ? this.text.slice(fence.contentStart, end) : '';
      this.open = [...this.pieces, { key: 'live', html: this.pipeline.sanitize(codeBlockHtml(code, fenceLanguage(fence.info), false)) }];
      return;
    }
    const lexed = this.liveLexedEnd - this.liveStart;
    const grown = end - this.liveLexedEnd;
    if (this.softCuts.length === 0 && end - this.liveStart > LIVE_FULL && grown < lexed * GROWTH) {
      this.open = [...this.pieces, { key: 'live', html: this.pipeline.sanitize(withPendingText(this.liveHtml, this.text.slice(this.liveLexedEnd, end))) }];
      return;
    }
    this.showPieces(this.lex(this.liveStart, end), this.liveStart, end);
  }

  /** Reference-style links resolve across the whole text: lex it once more and render it at the same cuts. */
  private renderWhole(): void {
    const starts = this.doneStarts;
    const groups = splitTokens(this.lex(0, this.text.length), starts.slice(1));
    this.done = groups.map((group) => ({ key: `b${group.start}`, html: this.html(group.tokens) }));
    this.doneStarts = groups.map((group) => group.start);
  }
}

/** Text not lexed yet, shown as plain text at the end of the live piece (inside its last paragraph if it ends with one). */
function withPendingText(html: string, pending: string): string {
  const span = `<span class="md-pending">${escapeHtml(pending)}</span>`;
  return html.endsWith('</p>\n') ? `${html.slice(0, -5)}${span}</p>\n` : `${html}<p class="md-pending">${escapeHtml(pending)}</p>`;
}
