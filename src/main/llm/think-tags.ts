// Leading `<think>…</think>` blocks inside `delta.content` are reasoning, not answer text: DeepSeek-R1 distills and
// Qwen3 send them that way on Groq, HuggingFace and any local server without a reasoning parser (Ollama, LM Studio,
// llama.cpp, vLLM). Only blocks at the very start count (whitespace before and between them allowed): a tag later
// in an answer is the answer's own text, e.g. a model explaining the tag. Tags may be split across chunks, so
// text that could still become a tag is held back until the next chunk (or the end) decides it.

/** One piece of routed content, in arrival order. */
export interface ContentPiece {
  kind: 'text' | 'thinking';
  text: string;
}

const OPEN = '<think>';
const CLOSE = '</think>';

/** Splits streamed content into thinking and text. `push` per delta, then `flush` once at the end. */
export class ThinkTagSplitter {
  /** `lead`: still at the start, a tag may open; `think`: inside a block; `text`: answer text, passed through. */
  private state: 'lead' | 'think' | 'text' = 'lead';
  private held = '';
  /** Whitespace after a closing tag is dropped, not shown as the start of the answer. */
  private afterBlock = false;
  /** Whitespace opening a block is dropped too, so an empty block (`<think>\n\n</think>`) adds no reasoning. */
  private blockStarted = false;

  push(delta: string): ContentPiece[] {
    const out: ContentPiece[] = [];
    let rest = this.held + delta;
    this.held = '';
    while (rest !== '') {
      if (this.state === 'text') {
        out.push({ kind: 'text', text: rest });
        break;
      }
      if (this.state === 'lead') {
        const body = rest.trimStart();
        if (body.startsWith(OPEN)) {
          this.state = 'think';
          this.blockStarted = false;
          rest = body.slice(OPEN.length);
          continue;
        }
        if (body === '' || OPEN.startsWith(body)) {
          this.held = rest; // whitespace, or a tag still arriving
          break;
        }
        this.state = 'text';
        if (this.afterBlock) rest = body;
        continue;
      }
      // Inside a block: emit up to the closing tag, holding back a possible partial tag at the end.
      const close = rest.indexOf(CLOSE);
      if (close >= 0) {
        this.think(rest.slice(0, close), out);
        rest = rest.slice(close + CLOSE.length);
        this.state = 'lead';
        this.afterBlock = true;
        continue;
      }
      const keep = partialSuffix(rest, CLOSE);
      this.think(rest.slice(0, rest.length - keep), out);
      this.held = rest.slice(rest.length - keep);
      break;
    }
    return merge(out);
  }

  private think(text: string, out: ContentPiece[]): void {
    const shown = this.blockStarted ? text : text.trimStart();
    if (shown === '') return;
    this.blockStarted = true;
    out.push({ kind: 'thinking', text: shown });
  }

  /** The content ended: whatever was held back is what it looked like (an unclosed block stays thinking). */
  flush(): ContentPiece[] {
    const held = this.held;
    this.held = '';
    if (held === '') return [];
    if (this.state === 'think') {
      const out: ContentPiece[] = [];
      this.think(held, out);
      return out;
    }
    // Trailing whitespace after a block is not an answer.
    if (this.afterBlock && held.trim() === '') return [];
    return [{ kind: 'text', text: held }];
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (tag.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

function merge(pieces: ContentPiece[]): ContentPiece[] {
  const out: ContentPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last && last.kind === piece.kind) last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}
