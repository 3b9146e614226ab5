// Attachment references → what a request carries, once per request after the context policy chose the messages:
// an image becomes an image part (its scaled copy when it has one; otherwise the original, same bytes and type),
// a text file becomes a fenced block named after the file. Stored messages are never changed.
import { cleanFileName, type AttachmentBytes, type AttachmentPart } from '../../shared/attachments.js';
import type { ImagePart, Message, TextPart, UserMessage } from '../../shared/messages.js';

/** Reads a stored file by hash; undefined when it is gone. */
export type ReadAttachment = (sha256: string) => Promise<AttachmentBytes | undefined>;

/** A document attachment as the text the model gets for the message's question (attachments/document-block.ts). */
export type DocumentText = (part: AttachmentPart, question: string) => Promise<string | undefined>;

/** Messages with every attachment part replaced by image or text parts. Messages without attachments are kept as they are. */
export async function resolveAttachments(
  messages: readonly Message[],
  read: ReadAttachment,
  documentText?: DocumentText,
): Promise<Message[]> {
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role !== 'user' || typeof message.content === 'string' || !message.content.some((part) => part.type === 'attachment')) {
      out.push(message);
      continue;
    }
    const content: Array<TextPart | ImagePart> = [];
    // Files first, then images, then what the person typed about them: the question reads after its material.
    const typed: TextPart[] = [];
    const images: Array<TextPart | ImagePart> = [];
    const question = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    for (const part of message.content) {
      if (part.type === 'text') typed.push(part);
      else if (part.type === 'image') images.push(part);
      else if (part.kind === 'document') content.push(await documentBlock(part, question, documentText));
      else if (part.kind === 'image') images.push(await imagePart(part, read));
      else content.push(await fileBlock(part, read));
    }
    const resolved: UserMessage = { ...message, content: [...content, ...images, ...typed] };
    out.push(resolved);
  }
  return out;
}

async function imagePart(part: AttachmentPart, read: ReadAttachment): Promise<ImagePart | TextPart> {
  const stored = await read(part.scaled?.sha256 ?? part.sha256);
  if (!stored) return missing(part);
  return { type: 'image', mimeType: part.scaled?.mimeType ?? part.mimeType, data: Buffer.from(stored.bytes).toString('base64') };
}

async function fileBlock(part: AttachmentPart, read: ReadAttachment): Promise<TextPart> {
  const stored = await read(part.sha256);
  if (!stored) return missing(part);
  return { type: 'text', text: fencedFile(part.name, new TextDecoder().decode(stored.bytes)) };
}

/**
 * `name` and its content as a fenced code block whose fence no line of the content can close and the name line cannot
 * open. The name is cleaned again (a chat imported from elsewhere may carry any name): it stays on its one line.
 */
export function fencedFile(rawName: string, content: string): string {
  const name = cleanFileName(rawName) || 'file';
  let longest = 0;
  for (const match of `${name}\n${content}`.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '');
  const dot = name.lastIndexOf('.');
  const language =
    dot > 0
      ? name
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9+#-]/g, '')
      : '';
  return `${name}\n${fence}${language}\n${body}\n${fence}\n\n`;
}

async function documentBlock(part: AttachmentPart, question: string, documentText: DocumentText | undefined): Promise<TextPart> {
  const text = documentText ? await documentText(part, question) : undefined;
  return text === undefined ? missing(part) : { type: 'text', text: `${text}\n\n` };
}

function missing(part: AttachmentPart): TextPart {
  return { type: 'text', text: `[${part.name}: this attachment is no longer in the data folder]\n\n` };
}
