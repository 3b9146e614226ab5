// One conversation read from an import file, validated and ready to become a new session — or why it cannot.
// Readers (own JSON, ChatGPT) produce these; the service stores each one whole or not at all.
import type { ImportFailure } from '../../shared/transfer.js';
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
}

export type ReadConversation = { ok: true; candidate: ImportCandidate } | { ok: false; failure: ImportFailure };

/**
 * Why `header` + `lines` would not be a whole session file, or undefined when they are: every line must be taken
 * by the session parser (parents before children, each run closed by its commit, branch lines naming stored
 * messages), nothing may be left over as a torn tail.
 */
export function historyProblem(header: SessionHeader, lines: readonly FileLine[]): string | undefined {
  const bytes = Buffer.from(serializeLines([header, ...lines]));
  const result = parseSessionFile(bytes, header.id);
  if (!result.ok) return result.failure.detail;
  if (result.session.validLength !== bytes.length) return 'the last run has no commit line';
  return undefined;
}
