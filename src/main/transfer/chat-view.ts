// What the readable exports (Markdown, HTML) show of a chat: its title and model, and the shown branch — the
// conversation as the person last saw it — with each message's place among its versions. Every branch is in the
// JSON export; these are for reading.
import { attachmentsOf, extensionOf, type AttachmentBytes, type AttachmentPart } from '../../shared/attachments.js';
import type { Message } from '../../shared/messages.js';
import { BranchTree } from '../sessions/branches.js';
import { summarize } from '../sessions/store/session-file.js';
import type { SessionSnapshot } from './snapshot.js';

export interface ChatView {
  title: string;
  model: string;
  createdAt: number;
  items: Array<{ message: Message; version: number; versions: number }>;
}

export function chatView(snapshot: SessionSnapshot, untitled: string): ChatView {
  const { parsed } = snapshot;
  const tree = new BranchTree(parsed.entries, parsed.activations);
  const branch = tree.branch();
  const summary = summarize({ header: parsed.header, name: parsed.name, branch, updatedAt: parsed.updatedAt });
  const refs = tree.refs(branch);
  return {
    title: summary.name || untitled,
    model: summary.model,
    createdAt: parsed.header.createdAt,
    items: branch.map((entry, i) => ({ message: entry.message, version: refs[i]!.version, versions: refs[i]!.versions })),
  };
}

/** A time as people read it in a file that may travel anywhere: `2026-11-30 16:05 UTC`. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A fence longer than any backtick run in `text`, so the text can never close it. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Tool call arguments as people read them. */
export function argumentsText(args: Record<string, unknown>): string {
  return JSON.stringify(args, null, 2);
}

/** Stored attachment files by sha256, as an export read them (a file that could not be read is absent). */
export type AttachedFiles = ReadonlyMap<string, AttachmentBytes>;

/** The attached text files of the shown branch, each once: what a reading copy needs to read from the store. */
export function textAttachmentsOf(view: ChatView): AttachmentPart[] {
  const parts = new Map<string, AttachmentPart>();
  for (const { message } of view.items) {
    if (message.role !== 'user') continue;
    for (const part of attachmentsOf(message.content)) if (part.kind === 'text') parts.set(part.sha256, part);
  }
  return [...parts.values()];
}

/**
 * An attached text file's content as the model read it (a byte order mark dropped, line ends as `\n`, no final
 * newline); undefined when it is not a text file or its bytes are not in `files`.
 */
export function attachedText(part: AttachmentPart, files: AttachedFiles): string | undefined {
  const file = part.kind === 'text' ? files.get(part.sha256) : undefined;
  if (!file) return undefined;
  return new TextDecoder().decode(file.bytes).replace(/\r\n?/g, '\n').replace(/\n$/, '');
}

/** The code-block language a file's name suggests (`notes.md` → `md`), '' when none. */
export function fenceLanguage(name: string): string {
  return extensionOf(name).replace(/[^a-z0-9+#-]/g, '');
}
