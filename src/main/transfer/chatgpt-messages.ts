// One message of ChatGPT's export as ours, and what it leaves out. Pure: no I/O. The tree they hang in is
// import-chatgpt.ts's business; this file decides what each node becomes.
//
// The rules:
// - What a person saw in ChatGPT is kept: their questions (with the pictures they sent), the answers (text, code,
//   reasoning) and the pictures ChatGPT generated. What they never saw is left out silently: system messages, hidden
//   context, reasoning recaps, empty messages, a tool's notes to the model (tool messages of plain text).
// - A picture is named by an asset pointer ("file-service://file-XXXX", "sediment://file_XXXX"); the export ZIP may
//   carry its file. One the person sent becomes an image attachment of their message. One ChatGPT generated (a tool
//   message, author "dalle.text2im" or the like) becomes what our own tool calls make: the answer calls `image_gen`
//   and the call's result holds the picture. A picture without its file (or not one we accept) becomes a readable
//   marker in the text, the answer's for a generated one — a question answered by a picture never ends unanswered —
//   and is counted in `leftOut.pictures`.
// - Other tool outputs a person saw (browsing results, quotes, code output, errors) are left out and counted in
//   `leftOut.toolOutputs`; a message in no shape we can read is left out and counted in `leftOut.unreadable`.
// - Third-party exporters leave `content_type` out: a message without it is read as text when it has text.
import { z } from 'zod';
import { ATTACHMENT_LIMITS, type AttachmentPart } from '../../shared/attachments.js';
import {
  emptyUsage,
  userContent,
  type AssistantMessage,
  type ImagePart,
  type Message,
  type ToolResultMessage,
} from '../../shared/messages.js';
import type { LeftOut } from '../../shared/transfer.js';
import { judge, sniffImage } from '../attachments/index.js';
import type { TransferStrings } from './strings.js';

const seconds = z.number().finite().nullable().optional();
export const chatgptMessage = z.looseObject({
  author: z.looseObject({ role: z.string(), name: z.string().nullable().optional() }),
  create_time: seconds,
  content: z.looseObject({
    content_type: z.string().optional(),
    parts: z.array(z.unknown()).optional(),
    text: z.string().optional(),
    language: z.string().optional(),
    thoughts: z.array(z.looseObject({ summary: z.string().optional(), content: z.string().optional() })).optional(),
  }),
  metadata: z
    .looseObject({ model_slug: z.string().nullable().optional(), is_visually_hidden_from_conversation: z.boolean().optional() })
    .nullable()
    .optional(),
});
export type ChatgptMessage = z.infer<typeof chatgptMessage>;

/** The name of the tool call a generated picture becomes. */
export const IMAGE_TOOL = 'image_gen';

/** Where a conversation's pictures come from, and the files of those attached (by sha256) for the candidate. */
export interface Pictures {
  asset?: (pointer: string) => { name: string; bytes: Uint8Array } | undefined;
  files: Map<string, Uint8Array>;
}

/** One node's message as ours; `result` (a generated picture) follows the answer as its tool call's result. */
export interface Converted {
  message: Message;
  result?: ToolResultMessage;
}

export interface ConvertContext {
  defaultModel: string;
  strings: TransferStrings;
  pictures: Pictures;
  /** Counts what is left out, for the import's report. */
  leftOut: LeftOut;
}

/** Tool outputs a person saw in ChatGPT that import leaves out (counted); a tool's plain text is a note to the model. */
const SHOWN_TOOL_OUTPUTS = new Set(['tether_browsing_display', 'tether_quote', 'code', 'execution_output', 'system_error']);

/**
 * One ChatGPT message (`raw`, as the file has it) as ours, or undefined when it is left out. `id` names the node,
 * for the tool call a generated picture becomes.
 */
export function convertMessage(raw: unknown, id: string, timestamp: number, context: ConvertContext): Converted | undefined {
  if (raw === null || raw === undefined) return undefined;
  const parsed = chatgptMessage.safeParse(raw);
  if (!parsed.success) {
    context.leftOut.unreadable++;
    return undefined;
  }
  const source = parsed.data;
  if (source.metadata?.is_visually_hidden_from_conversation) return undefined;
  const { pictures } = context;
  const content = source.content;
  const kind = content.content_type ?? 'text';
  const role = source.author.role;
  if (role === 'user') {
    if (kind !== 'text' && kind !== 'multimodal_text') return undefined;
    const attachments: AttachmentPart[] = [];
    const text = partsText(content.parts ?? textOf(content), context, (part) => {
      const attached = attachPicture(part, pictures);
      if (!attached) return false;
      if (!attachments.some((known) => known.sha256 === attached.sha256)) attachments.push(attached);
      return true;
    });
    if (attachments.length === 0) return text.trim() ? { message: { role: 'user', content: text, timestamp } } : undefined;
    return { message: { role: 'user', content: userContent(text.trim() ? text : '', attachments), timestamp } };
  }
  const answer = (parts: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): AssistantMessage => ({
    role: 'assistant',
    content: parts,
    model: source.metadata?.model_slug || context.defaultModel,
    usage: emptyUsage(),
    stopReason,
    timestamp,
  });
  if (role === 'tool') {
    if (hasPicture(content.parts)) return generatedPictures(content.parts!, `chatgpt-${id}`, timestamp, context, answer);
    if (SHOWN_TOOL_OUTPUTS.has(kind)) context.leftOut.toolOutputs++;
    return undefined;
  }
  if (role !== 'assistant') return undefined;
  const parts: AssistantMessage['content'] = [];
  switch (kind) {
    case 'text':
    case 'multimodal_text': {
      const text = partsText(content.parts ?? textOf(content), context, () => false);
      if (text.trim()) parts.push({ type: 'text', text });
      break;
    }
    case 'code':
      if (content.text?.trim()) {
        const language = content.language && content.language !== 'unknown' ? content.language : '';
        parts.push({ type: 'text', text: `\`\`\`${language}\n${content.text}\n\`\`\`` });
      }
      break;
    case 'thoughts': {
      const thinking = (content.thoughts ?? [])
        .map((thought) => [thought.summary, thought.content].filter((piece) => piece?.trim()).join('\n\n'))
        .filter(Boolean)
        .join('\n\n');
      if (thinking) parts.push({ type: 'thinking', thinking });
      break;
    }
    default:
      break;
  }
  return parts.length ? { message: answer(parts) } : undefined;
}

/** Whether an answer's text part ends with the marker of a generated picture (text that follows starts a new paragraph). */
export function isPictureMarker(part: AssistantMessage['content'][number], strings: TransferStrings): boolean {
  return part.type === 'text' && part.text.endsWith(strings.imageNotIncluded);
}

/**
 * A tool message with the pictures ChatGPT generated: those whose files the export carries become the result of an
 * `image_gen` call; each of the others is a marker in the answer's text.
 */
function generatedPictures(
  parts: unknown[],
  callId: string,
  timestamp: number,
  context: ConvertContext,
  answer: (parts: AssistantMessage['content'], stopReason?: AssistantMessage['stopReason']) => AssistantMessage,
): Converted {
  const images: ImagePart[] = [];
  const markers: string[] = [];
  let prompt: string | undefined;
  for (const part of parts) {
    if (!isPicturePart(part)) continue;
    const image = generatedImage(part, context.pictures);
    if (image) {
      images.push(image);
      prompt ??= promptOf(part);
    } else {
      context.leftOut.pictures++;
      markers.push(context.strings.imageNotIncluded);
    }
  }
  const content: AssistantMessage['content'] = markers.length ? [{ type: 'text', text: markers.join('\n\n') }] : [];
  if (images.length === 0) return { message: answer(content) };
  content.push({ type: 'toolCall', id: callId, name: IMAGE_TOOL, arguments: prompt === undefined ? {} : { prompt } });
  return {
    message: answer(content, 'toolUse'),
    result: { role: 'toolResult', toolCallId: callId, toolName: IMAGE_TOOL, content: images, isError: false, timestamp },
  };
}

/** A generated picture's file as an image part (its bytes inline, as a tool's pictures are), or undefined without one. */
function generatedImage(part: Record<string, unknown>, pictures: Pictures): ImagePart | undefined {
  const pointer = part.asset_pointer;
  const file = typeof pointer === 'string' ? pictures.asset?.(pointer) : undefined;
  if (!file || file.bytes.length > ATTACHMENT_LIMITS.maxImageBytes) return undefined;
  const image = sniffImage(file.bytes);
  return image && { type: 'image', mimeType: image.mimeType, data: Buffer.from(file.bytes).toString('base64') };
}

/** The prompt ChatGPT kept with a generated picture, when it kept one. */
function promptOf(part: Record<string, unknown>): string | undefined {
  const prompt = (part.metadata as { dalle?: { prompt?: unknown } } | null | undefined)?.dalle?.prompt;
  return typeof prompt === 'string' && prompt.trim() ? prompt : undefined;
}

/** The picture an `image_asset_pointer` part names, as an attachment (its bytes kept), or undefined when it cannot be. */
function attachPicture(part: Record<string, unknown>, pictures: Pictures): AttachmentPart | undefined {
  const pointer = part.asset_pointer;
  const file = typeof pointer === 'string' ? pictures.asset?.(pointer) : undefined;
  if (!file) return undefined;
  const judged = judge({ name: file.name, bytes: file.bytes });
  if ('refused' in judged || judged.part.kind !== 'image') return undefined;
  pictures.files.set(judged.part.sha256, file.bytes);
  return judged.part;
}

function isPicturePart(part: unknown): part is Record<string, unknown> {
  return typeof part === 'object' && part !== null && (part as { content_type?: unknown }).content_type === 'image_asset_pointer';
}

function hasPicture(parts: unknown[] | undefined): boolean {
  return parts?.some(isPicturePart) ?? false;
}

/** A message's `text` as its parts, for messages (code, third-party exports) that carry text there. */
function textOf(content: { text?: string }): unknown[] {
  return content.text === undefined ? [] : [content.text];
}

/**
 * Text parts joined. A picture the export points to is offered to `attach`; one it does not take (not in the export,
 * or not an image the attachment rules accept) becomes a marker in the text, and is counted.
 */
function partsText(parts: unknown[], context: ConvertContext, attach: (part: Record<string, unknown>) => boolean): string {
  const out: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      if (part) out.push(part);
    } else if (typeof part === 'object' && part !== null) {
      if (typeof (part as { text?: unknown }).text === 'string') out.push((part as { text: string }).text);
      else if (isPicturePart(part) && !attach(part)) {
        context.leftOut.pictures++;
        out.push(context.strings.imageNotIncluded);
      }
    }
  }
  return out.join('\n\n');
}
