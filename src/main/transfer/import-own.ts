// Reads our own chat export (json.ts) back: the wrapper, every line and every message validated with zod, the
// history checked by the session parser itself, attached files checked against their hashes. Pure: no I/O.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PROVIDER_ERROR_CODES } from '../../shared/messages.js';
import { CHAT_EXPORT_FORMAT, EXPORT_VERSION } from '../../shared/transfer.js';
import { FORMAT_VERSION, type FileLine, type SessionHeader } from '../sessions/store/session-file.js';
import { chatParamsSchema } from '../settings/settings-file.js';
import { checkHistory, type ReadConversation } from './candidate.js';
import { attachmentHashes } from './snapshot.js';
import type { TransferStrings } from './strings.js';

const timestamp = z.number().finite();
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const shortText = z.string().max(10_000);
const count = z.number().int().nonnegative();

const textPart = z.looseObject({ type: z.literal('text'), text: z.string() });
const thinkingPart = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: shortText.optional() });
const imagePart = z.looseObject({ type: z.literal('image'), data: z.string(), mimeType: shortText });
const toolCallPart = z.looseObject({
  type: z.literal('toolCall'),
  id: shortText,
  name: shortText,
  arguments: z.record(z.string(), z.unknown()),
});
const scaledImage = z.looseObject({ sha256, mimeType: shortText, size: count, width: count, height: count });
// A document's reading as its chip showed it, and which parts a sent message carried (shared/attachments.ts).
const sentParts = z.looseObject({ whole: z.boolean(), pages: z.array(count).max(100_000), labels: z.array(shortText).max(100_000) });
const attachedDocument = z.looseObject({
  kind: z.enum(['pdf', 'docx', 'odt', 'spreadsheet', 'pptx', 'epub', 'html', 'markdown', 'rtf', 'text']),
  pages: count.optional(),
  sheets: count.optional(),
  parts: count,
  tokens: count,
  sent: sentParts.optional(),
});
const attachmentPart = z.looseObject({
  type: z.literal('attachment'),
  kind: z.enum(['image', 'text', 'document']),
  sha256,
  mimeType: shortText,
  name: z.string().min(1).max(1_000),
  size: count,
  width: count.optional(),
  height: count.optional(),
  scaled: scaledImage.optional(),
  document: attachedDocument.optional(),
});
const usage = z.looseObject({ input: count, output: count, reasoning: count, cacheRead: count, totalTokens: count });
const errorCode = z.enum(PROVIDER_ERROR_CODES);
/**
 * The sources an answer cited (KnowledgeCitation): a base's passage or an attached document's part. Opening a base's
 * file still needs a base holding it; opening an attached document, the document among the attachments.
 */
const citation = z.looseObject({
  n: z.number().int().min(1).max(1000),
  kbId: z.string().max(200).optional(),
  attachment: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  file: z.string().max(4096),
  label: z.string().max(1_000),
  page: count.optional(),
  text: z.string().max(100_000),
});

/** A stored message; unknown fields are kept (a later version may add some), known ones must have their types. */
export const messageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: z.string(), timestamp }),
  z.looseObject({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart, attachmentPart]))]),
    timestamp,
  }),
  z.looseObject({
    role: z.literal('assistant'),
    content: z.array(z.discriminatedUnion('type', [textPart, thinkingPart, toolCallPart])),
    model: shortText,
    usage,
    stopReason: z.enum(['stop', 'length', 'toolUse', 'error', 'aborted']),
    errorMessage: z.string().optional(),
    errorCode: errorCode.optional(),
    refusal: z.literal(true).optional(),
    citations: z.array(citation).max(1000).optional(),
    timestamp,
  }),
  z.looseObject({
    role: z.literal('toolResult'),
    toolCallId: shortText,
    toolName: shortText,
    content: z.array(z.discriminatedUnion('type', [textPart, imagePart])),
    isError: z.boolean(),
    timestamp,
  }),
]);

const modelRef = z.strictObject({ providerId: z.string().min(1).max(100), model: z.string().min(1).max(200) });
const headerSchema = z.looseObject({
  type: z.literal('session'),
  version: z.number().int().min(1),
  id: z.string().max(100),
  createdAt: timestamp,
  systemPrompt: z.string(),
  model: shortText,
  name: shortText.optional(),
  providerId: z.string().max(100).optional(),
  params: chatParamsSchema.optional(),
});
const lineSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('message'),
    id: z.string().min(1).max(200),
    parentId: z.string().min(1).max(200).nullable(),
    runId: z.string().min(1).max(200),
    timestamp,
    message: messageSchema,
    tokens: count.optional(),
  }),
  z.looseObject({ type: z.literal('commit'), runId: z.string().min(1).max(200), count: count, timestamp, stopped: z.boolean().optional() }),
  z.looseObject({
    type: z.literal('meta'),
    timestamp,
    name: shortText.optional(),
    pinned: z.boolean().optional(),
    chat: z
      .looseObject({ model: modelRef.optional(), systemPrompt: z.string().optional(), params: chatParamsSchema.optional() })
      .optional(),
    mcpServers: z.array(z.string().max(100)).max(100).nullable().optional(),
  }),
  z.looseObject({ type: z.literal('branch'), timestamp, leaf: z.string().min(1).max(200) }),
]);

const exportSchema = z.object({
  format: z.literal(CHAT_EXPORT_FORMAT),
  version: z.number().int().min(1),
  lines: z.array(z.unknown()).min(1),
  attachments: z.record(z.string(), z.object({ mimeType: shortText, data: z.string() })).optional(),
});

/** Is `value` (parsed JSON) meant to be our chat export? (Then `readOwnExport` says whether it is a valid one.) */
export function isOwnExport(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === CHAT_EXPORT_FORMAT;
}

/** True when the export or its session lines come from a newer Tiny Agent than this one. */
export function isNewerExport(value: unknown): boolean {
  const file = value as { version?: unknown; lines?: unknown };
  if (typeof file.version === 'number' && file.version > EXPORT_VERSION) return true;
  const header = Array.isArray(file.lines) ? (file.lines[0] as { version?: unknown } | undefined) : undefined;
  return typeof header?.version === 'number' && header.version > FORMAT_VERSION;
}

/** What a report calls an exported chat: the name its summary gives, or `fallback`. */
export function ownTitle(value: unknown, fallback: string): string {
  const chat = (value as { chat?: { name?: unknown } } | null)?.chat;
  return typeof chat?.name === 'string' && chat.name ? chat.name : fallback;
}

/** One exported chat, checked through and through; `fallbackTitle` names it in a report when it has no name. */
export function readOwnExport(value: unknown, strings: TransferStrings, fallbackTitle: string): ReadConversation {
  const title = ownTitle(value, fallbackTitle);
  const fail = (reason: string): ReadConversation => ({ ok: false, failure: { title, reason } });
  const file = exportSchema.safeParse(value);
  if (!file.success) return fail(strings.badShape(describe(file.error)));
  const [first, ...rest] = file.data.lines;
  const header = headerSchema.safeParse(first);
  if (!header.success) return fail(strings.badShape(describe(header.error, 'lines.0')));
  if (header.data.version > FORMAT_VERSION) return fail(strings.newerVersion);
  const lines: FileLine[] = [];
  for (let i = 0; i < rest.length; i++) {
    const line = lineSchema.safeParse(rest[i]);
    if (!line.success) return fail(strings.badShape(describe(line.error, `lines.${i + 1}`)));
    lines.push(line.data as FileLine);
  }
  const sessionHeader = header.data as SessionHeader;
  const history = checkHistory(sessionHeader, lines, strings);
  if (!history.ok) return fail(history.problem);

  const files = new Map<string, Uint8Array>();
  const stored = file.data.attachments ?? {};
  const entries = lines.filter((line) => line.type === 'message');
  for (const hash of attachmentHashes(entries)) {
    const attached = stored[hash];
    if (!attached) continue;
    const bytes = Buffer.from(attached.data, 'base64');
    if (createHash('sha256').update(bytes).digest('hex') !== hash) return fail(strings.badAttachment(nameOf(entries, hash)));
    files.set(hash, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  return { ok: true, candidate: { title, header: sessionHeader, lines, files, bytes: history.bytes } };
}

/** The file name of the attachment whose original or scaled copy is `hash`. */
function nameOf(entries: ReadonlyArray<{ message: { role: string; content: unknown } }>, hash: string): string {
  for (const entry of entries) {
    if (entry.message.role !== 'user' || !Array.isArray(entry.message.content)) continue;
    for (const part of entry.message.content as Array<{ type: string; sha256?: string; name?: string; scaled?: { sha256: string } }>) {
      if (part.type === 'attachment' && (part.sha256 === hash || part.scaled?.sha256 === hash)) return part.name ?? hash;
    }
  }
  return hash;
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
