// A new chat whose first send failed before anything was saved no longer exists in main (`run_end` with `discarded`):
// it becomes the new-chat draft again, with its text, files, banner and chat settings, so nothing is left behind in
// the sidebar and the person can simply try again.
import type { AttachmentPart } from '../../../shared/attachments';
import type { ChatSettingsPatch, SessionSummary } from '../../../shared/sessions';
import { DRAFT_KEY, draftSession, type OpenSession } from './openSession';
import { removeSummary } from './sessionList';

interface DiscardState<Banner> {
  sessions: SessionSummary[];
  currentSession: OpenSession;
  drafts: Record<string, string>;
  errors: Record<string, Banner>;
  composerAttachments: Record<string, AttachmentPart[]>;
  draftChat: ChatSettingsPatch;
}

/** Moves `sessionId`'s composer, files and banner to the draft key; reopens the draft if it was the open chat. */
export function discardedChatEffect<Banner>(
  s: DiscardState<Banner>,
  sessionId: string,
  chat: ChatSettingsPatch,
): Partial<DiscardState<Banner>> {
  const move = <T>(record: Record<string, T>, merge: (draft: T | undefined, moved: T) => T): Record<string, T> => {
    if (!(sessionId in record)) return record;
    const { [sessionId]: moved, ...rest } = record;
    return { ...rest, [DRAFT_KEY]: merge(rest[DRAFT_KEY], moved as T) };
  };
  const patch: Partial<DiscardState<Banner>> = {
    sessions: removeSummary(s.sessions, sessionId),
    drafts: move(s.drafts, (draft, moved) => (draft?.trim() && !draft.includes(moved) ? `${moved}\n\n${draft}` : moved)),
    errors: move(s.errors, (_draft, moved) => moved),
    composerAttachments: move(s.composerAttachments, (draft, moved) => [...moved, ...(draft ?? [])]),
  };
  if (s.currentSession.id !== sessionId) return patch;
  return { ...patch, currentSession: draftSession(), draftChat: chat };
}
