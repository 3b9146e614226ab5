// A line scanner over streaming markdown that decides, without parsing, where the text can be cut.
//
// Two kinds of cuts, both at the start of a line:
// - hard: the blocks before can never change again, whatever text follows, so their HTML is final. Proposed only
//   at a line that starts at column 0 after a blank line, outside fenced code and raw HTML blocks: after a blank
//   line only a list (or indented content) can continue the block before, so inside a block that contains a list
//   item a line that is (or may still become) a list item is not a cut. Callers also check that marked's tokens
//   end exactly there before accepting it.
// - soft: a place where the block still being written may be split for display only (after a blank line, at a
//   fence, after a closing fence, at a list item). A wrong soft cut only changes how unfinished text looks until
//   its block is final.
// Each complete line is read once; the unfinished last line only has its first characters looked at.

/** An answer that may not be known yet while a line is unfinished. */
export type Tristate = 'yes' | 'no' | 'unknown';

const LIST_ITEM = /^ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/;
const LIST_ITEM_PREFIX = /^ {0,3}(?:[*+-]|\d{1,9}[.)]?)$/;

/**
 * Whether `line` starts a list item; 'unknown' while an unfinished line is still a bare marker like `-`, `*` or
 * `12.` (the next character decides: `*b` is not an item, `* b` is).
 */
export function listItemStart(line: string, complete: boolean): Tristate {
  if (!complete && LIST_ITEM_PREFIX.test(line)) return 'unknown';
  return LIST_ITEM.test(line) ? 'yes' : 'no';
}

/** A fenced code block that is open at the end of the scanned text. */
export interface Fence {
  char: string;
  length: number;
  indent: number;
  /** Offset of the opening line in the text. */
  start: number;
  /** Offset of the first line of code. */
  contentStart: number;
  /** The fence's info string (language first). */
  info: string;
}

const FENCE_OPEN = /^( *)(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^( *)(`{3,}|~{3,})[ \t]*$/;
const BLANK = /^[ \t]*$/;
// HTML blocks that may contain blank lines (CommonMark types 1–5), and how each ends.
const RAW_OPEN = /^ {0,3}(?:<(script|pre|style|textarea)(?=[\s>]|$)|(<!--)|(<\?)|(<!\[CDATA\[)|(<![A-Za-z]))/i;

function openFence(line: string, start: number, contentStart: number): Fence | null {
  const m = FENCE_OPEN.exec(line);
  if (!m) return null;
  const marker = m[2] ?? '';
  const info = m[3] ?? '';
  if (marker[0] === '`' && info.includes('`')) return null;
  return { char: marker[0] ?? '`', length: marker.length, indent: m[1]?.length ?? 0, start, contentStart, info: info.trim() };
}

function closesFence(line: string, fence: Fence): boolean {
  const m = FENCE_CLOSE.exec(line);
  if (!m) return false;
  const marker = m[2] ?? '';
  // A top-level fence closes only at an indent of at most three, as in marked; a nested one at any indent.
  return marker[0] === fence.char && marker.length >= fence.length && (fence.indent > 3 || (m[1]?.length ?? 0) <= 3);
}

function rawBlockEnd(line: string): RegExp | null {
  const m = RAW_OPEN.exec(line);
  if (!m) return null;
  const rest = line.slice(m[0].length);
  if (m[2] && /^-?>/.test(rest)) return null; // `<!-->` and `<!--->` close at once
  const end = m[1] ? new RegExp(`</${m[1]}>`, 'i') : m[2] ? /-->/ : m[3] ? /\?>/ : m[4] ? /\]\]>/ : />/;
  return end.test(rest) ? null : end;
}

/** Offsets (ascending) of the cuts one scan found. */
export interface Cuts {
  hard: number[];
  soft: number[];
}

// How much of the unfinished last line the cut rules need (a list marker is at most 3 + 9 + 2 characters).
const PARTIAL_LOOKAHEAD = 16;

/** Scans a growing text; `scan` reads on from where it stopped and returns the cuts found since. */
export class LineScanner {
  private pos = 0;
  private blockStart = 0;
  private softAt = 0;
  private blockHasList = false;
  private fence: Fence | null = null;
  private rawEnd: RegExp | null = null;
  private prevBlank = false;
  private prevClosedFence = false;

  /** The fence still open at the end of the scanned text, if any. */
  get openFence(): Fence | null {
    return this.fence;
  }

  /** Whether the scanned text ends inside a raw HTML block that may contain blank lines. */
  get inRawBlock(): boolean {
    return this.rawEnd !== null;
  }

  /** `done`: the text is complete, so its last line is complete too. */
  scan(text: string, done: boolean): Cuts {
    const cuts: Cuts = { hard: [], soft: [] };
    while (this.pos < text.length) {
      const newline = text.indexOf('\n', this.pos);
      const complete = newline !== -1 || done;
      const end = newline === -1 ? text.length : newline;
      const line = text.slice(this.pos, complete ? end : Math.min(end, this.pos + PARTIAL_LOOKAHEAD));
      this.propose(this.pos, line, complete, cuts);
      if (!complete) break;
      this.consume(line, this.pos, end + 1);
      this.pos = end + 1;
    }
    return cuts;
  }

  private propose(at: number, line: string, complete: boolean, cuts: Cuts): void {
    if (this.fence || this.rawEnd || line.length === 0) return;
    const first = line[0];
    if (first === ' ' || first === '\t') return;
    if (this.prevBlank && at > this.blockStart) {
      const list = this.blockHasList ? listItemStart(line, complete) : 'no';
      if (list === 'no') {
        cuts.hard.push(at);
        this.blockStart = at;
        this.blockHasList = false;
      }
    }
    if (at > this.softAt) {
      const soft =
        this.prevBlank || this.prevClosedFence || (complete && openFence(line, at, at) !== null) || listItemStart(line, complete) === 'yes';
      if (soft) {
        cuts.soft.push(at);
        this.softAt = at;
      }
    }
  }

  private consume(line: string, at: number, next: number): void {
    this.prevClosedFence = false;
    if (this.fence) {
      if (closesFence(line, this.fence)) {
        this.fence = null;
        this.prevClosedFence = true;
      }
      this.prevBlank = false;
      return;
    }
    if (this.rawEnd) {
      if (this.rawEnd.test(line)) this.rawEnd = null;
      this.prevBlank = false;
      return;
    }
    if (BLANK.test(line)) {
      this.prevBlank = true;
      return;
    }
    this.prevBlank = false;
    this.fence = openFence(line, at, next);
    if (!this.fence) this.rawEnd = rawBlockEnd(line);
    if (LIST_ITEM.test(line)) this.blockHasList = true;
  }
}
