// One chat as Markdown: readable anywhere, the shown branch in order, reasoning folded in a <details> section, tool
// calls and results as code blocks, an attached text file in full (named, fenced), a picture named. Messages keep their
// own Markdown as written.
import { attachmentsOf } from '../../shared/attachments.js';
import type { Message } from '../../shared/messages.js';
import { argumentsText, attachedText, fenceFor, fenceLanguage, formatTime, type AttachedFiles, type ChatView } from './chat-view.js';
import type { TransferStrings } from './strings.js';

/** `files` holds the bytes of the attached text files (`textAttachmentsOf(view)`); one not in it is named as missing. */
export function chatMarkdown(view: ChatView, strings: TransferStrings, now: Date, files: AttachedFiles = new Map()): string {
  const out: string[] = [
    `# ${oneLine(view.title)}`,
    '',
    `${strings.model}: ${view.model} · ${strings.created}: ${formatTime(view.createdAt)}`,
    '',
  ];
  for (const item of view.items) {
    const versions = item.versions > 1 ? ` (${strings.version(item.version, item.versions)})` : '';
    out.push('---', '', ...messageBlock(item.message, versions, strings, files));
  }
  out.push('---', '', `*${strings.exportedFrom(formatTime(now.getTime()))}*`, '');
  return out.join('\n');
}

function messageBlock(message: Message, versions: string, strings: TransferStrings, files: AttachedFiles): string[] {
  const out: string[] = [];
  switch (message.role) {
    case 'user': {
      out.push(`## ${strings.you}${versions}`, '');
      if (typeof message.content === 'string') out.push(message.content, '');
      else {
        for (const part of message.content) if (part.type === 'text') out.push(part.text, '');
        const attached = attachmentsOf(message.content);
        // Text files in full, each under its name in a fence no line of it can close; then the rest, named.
        const named: string[] = [];
        for (const part of attached) {
          const name = literal(part.name);
          const text = attachedText(part, files);
          if (text !== undefined) {
            const fence = fenceFor(text);
            out.push(`**${strings.attachment(name)}**`, '', `${fence}${fenceLanguage(part.name)}`, text, fence, '');
          } else named.push(`- ${part.kind === 'text' ? strings.attachmentMissing(name) : strings.attachment(name)}`);
        }
        if (named.length) out.push(...named, '');
      }
      break;
    }
    case 'assistant': {
      out.push(`## ${strings.assistant} · ${message.model}${versions}`, '');
      for (const part of message.content) {
        if (part.type === 'thinking' && part.thinking.trim()) {
          out.push('<details>', `<summary>${strings.reasoning}</summary>`, '', part.thinking, '', '</details>', '');
        } else if (part.type === 'text') {
          out.push(part.text, '');
        } else if (part.type === 'toolCall') {
          const args = argumentsText(part.arguments);
          const fence = fenceFor(args);
          out.push(`**${strings.toolCall(part.name)}**`, '', `${fence}json`, args, fence, '');
        }
      }
      if (message.refusal) out.push(`*${strings.refused}*`, '');
      if (message.stopReason === 'aborted') out.push(`*${strings.stopped}*`, '');
      else if (message.stopReason === 'error' && message.errorMessage) out.push(`*${strings.failed(message.errorMessage)}*`, '');
      break;
    }
    case 'toolResult': {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : `[${part.mimeType}]`)).join('\n');
      const fence = fenceFor(text);
      const label = message.isError ? strings.toolError(message.toolName) : strings.toolResult(message.toolName);
      out.push(`**${label}**`, '', fence, text, fence, '');
      break;
    }
    case 'system':
      break;
  }
  return out;
}

/** A file name read as written: `__init__.py` is not bold "init", `[a](b).txt` not a link. */
function literal(name: string): string {
  return name.replace(/[\\`*_[\]<>|~#!]/g, '\\$&');
}

/** A title on one line (a heading ends at the first newline). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
