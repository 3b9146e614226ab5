// A session as export reads it: the committed lines of its file (a torn tail or a run being written is left out),
// what they mean, and the attached files they name. Read without taking the store's lock: appends are whole
// writes of committed lines, so a read racing one sees either the old end or a torn tail, which parsing drops.
import fs from 'node:fs/promises';
import { attachmentsOf } from '../../shared/attachments.js';
import { AppError } from '../../shared/errors.js';
import {
  parseSessionFile,
  shownBranch,
  summarize,
  type FileLine,
  type MessageEntry,
  type ParsedSession,
  type SummaryFields,
} from '../sessions/store/session-file.js';

export interface SessionSnapshot {
  /** Every committed line in file order, the header first. */
  lines: FileLine[];
  parsed: ParsedSession;
}

/** Reads `file` (the session `id`); an unreadable file is an AppError with `unreadable` as its message. */
export async function readSnapshot(file: string, id: string, unreadable: string): Promise<SessionSnapshot> {
  const bytes = await fs.readFile(file);
  const result = parseSessionFile(bytes, id);
  if (!result.ok) throw new AppError('storage', unreadable);
  const parsed = result.session;
  const text = bytes.subarray(0, parsed.validLength).toString('utf8');
  const lines = text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as FileLine);
  return { lines, parsed };
}

/** Hashes of every stored file the messages reference (originals and scaled copies), each once, in order. */
export function attachmentHashes(entries: readonly MessageEntry[]): string[] {
  const hashes = new Set<string>();
  for (const entry of entries) {
    if (entry.message.role !== 'user') continue;
    for (const part of attachmentsOf(entry.message.content)) {
      hashes.add(part.sha256);
      if (part.scaled) hashes.add(part.scaled.sha256);
    }
  }
  return [...hashes];
}

/** What the sidebar would say of the chat: its name, times, model and message count. */
export function snapshotSummary(parsed: ParsedSession): SummaryFields {
  return summarize({
    header: parsed.header,
    name: parsed.name,
    branch: shownBranch(parsed),
    updatedAt: parsed.updatedAt,
    pinned: parsed.pinned,
  });
}
