// One conversation read from an import file, validated and ready to become a new session — or why it cannot.
// Readers (own JSON, ChatGPT) produce these; the service stores each one whole or not at all.
import type { ImportFailure, LeftOut } from '../../shared/transfer.js';
import type { TransferStrings } from './strings.js';
import { parseSessionFile, serializeLines, type FileLine, type SessionHeader } from '../sessions/store/session-file.js';

export interface ImportCandidate {
  /** Its title, for reports. */
  title: string;
  /** Its header as read; the session gets a new id when it is stored. */
  header: SessionHeader;
  /** Every line after the header, committed content only. */
  lines: FileLine[];
  /** Bytes of the attached files its messages name, by sha256 (a file absent here is shown as missing). */
  files: Map<string, Uint8Array>;
  /** What the file held that the session does not (absent: nothing). */
  leftOut?: LeftOut;
  /** The size its session file will have, as checked: what batches of candidates sent to main are bounded by. */
  bytes: number;
}

export type ReadConversation = { ok: true; candidate: ImportCandidate } | { ok: false; failure: ImportFailure };

/**
 * Deepest nesting a conversation's data may have. Serializing, storing, indexing and showing a message all walk its
 * data recursively; JSON nested ~5,000 levels (a tool call's arguments, say) overflows those walks. No real chat
 * comes near a thousand.
 */
export const MAX_NESTING = 1_000;

/**
 * Whether `header` + `lines` would be a whole session file — no data nested past MAX_NESTING, and every line taken by
 * the session parser (parents before children, each run closed by its commit, branch lines naming stored messages),
 * nothing left over as a torn tail — and its size when it is; why not (in the person's words) when it is not.
 */
export function checkHistory(
  header: SessionHeader,
  lines: readonly FileLine[],
  strings: TransferStrings,
): { ok: true; bytes: number } | { ok: false; problem: string } {
  if (nestedPast(lines, MAX_NESTING)) return { ok: false, problem: strings.tooDeep(MAX_NESTING) };
  const bytes = Buffer.from(serializeLines([header, ...lines]));
  const result = parseSessionFile(bytes, header.id);
  if (!result.ok) return { ok: false, problem: strings.brokenHistory(result.failure.detail) };
  if (result.session.validLength !== bytes.length) return { ok: false, problem: strings.brokenHistory('the last run has no commit line') };
  return { ok: true, bytes: bytes.length };
}

/** Whether `value` holds arrays or objects nested more than `limit` deep; walked with a stack, so any depth is safe. */
export function nestedPast(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
