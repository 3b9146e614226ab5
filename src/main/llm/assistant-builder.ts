// Accumulates one streamed assistant message from chunk deltas and emits the matching block events.
// Blocks: consecutive text (or thinking) deltas grow one block; a delta of another kind ends it, so content
// order is the order things arrived. Tool calls are matched by stream index (then id) and stay open until
// the provider finishes, because their argument fragments may interleave; their JSON is parsed only then.
// What counts as reasoning and text, and in which order, is decided by `delta-content.ts`.
import type { AssistantMessage, TextPart, ThinkingPart, ToolCallPart } from '../../shared/messages.js';
import { emptyAssistantMessage } from '../../shared/messages.js';
import type { AssistantMessageEvent } from '../agent/types.js';
import { deltaPieces } from './delta-content.js';
import { ThinkTagSplitter, type ContentPiece } from './think-tags.js';

/** One `delta.tool_calls[]` entry as providers send it; every field may be missing after the first fragment. */
export interface WireToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

interface ToolCallSlot {
  part: ToolCallPart;
  contentIndex: number;
  streamIndex: number | undefined;
  json: string;
}

/** Owns the partial message (`message`, live and mutated in place) and pushes events through `emit`. */
export class AssistantBuilder {
  readonly message: AssistantMessage;
  private open: { kind: 'text' | 'thinking'; contentIndex: number } | undefined;
  private readonly toolCalls: ToolCallSlot[] = [];
  private idCounter = 0;
  private readonly thinkTags = new ThinkTagSplitter();

  constructor(
    modelId: string,
    private readonly emit: (event: AssistantMessageEvent) => void,
  ) {
    this.message = emptyAssistantMessage(modelId);
  }

  /** Emits `start`. Call once, when the HTTP response has arrived. */
  start(): void {
    this.emit({ type: 'start', partial: this.message });
  }

  /** Applies one choice delta (raw, so non-standard fields are visible). Returns true if it carried content. */
  applyDelta(delta: Record<string, unknown>): boolean {
    let content = false;
    for (const piece of deltaPieces(delta)) {
      content = true;
      if (piece.kind === 'content') this.route(this.thinkTags.push(piece.text));
      else if (piece.kind === 'thinking') this.appendThinking(piece.text, piece.field);
      else {
        // A refusal is the answer, marked as one: shown and saved like text.
        this.message.refusal = true;
        this.appendText(piece.text);
      }
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const entry of delta.tool_calls as unknown[]) {
        if (!entry || typeof entry !== 'object') continue;
        this.applyToolCall(entry as WireToolCallDelta);
        content = true;
      }
    }
    return content;
  }

  /** True once any text, thinking or tool call has arrived. */
  hasContent(): boolean {
    return this.message.content.length > 0;
  }

  /** The provider finished: ends every open block in content order (tool calls with parsed arguments). */
  endBlocks(): void {
    this.route(this.thinkTags.flush());
    this.closeOpen();
    for (const slot of this.toolCalls) {
      this.settleToolCall(slot);
      this.emit({ type: 'toolcall_end', contentIndex: slot.contentIndex, toolCall: slot.part, partial: this.message });
    }
    this.toolCalls.length = 0;
  }

  /** The stream failed: tool calls get whatever arguments parse, and no end events are sent. */
  settleWithoutEvents(): void {
    this.route(this.thinkTags.flush());
    this.open = undefined;
    for (const slot of this.toolCalls) this.settleToolCall(slot);
    this.toolCalls.length = 0;
  }

  private route(pieces: ContentPiece[]): void {
    for (const piece of pieces) {
      if (piece.kind === 'text') this.appendText(piece.text);
      else this.appendThinking(piece.text, 'content');
    }
  }

  private appendText(delta: string): void {
    const part = this.openBlock('text') as TextPart;
    part.text += delta;
    this.emit({ type: 'text_delta', contentIndex: this.open!.contentIndex, delta, partial: this.message });
  }

  private appendThinking(delta: string, field: string): void {
    const part = this.openBlock('thinking', field) as ThinkingPart;
    part.thinking += delta;
    this.emit({ type: 'thinking_delta', contentIndex: this.open!.contentIndex, delta, partial: this.message });
  }

  /** The open block of `kind`, starting one (and ending another kind's) when needed. */
  private openBlock(kind: 'text' | 'thinking', signature?: string): TextPart | ThinkingPart {
    if (this.open?.kind !== kind) {
      this.closeOpen();
      const part: TextPart | ThinkingPart =
        kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', ...(signature ? { signature } : {}) };
      this.message.content.push(part);
      this.open = { kind, contentIndex: this.message.content.length - 1 };
      this.emit({ type: kind === 'text' ? 'text_start' : 'thinking_start', contentIndex: this.open.contentIndex, partial: this.message });
    }
    return this.message.content[this.open.contentIndex] as TextPart | ThinkingPart;
  }

  private closeOpen(): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    const part = this.message.content[open.contentIndex];
    if (part?.type === 'text') this.emit({ type: 'text_end', contentIndex: open.contentIndex, content: part.text, partial: this.message });
    if (part?.type === 'thinking')
      this.emit({ type: 'thinking_end', contentIndex: open.contentIndex, content: part.thinking, partial: this.message });
  }

  private applyToolCall(entry: WireToolCallDelta): void {
    const id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : undefined;
    const streamIndex = typeof entry.index === 'number' ? entry.index : undefined;
    let slot = this.findSlot(streamIndex, id);
    if (!slot) {
      this.closeOpen();
      const part: ToolCallPart = { type: 'toolCall', id: id ?? '', name: '', arguments: {} };
      this.message.content.push(part);
      slot = { part, contentIndex: this.message.content.length - 1, streamIndex, json: '' };
      this.toolCalls.push(slot);
      this.emit({ type: 'toolcall_start', contentIndex: slot.contentIndex, partial: this.message });
    }
    if (id && !slot.part.id) slot.part.id = id;
    const name = entry.function?.name;
    if (typeof name === 'string' && name !== '' && !slot.part.name) slot.part.name = name;
    const fragment = entry.function?.arguments;
    if (typeof fragment === 'string' && fragment !== '') {
      slot.json += fragment;
      this.emit({ type: 'toolcall_delta', contentIndex: slot.contentIndex, delta: fragment, partial: this.message });
    }
  }

  /** Same stream index (unless it carries a different id: some servers reuse index 0), else same id. */
  private findSlot(streamIndex: number | undefined, id: string | undefined): ToolCallSlot | undefined {
    if (streamIndex !== undefined) {
      const byIndex = this.toolCalls.findLast((s) => s.streamIndex === streamIndex);
      if (byIndex && !(id && byIndex.part.id && byIndex.part.id !== id)) return byIndex;
    }
    if (id) return this.toolCalls.find((s) => s.part.id === id);
    // No index and no id: a continuation of the latest call.
    return streamIndex === undefined ? this.toolCalls.at(-1) : undefined;
  }

  private settleToolCall(slot: ToolCallSlot): void {
    slot.part.arguments = parseArguments(slot.json);
    if (!slot.part.id) slot.part.id = `call_${Date.now().toString(36)}_${this.idCounter++}`;
  }
}

/** Arguments JSON → object; empty, invalid or non-object JSON gives `{}` (the tool's validation reports it). */
function parseArguments(json: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
