// Server-sent events from raw response bytes, fed in whatever slices the network delivers. Ours rather than the
// SDK's because a provider controls how much we hold: one event is capped (a response that never ends an event
// would otherwise grow memory without bound), and the caller sees every byte arrive, so a stream that only sends
// comments or trickles bytes counts as alive. Lines that are not SSE fields are kept (capped) so a plain JSON
// body sent with status 200 can still be read for its error.

/** One dispatched event: `event` is the `event:` field (undefined when absent), `data` the joined `data:` lines. */
export interface SseEvent {
  event: string | undefined;
  data: string;
}

/** Bytes one event (its pending line plus the data gathered so far) may occupy: a few MB, far above any real chunk. */
export const MAX_SSE_EVENT_BYTES = 4 * 1024 * 1024;
/** How much text outside any SSE field is kept for a last look (a JSON error body sent as the stream). */
const MAX_STRAY_CHARS = 64 * 1024;

/** Thrown by `push` when one event outgrows the cap. */
export class SseEventTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`A stream event exceeded ${Math.round(limit / (1024 * 1024))} MB`);
    this.name = 'SseEventTooLargeError';
  }
}

/** Incremental SSE decoder. `push(bytes)` returns the events completed by those bytes; `end()` flushes the last one. */
export class SseDecoder {
  private readonly text = new TextDecoder('utf-8');
  private line = '';
  private data: string[] = [];
  private dataChars = 0;
  private event: string | undefined;
  private sawField = false;
  /** A `\r` ended the last slice: a `\n` opening the next one belongs to it. */
  private pendingCr = false;
  private strayText = '';

  constructor(private readonly limit: number = MAX_SSE_EVENT_BYTES) {}

  /** Feeds one slice of the body. Throws SseEventTooLargeError when the current event passes the cap. */
  push(bytes: Uint8Array): SseEvent[] {
    return this.feed(this.text.decode(bytes, { stream: true }));
  }

  /** The body ended: completes a last event that had no blank line after it. */
  end(): SseEvent[] {
    const out = this.feed(this.text.decode());
    if (this.line !== '') this.takeLine(this.line, out);
    this.line = '';
    this.dispatch(out);
    return out;
  }

  /** Text that was not part of any SSE field (capped), for reading a non-SSE body. */
  get stray(): string {
    return this.strayText;
  }

  /** True once any SSE field (data, event, id, retry or a comment) was seen. */
  get sawSse(): boolean {
    return this.sawField;
  }

  private feed(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let start = 0;
    if (this.pendingCr && chunk.startsWith('\n')) start = 1;
    this.pendingCr = false;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.takeLine(this.line + chunk.slice(start, i), out);
      this.line = '';
      if (c === 13) {
        if (i + 1 < chunk.length) {
          if (chunk.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    this.line += chunk.slice(start);
    // Characters, not bytes, but never fewer: a cap in characters holds at most 4x the bytes in memory.
    if (this.line.length + this.dataChars > this.limit) throw new SseEventTooLargeError(this.limit);
    return out;
  }

  private takeLine(line: string, out: SseEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.startsWith(':')) {
      this.sawField = true;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.sawField = true;
        this.data.push(value);
        this.dataChars += value.length + 1;
        if (this.dataChars > this.limit) throw new SseEventTooLargeError(this.limit);
        return;
      case 'event':
        this.sawField = true;
        this.event = value;
        return;
      case 'id':
      case 'retry':
        this.sawField = true;
        return;
      default:
        if (this.strayText.length < MAX_STRAY_CHARS) this.strayText += `${line}\n`.slice(0, MAX_STRAY_CHARS - this.strayText.length);
    }
  }

  private dispatch(out: SseEvent[]): void {
    if (this.data.length > 0) out.push({ event: this.event, data: this.data.join('\n') });
    this.data = [];
    this.dataChars = 0;
    this.event = undefined;
  }
}
