// Streaming markdown → sanitized HTML blocks, parsing and sanitizing each part of the text a bounded number of times.
//
// The text is cut into blocks at hard cuts (see scanner.ts). A finished block is lexed, rendered and sanitized
// once, and keeps its HTML (and its key) for good. The block still being written is shown as display pieces cut at
// soft cuts; only its last piece (the live piece) is lexed again as text arrives.
//
// Work on the live piece is paid from a budget that grows with the text (BUDGET characters lexed per character
// added), so the characters lexed stay within a fixed multiple of the text at any chunk size, even one character per
// update. Text the budget cannot pay for yet is shown as plain text after the formatted part. A live piece longer
// than SEAL is sealed at a line start: what lies before becomes a piece of its own and a new live piece starts
// there (a table goes on under its own columns), so the live piece stays short and is formatted often. An unclosed
// fenced code block is shown without the parser or the sanitizer: its text inside a wrapper sanitized once, given
// also as text and segments (highlight.ts makes each as its lines arrive, highlighted) so that the view appends to
// the DOM it has; closing the block makes only its last segment, and the view adds just that.
//
// Every block is keyed by where it starts in the text, whether finished, a piece or live: a piece that becomes a
// finished block with the same HTML keeps its DOM. When the text completes without growing and the open block was
// last lexed whole, from its start to the end of the text, that HTML is the block's final HTML: no lex again.
import type { Token, Tokens, TokensList } from 'marked';
import { escapeHtml } from './escape';
import { codeSegments, NO_SEGMENTS, type CodeSegments } from './highlight';
import { fenceInfo, fenceLanguage } from './render';
import { pendingContext, pendingEnd, withPending } from './pending';
import { LineScanner } from './scanner';
import { listJoins, splitTokens, type ListJoins, type TokenGroup } from './split';

/** An unclosed fenced code block as text: what `html` shows, for a view that appends to the DOM it already has. */
export interface OpenCode {
  /** The sanitized markup before and after the code (the same pair for the same fence info string). */
  readonly wrapper: readonly [string, string];
  /** The complete lines of code so far, as text (never markup); it only grows while the block stays open. */
  readonly lines: string;
  /** The segments of `lines` made so far (highlight.js HTML or escaped text: markup we made, not the model). */
  readonly segments: CodeSegments;
  /** The unfinished last line, as text. */
  readonly tail: string;
}

/** One unit of output: `key` stays the same for the same place in the text, `html` is sanitized. */
export interface RenderedBlock {
  readonly key: string;
  readonly html: string;
  /** Set while the block is an unclosed fenced code block. */
  readonly code?: OpenCode;
  /** Set on a piece that begins or ends inside a list split for display: it reads as one list with its neighbour. */
  readonly joins?: ListJoins;
}

/** The list joins of a group of tokens; `afterCut`: it starts where a seal cut through a list. */
function joinsOf(group: TokenGroup, afterCut: boolean): ListJoins | undefined {
  const joins = listJoins(group.tokens);
  return afterCut ? { previous: true, next: joins?.next ?? false } : joins;
}

/** A block, with `joins` only when there are some (so finished blocks stay `{ key, html }`). */
function block(key: string, html: string, joins: ListJoins | undefined): RenderedBlock {
  return joins ? { key, html, joins } : { key, html };
}

/** What a message looks like now: finished blocks (the array changes only when a block finishes) and the rest. */
export interface RenderedMarkdown {
  readonly done: readonly RenderedBlock[];
  readonly open: readonly RenderedBlock[];
}

/** The parser and the safe renderer the pipeline runs (injected so tests and the bench can run in Node). */
export interface MarkdownPipeline {
  lex(src: string): TokensList;
  /** Safe HTML of block tokens: rendered and sanitized (HTML built from escaped text is not sanitized again). */
  html(tokens: Token[]): string;
}

/** Characters the live piece may hand the lexer per character added to the text. */
const BUDGET = 1.5;
/** A live piece longer than this is sealed at its last line start. */
const SEAL = 256;

const EMPTY: readonly RenderedBlock[] = [];
/** Stands for the code in the sanitized wrapper of an open code block. */
const CODE_MARK = '\uE002';

/** A table continued after a seal: lexed under its header rows, shown without them. */
export interface ContinuedTable extends Tokens.Table {
  continued: true;
}

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
  /** Where the last seal cut through a list (-1: it did not). */
  private listCutAt = -1;
  /** Sanitized HTML of [liveStart, liveLexedEnd), and whether it begins or ends inside a split list. */
  private liveHtml = '';
  private liveJoins: ListJoins | undefined;
  /** Lexed before the live piece's text: the header rows of a table the live piece continues. */
  private livePrefix = '';
  /** The last token of the live piece's last lex. */
  private liveTail: Token | undefined;
  /** Characters the live piece may still hand the lexer. */
  private credit = 0;
  /** The complete lines [start, end) of the open code block shown last: escaped, and how far they are segmented. */
  private openCode = { start: -1, end: -1, escaped: '', segments: NO_SEGMENTS };
  /** Sanitized wrapper of an open code block around CODE_MARK, by info string. */
  private codeWrappers = new Map<string, readonly [string, string]>();
  /** The open block [openStart, end) lexed whole, as one piece: its HTML is the block's final HTML if the text ends there. */
  private whole: { end: number; html: string } | null = null;
  private open: readonly RenderedBlock[] = EMPTY;
  private result: RenderedMarkdown = { done: EMPTY, open: EMPTY };

  constructor(private readonly pipeline: MarkdownPipeline) {}

  /** Feeds the whole text so far (`complete` once it will not grow any more) and returns the blocks to show. */
  update(source: string, complete: boolean): RenderedMarkdown {
    if (source.length === this.source.length && complete === this.complete && source === this.source) return this.result;
    if (this.complete || !extendsText(source, this.source)) this.reset();
    let added = source.slice(this.source.length);
    // A `\r\n` split across two updates: the `\r` already became a line end.
    if (this.source.endsWith('\r') && added.startsWith('\n')) added = added.slice(1);
    this.source = source;
    if (added.includes('\r')) added = added.replace(/\r\n?/g, '\n');
    this.text += added;
    this.credit += BUDGET * added.length;
    this.complete = complete;
    const cuts = this.scanner.scan(this.text, complete);
    for (const cut of cuts.soft) this.softCuts.push(cut);
    if (complete && cuts.hard.length === 0 && this.whole?.end === this.text.length) this.finishWhole(this.whole.html);
    else if (cuts.hard.length > 0 || complete) this.finish(cuts.hard, complete);
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
    this.livePrefix = '';
    this.liveTail = undefined;
    this.credit = 0;
    this.listCutAt = -1;
    this.whole = null;
    this.open = EMPTY;
  }

  /** Tokens of `prefix` + text [from, to), with offsets as if the prefix were not there. */
  private lex(from: number, to: number, prefix = ''): Token[] {
    const tokens: TokensList = this.pipeline.lex(prefix + this.text.slice(from, to));
    for (const _ in tokens.links) {
      this.hasReferenceLinks = true;
      break;
    }
    const first = tokens[0];
    if (prefix === '' || first === undefined) return tokens;
    if (first.type !== 'table' || first.raw.length < prefix.length) return tokens.slice(1);
    const continued: ContinuedTable = { ...(first as Tokens.Table), raw: first.raw.slice(prefix.length), continued: true };
    return [continued, ...tokens.slice(1)];
  }

  /** Lexes the open block once: blocks before accepted hard cuts become final; the rest is shown as pieces. */
  private finish(hard: readonly number[], complete: boolean): void {
    const base = this.openStart;
    const end = pendingEnd(this.text, complete);
    const groups = splitTokens(
      this.lex(base, end),
      hard.map((cut) => cut - base),
    );
    const last = groups.length - 1;
    const finished = complete ? groups : groups.slice(0, last);
    if (finished.length > 0) {
      this.done = [...this.done];
      for (const group of finished) this.addDone(base + group.start, group.tokens);
    }
    this.livePrefix = '';
    if (complete) {
      this.openStart = end;
      this.softCuts = [];
      this.pieces = [];
      this.setLive(end, end, '');
      return;
    }
    const rest = groups[last] as TokenGroup;
    this.openStart = base + rest.start;
    this.pieces = [];
    this.showPieces(rest.tokens, this.openStart, end);
  }

  /** The text is complete and the open block was last lexed whole to its end: `html` is that block's final HTML. */
  private finishWhole(html: string): void {
    const end = this.text.length;
    this.done = [...this.done, { key: `b${this.openStart}`, html }];
    this.doneStarts.push(this.openStart);
    this.openStart = end;
    this.softCuts = [];
    this.pieces = [];
    this.livePrefix = '';
    this.setLive(end, end, '');
  }

  private addDone(start: number, tokens: Token[]): void {
    this.done.push({ key: `b${start}`, html: this.pipeline.html(tokens) });
    this.doneStarts.push(start);
  }

  /** Splits freshly lexed text [from, end) at the pending soft cuts into frozen pieces and a live piece. */
  private showPieces(tokens: Token[], from: number, end: number): void {
    const lexedWhole = from === this.openStart && this.livePrefix === '';
    const cuts = this.softCuts.filter((cut) => cut > from && cut < end).map((cut) => cut - from);
    const groups = splitTokens(tokens, cuts, true);
    const first = groups[0] as TokenGroup;
    const continuesList = from === this.listCutAt && first.tokens[0]?.type === 'list';
    const live = groups.pop() as TokenGroup;
    if (groups.length > 0) {
      this.pieces = [...this.pieces];
      for (const group of groups)
        this.pieces.push(
          block(`b${from + group.start}`, this.pipeline.html(group.tokens), joinsOf(group, continuesList && group === first)),
        );
      this.livePrefix = '';
    }
    // Every pending cut before `end` has now been tried; one that fell inside a token stays rejected (it only
    // affected display).
    this.softCuts = this.softCuts.filter((cut) => cut >= end);
    this.liveTail = live.tokens.at(-1);
    this.setLive(from + live.start, end, this.pipeline.html(live.tokens), joinsOf(live, continuesList && live === first));
    this.whole = lexedWhole && groups.length === 0 ? { end, html: this.liveHtml } : null;
  }

  private setLive(liveStart: number, lexedEnd: number, liveHtml: string, joins?: ListJoins): void {
    this.liveStart = liveStart;
    this.liveLexedEnd = lexedEnd;
    this.liveHtml = liveHtml;
    this.liveJoins = joins;
    this.open = lexedEnd > liveStart ? [...this.pieces, block(`b${liveStart}`, liveHtml, joins)] : this.pieces;
  }

  /** No block finished: bring the open block's display up to date. */
  private refreshOpen(): void {
    const fence = this.scanner.openFence;
    if (fence && fence.indent <= 3 && fence.start === this.liveStart && this.softCuts.length === 0 && this.livePrefix === '') {
      this.showOpenCode(fence.contentStart, fence.char, fence.info, this.text.length);
      return;
    }
    // An unfinished last line that may become a fence is neither lexed nor shown (pending.ts).
    const end = pendingEnd(this.text, false);
    // Lex as far as the budget pays for: the whole text, or else its complete lines. A table's row is lexed once
    // it is complete (its text shows until then), so the budget goes to rows, not to parts of them.
    const lines = this.text.lastIndexOf('\n', end - 1) + 1;
    const rowsOnly = this.liveTail?.type === 'table';
    const to = !rowsOnly && this.affordable(end) ? end : lines > this.liveLexedEnd && this.affordable(lines) ? lines : -1;
    if (to === -1) {
      this.showPending(end);
      return;
    }
    this.credit -= this.livePrefix.length + to - this.liveStart;
    // A long piece, or a table, is sealed at its last line start, so what comes after is lexed on its own.
    const sealable = !this.scanner.openFence && !this.scanner.inRawBlock;
    if (sealable && lines > this.liveStart && lines < to && this.sealDue(lines, this.liveTail)) {
      this.showPieces(this.lex(this.liveStart, lines, this.livePrefix), this.liveStart, lines);
      this.seal();
      this.credit -= this.livePrefix.length;
    }
    if (to > this.liveStart) this.showPieces(this.lex(this.liveStart, to, this.livePrefix), this.liveStart, to);
    if (to === lines && sealable && this.sealDue(to, this.liveTail)) this.seal();
    if (to < end) this.showPending(end);
  }

  /** Whether the live piece, lexed up to the line start `at` and ending in `tail`, should be sealed there. */
  private sealDue(at: number, tail: Token | undefined): boolean {
    return at - this.liveStart > SEAL || tail?.type === 'table';
  }

  private affordable(to: number): boolean {
    return this.livePrefix.length + to - this.liveStart <= this.credit;
  }

  /** The live piece (just lexed up to a line start) becomes a piece; a new live piece starts where it ended. */
  private seal(): void {
    const start = this.liveStart;
    const end = this.liveLexedEnd;
    const last = this.liveTail;
    // A list the seal cut through reads on as one list (the new live piece starts its own).
    const cutList = last?.type === 'list';
    this.listCutAt = cutList ? end : -1;
    const joins = cutList ? { previous: this.liveJoins?.previous ?? false, next: true } : this.liveJoins;
    if (end > start) this.pieces = [...this.pieces, block(`b${start}`, this.liveHtml, joins)];
    // A table the seal cut through goes on under its own header rows.
    this.livePrefix = last?.type === 'table' ? headerRows(last as Tokens.Table) : '';
    this.setLive(end, end, '');
  }

  /** An unclosed fence at the start of the live piece: its text is all code, shown escaped without the parser. */
  private showOpenCode(contentStart: number, char: string, info: string, end: number): void {
    // Complete lines are escaped once (kept from update to update); the unfinished last line each time.
    const lines = Math.max(contentStart, this.text.lastIndexOf('\n', end - 1) + 1);
    if (this.openCode.start !== contentStart || this.openCode.end > lines)
      this.openCode = { start: contentStart, end: contentStart, escaped: '', segments: NO_SEGMENTS };
    const code = this.text.slice(contentStart, lines);
    if (this.openCode.end < lines) {
      // The segments these lines complete are made now, so that closing the block makes only its last.
      this.openCode = {
        start: contentStart,
        end: lines,
        escaped: this.openCode.escaped + escapeHtml(this.text.slice(this.openCode.end, lines)),
        segments: codeSegments(code, fenceLanguage(fenceInfo(info)), false, this.openCode.segments),
      };
    }
    const lastLine = this.text.slice(lines, end);
    // An unfinished line of fence characters may be the closing fence: it is not shown as code.
    const tail = new RegExp(`^ {0,3}\\${char}+[ \\t]*$`).test(lastLine) ? '' : lastLine;
    const wrapper = this.codeWrapper(info);
    const html = `${wrapper[0]}${this.openCode.escaped}${escapeHtml(tail)}${wrapper[1]}`;
    const shown: OpenCode = { wrapper, lines: code, segments: this.openCode.segments, tail };
    this.open = [...this.pieces, { key: `b${this.liveStart}`, html, code: shown }];
  }

  private codeWrapper(info: string): readonly [string, string] {
    let wrapper = this.codeWrappers.get(info);
    if (!wrapper) {
      const token: Tokens.Code = { type: 'code', raw: '', text: CODE_MARK, lang: fenceInfo(info), codeBlockStyle: undefined };
      const html = this.pipeline.html([{ ...token, streaming: true } as Token]);
      const at = html.indexOf(CODE_MARK);
      wrapper = [html.slice(0, at), html.slice(at + CODE_MARK.length)] as const;
      this.codeWrappers.set(info, wrapper);
    }
    return wrapper;
  }

  /** The formatted live piece, then the text the budget has not paid for yet, as the finished text will read (pending.ts). */
  private showPending(end: number): void {
    const pending = this.text.slice(this.liveLexedEnd, end);
    const atLineStart = this.liveLexedEnd === 0 || this.text[this.liveLexedEnd - 1] === '\n';
    const html = withPending(this.liveHtml, pending, pendingContext(this.liveTail, atLineStart));
    this.open = [...this.pieces, block(`b${this.liveStart}`, html, this.liveJoins)];
  }

  /** Reference-style links resolve across the whole text: lex it once more and render it at the same cuts. */
  private renderWhole(): void {
    const starts = this.doneStarts;
    const groups = splitTokens(this.lex(0, this.text.length), starts.slice(1));
    this.done = groups.map((group) => ({ key: `b${group.start}`, html: this.pipeline.html(group.tokens) }));
    this.doneStarts = groups.map((group) => group.start);
  }
}

// How much of the start and the end of the previous text `extendsText` compares.
const CHECKED = 256;

/**
 * Whether `next` extends `previous`. Streamed text only grows, and a replaced text (a regenerated answer) differs
 * at its start or where the old one ended, so comparing both ends keeps each update's cost independent of the length.
 */
function extendsText(next: string, previous: string): boolean {
  if (next.length < previous.length) return false;
  if (previous.length <= 2 * CHECKED) return next.startsWith(previous);
  const tail = previous.length - CHECKED;
  return next.startsWith(previous.slice(0, CHECKED)) && next.startsWith(previous.slice(tail), tail);
}

/** A short header and the delimiter row of a table with the columns of `table` (its rows lex the same under it). */
function headerRows(table: Tokens.Table): string {
  const align = { left: ':-', center: ':-:', right: '-:' } as const;
  return `${table.align.map(() => 'a').join('|')}\n${table.align.map((a) => (a ? align[a] : '-')).join('|')}\n`;
}
