// A new chat whose first send failed before anything was saved no longer exists in main (`run_end` with `discarded`):
// it becomes the new chat again, with its composer text, files, banner and chat settings, so nothing is left behind in
// the sidebar and the person can simply try again.
import type { AttachmentPart } from '../../../shared/attachments';
import type { ChatSettingsPatch, SessionSummary } from '../../../shared/sessions';
import { NEW_CHAT_KEY, newChatSession, type OpenSession } from './openSession';
import { removeSummary } from './sessionList';

interface DiscardState<Banner> {
  sessions: SessionSummary[];
  currentSession: OpenSession;
  composerText: Record<string, string>;
  errors: Record<string, Banner>;
  composerAttachments: Record<string, AttachmentPart[]>;
  newChatSettings: ChatSettingsPatch;
}

/** Moves `sessionId`'s composer text, files and banner to the new chat's key; reopens the new chat if it was the open one. */
export function discardedChatEffect<Banner>(
  s: DiscardState<Banner>,
  sessionId: string,
  chat: ChatSettingsPatch,
): Partial<DiscardState<Banner>> {
  const move = <T>(record: Record<string, T>, merge: (kept: T | undefined, moved: T) => T): Record<string, T> => {
    if (!(sessionId in record)) return record;
    const { [sessionId]: moved, ...rest } = record;
    return { ...rest, [NEW_CHAT_KEY]: merge(rest[NEW_CHAT_KEY], moved as T) };
  };
  const patch: Partial<DiscardState<Banner>> = {
    sessions: removeSummary(s.sessions, sessionId),
    composerText: move(s.composerText, (kept, moved) => (kept?.trim() && !kept.includes(moved) ? `${moved}\n\n${kept}` : moved)),
    errors: move(s.errors, (_kept, moved) => moved),
    composerAttachments: move(s.composerAttachments, (kept, moved) => [...moved, ...(kept ?? [])]),
  };
  if (s.currentSession.id !== sessionId) return patch;
  return { ...patch, currentSession: newChatSession(), newChatSettings: chat };
}
