// Our own chat export: one chat as one JSON file, lossless and importable.
//
// It carries the session file's committed lines as they are — the header (whose `version` is the session format),
// every message of every branch with its ids and parents, commit, rename, pin, chat-settings, MCP and branch lines
// — so import rebuilds exactly the same chat. Attached files travel inside it, base64, keyed by their sha256: one
// file is a whole chat, whichever machine opens it. A `chat` summary at the top is for people and other tools to
// read; import ignores it (the lines are the truth).
import { CHAT_EXPORT_FORMAT, EXPORT_VERSION } from '../../shared/transfer.js';
import type { FileLine } from '../sessions/store/session-file.js';
import { snapshotSummary, type SessionSnapshot } from './snapshot.js';

export interface ExportedFile {
  mimeType: string;
  /** The bytes, base64. */
  data: string;
}

export interface ChatExportFile {
  format: typeof CHAT_EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  chat: { name: string; createdAt: string; updatedAt: string; model: string; messages: number; pinned: boolean };
  lines: FileLine[];
  attachments: Record<string, ExportedFile>;
}

/** The export of one chat; `files` holds the attached files that could be read (a lost one is simply absent). */
export function chatExport(
  snapshot: SessionSnapshot,
  files: ReadonlyMap<string, { mimeType: string; bytes: Uint8Array }>,
  now: Date,
  untitled: string,
): ChatExportFile {
  const { parsed } = snapshot;
  const summary = snapshotSummary(parsed);
  const attachments: Record<string, ExportedFile> = {};
  for (const [sha256, file] of files) attachments[sha256] = { mimeType: file.mimeType, data: Buffer.from(file.bytes).toString('base64') };
  return {
    format: CHAT_EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    chat: {
      name: summary.name || untitled,
      createdAt: new Date(summary.createdAt).toISOString(),
      updatedAt: new Date(summary.updatedAt).toISOString(),
      model: summary.model,
      messages: summary.messageCount - 1,
      pinned: parsed.pinned,
    },
    lines: snapshot.lines,
    attachments,
  };
}

/** Pretty-printed: an export is read by people too; a chat is small next to its attachments. */
export function chatExportText(file: ChatExportFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
