// Store actions for editing a question and moving between versions. Combined into appState, with the few appState
// helpers they share (starting a run, the loading lock, the error banner) handed in.
import type { StoreApi } from 'zustand';
import type { IpcErrorCode } from '../../../shared/errors';
import type { AppState } from './appState';
import { committedIndex, withBranch, type RunRequest } from './openSession';
import { upsertSummary } from './sessionList';

export interface BranchActions {
  /** Sends `text` as a new version of the question `messageId` and answers it; the old version stays one click away. */
  editMessage(messageId: string, text: string): Promise<void>;
  /** Shows version `version` (1-based) of the point where `messageId` sits, as main saved it. */
  switchBranch(messageId: string, version: number): Promise<void>;
}

/** What the branch actions borrow from appState. */
export interface BranchDeps {
  startRun(request: RunRequest): Promise<void>;
  locked<T>(work: () => Promise<T>): Promise<T>;
  ipcError(key: string, error: { code: IpcErrorCode; message: string }): void;
  takeDraft(drafts: Record<string, string>, key: string, text: string): Record<string, string>;
  without<T>(record: Record<string, T>, key: string): Record<string, T>;
}

export function createBranchActions(
  set: StoreApi<AppState>['setState'],
  get: StoreApi<AppState>['getState'],
  deps: BranchDeps,
): BranchActions {
  /** Edits and switches need an idle, stored session that shows `messageId`. */
  const idleSessionShowing = (messageId: string): string | null => {
    const { currentSession, isTyping, isSessionLoading } = get();
    if (isTyping || isSessionLoading || currentSession.id === null) return null;
    return committedIndex(currentSession, messageId) < 0 ? null : currentSession.id;
  };

  return {
    async editMessage(messageId, raw) {
      const text = raw.trim();
      const sessionId = idleSessionShowing(messageId);
      if (!text || sessionId === null) return;
      // A retried edit takes its text back out of the composer it was restored to.
      set((s) => ({ drafts: deps.takeDraft(s.drafts, sessionId, text), errors: deps.without(s.errors, sessionId) }));
      await deps.startRun({ kind: 'edit', messageId, text });
    },

    async switchBranch(messageId, version) {
      const sessionId = idleSessionShowing(messageId);
      if (sessionId === null) return;
      // Locked like an open: nothing is sent on the old branch while main moves to the new one.
      await deps.locked(async () => {
        const result = await window.api.switchBranch({ sessionId, messageId, version });
        if (!result.ok) {
          deps.ipcError(sessionId, result.error);
          return;
        }
        const detail = result.value;
        const {
          messages: _messages,
          refs: _refs,
          start: _start,
          total: _total,
          around: _around,
          systemPrompt: _prompt,
          activeRun: _run,
          draft: _draft,
          ...summary
        } = detail;
        set((s) => ({
          sessions: upsertSummary(s.sessions, summary),
          // The failed run and its banner belonged to the branch that was shown.
          errors: deps.without(s.errors, sessionId),
          ...(s.currentSession.id === sessionId && { currentSession: withBranch(s.currentSession, detail, messageId) }),
        }));
      });
    },
  };
}
