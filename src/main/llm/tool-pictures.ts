// Pictures returned by tools, as a Chat Completions request can carry them. A `tool` message holds text only, so a
// tool result's pictures go in one user message right after the turn's `tool` messages (every tool_call id is still
// answered before any user message), each named by the call it came from; the `tool` message keeps the result's
// texts in order, with a note where each picture was. A model that takes no images gets the note alone.
// A text part that is JSON holding a picture as base64 (the filesystem server's `read_media_file`:
// {"type":"image","data":"…","mimeType":"image/png"}, alone, in a list or under `content`) counts as that picture.
import type { ChatCompletionContentPart, ChatCompletionUserMessageParam } from 'openai/resources/chat/completions';
import { isImageType } from '../../shared/attachments.js';
import type { ImagePart, TextPart, ToolResultMessage } from '../../shared/messages.js';

/** The `tool` message text for a result with no text parts and no pictures. */
export const NO_TOOL_OUTPUT = '(no tool output)';

/** What one tool result becomes: the `tool` message text, and the pictures to send after the turn's tool messages. */
export interface ToolResultParts {
  text: string;
  pictures: ImagePart[];
}

/** A tool result's text (with a note per picture) and its pictures (none when the model takes no images). Pure. */
export function toolResultParts(message: ToolResultMessage, takesImages: boolean): ToolResultParts {
  const texts: string[] = [];
  const pictures: ImagePart[] = [];
  const seen = new Set<string>();
  const addPicture = (image: ImagePart) => {
    if (seen.has(image.data)) return; // the same picture as a part and again as JSON (content + structuredContent)
    seen.add(image.data);
    pictures.push(image);
    texts.push(pictureNote(pictures.length, image.mimeType, takesImages));
  };
  for (const part of expandJsonPictures(message.content)) {
    if (part.type === 'image') addPicture(part);
    else texts.push(part.text);
  }
  const text = texts.join('\n');
  return { text: text === '' ? NO_TOOL_OUTPUT : text, pictures: takesImages ? pictures : [] };
}

/** The note standing where picture `n` of a result was. */
export function pictureNote(n: number, mimeType: string, takesImages: boolean): string {
  return takesImages
    ? `[Picture ${n} (${mimeType}): sent in the user message after the tool results]`
    : `[Picture ${n} (${mimeType}): not shown, this model does not take images]`;
}

/** The label before each picture in the user message. */
export function pictureLabel(toolName: string, toolCallId: string): string {
  return `Picture returned by ${toolName} (call ${toolCallId}):`;
}

/** One user message with every picture of a turn's tool results, each after a label naming its call. */
export function picturesMessage(
  results: ReadonlyArray<{ toolName: string; toolCallId: string; pictures: readonly ImagePart[] }>,
): ChatCompletionUserMessageParam | undefined {
  const parts: ChatCompletionContentPart[] = [];
  for (const result of results) {
    for (const picture of result.pictures) {
      parts.push({ type: 'text', text: pictureLabel(result.toolName, result.toolCallId) });
      parts.push({ type: 'image_url', image_url: { url: `data:${picture.mimeType};base64,${picture.data}` } });
    }
  }
  return parts.length > 0 ? { role: 'user', content: parts } : undefined;
}

/** `content` with each text part that is JSON holding pictures replaced by those pictures (and what else it held). */
export function expandJsonPictures(content: ReadonlyArray<TextPart | ImagePart>): Array<TextPart | ImagePart> {
  const out: Array<TextPart | ImagePart> = [];
  for (const part of content) {
    const found = part.type === 'text' ? jsonPictures(part.text) : undefined;
    if (!found) {
      out.push(part);
      continue;
    }
    out.push(...found.pictures);
    if (found.rest !== undefined) out.push({ type: 'text', text: found.rest });
  }
  return out;
}

/**
 * The pictures in a JSON text: undefined when it is not JSON or holds none. `rest` is the JSON with each picture
 * replaced by a placeholder, or undefined when the JSON was nothing but pictures (one, a list, or `{ content: [...] }`).
 */
export function jsonPictures(text: string): { pictures: ImagePart[]; rest?: string } | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed) || !/"type"\s*:\s*"image"/.test(trimmed)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const pictures: ImagePart[] = [];
  const replaced = replacePictures(value, pictures);
  if (pictures.length === 0) return undefined;
  return onlyPictures(value) ? { pictures } : { pictures, rest: JSON.stringify(replaced) };
}

const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}$/;

function asPicture(value: unknown): ImagePart | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, data, mimeType } = value as Record<string, unknown>;
  if (type !== 'image' || typeof data !== 'string' || typeof mimeType !== 'string') return undefined;
  if (!isImageType(mimeType) || data.length === 0 || !BASE64.test(data)) return undefined;
  return { type: 'image', data: data.replace(/[\r\n]/g, ''), mimeType };
}

function replacePictures(value: unknown, pictures: ImagePart[]): unknown {
  const picture = asPicture(value);
  if (picture) {
    pictures.push(picture);
    return `[picture ${pictures.length}]`;
  }
  if (Array.isArray(value)) return value.map((item) => replacePictures(item, pictures));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replacePictures(item, pictures)]));
  return value;
}

function onlyPictures(value: unknown): boolean {
  if (asPicture(value)) return true;
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => asPicture(item) !== undefined);
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    return keys.length === 1 && keys[0] === 'content' && onlyPictures((value as { content: unknown }).content);
  }
  return false;
}
