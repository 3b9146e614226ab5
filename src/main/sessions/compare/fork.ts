// "New chat from here": the lines of a new chat holding the shown branch up to one message, with the source chat's
// settings and a link back to it. Pure: the service writes them (one atomic create) and references the files.
import { randomUUID } from 'node:crypto';
import { attachmentsOf, type AttachmentPart } from '../../../shared/attachments.js';
import type { ForkOrigin } from '../../../shared/compare.js';
import type { Loaded } from '../session-context.js';
import { FORMAT_VERSION, type FileLine, type MessageEntry, type SessionHeader } from '../store/session-file.js';

export interface ForkPlan {
  header: SessionHeader;
  lines: FileLine[];
  /** Files the copied messages show: the new chat references them too (never copies them). */
  attachments: AttachmentPart[];
}

/** The new chat of `loaded`'s shown branch up to and including `upTo` (its index on the branch), named `name`. */
export function forkPlan(loaded: Loaded, sourceId: string, upTo: number, name: string, createdAt: number): ForkPlan {
  const entries = loaded.branch.slice(0, upTo + 1);
  const origin: ForkOrigin = { sessionId: sourceId, messageId: entries[entries.length - 1]!.id };
  const { chat } = loaded;
  const header: SessionHeader = {
    type: 'session',
    version: FORMAT_VERSION,
    id: randomUUID(),
    createdAt,
    systemPrompt: chat.systemPrompt,
    model: chat.model?.model ?? loaded.header.model,
    ...(chat.model && { providerId: chat.model.providerId }),
    ...(Object.keys(chat.params).length > 0 && { params: chat.params }),
    name,
    forkedFrom: origin,
  };
  const lines: FileLine[] = [];
  // One commit per run of the source, as far as the fork goes: the copy reads like the chat it came from.
  let group: MessageEntry[] = [];
  const close = () => {
    if (!group.length) return;
    lines.push(...group, { type: 'commit', runId: group[0]!.runId, count: group.length, timestamp: group[group.length - 1]!.timestamp });
    group = [];
  };
  for (const entry of entries) {
    if (group.length && group[0]!.runId !== entry.runId) close();
    group.push(entry);
  }
  close();
  if (chat.compareModels) lines.push({ type: 'meta', timestamp: createdAt, chat: { compareModels: chat.compareModels } });
  const attachments = entries.flatMap((entry) => (entry.message.role === 'user' ? attachmentsOf(entry.message.content) : []));
  return { header, lines, attachments };
}
