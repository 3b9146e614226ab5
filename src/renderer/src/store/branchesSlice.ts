// Store actions for editing a question and moving between versions; an edit starts a run like a send does
// (runsSlice's startRun), a switch is locked like an open (sessionLock.ts).
import type { StateCreator } from 'zustand';
import { showIpcError } from './bannersSlice';
import { takeComposerText } from './composerSlice';
import { committedIndex, withBranch } from './openSession';
import { without } from './records';
import { startRun } from './runsSlice';
import { upsertSummary } from './sessionList';
import { locked } from './sessionLock';
import type { AppState, BranchesSlice } from './state';

export const createBranchesSlice: StateCreator<AppState, [], [], BranchesSlice> = (set, get, store) => {
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
      set((s) => ({ composerText: takeComposerText(s.composerText, sessionId, text), errors: without(s.errors, sessionId) }));
      await startRun(store, { kind: 'edit', messageId, text });
    },

    async switchBranch(messageId, version) {
      const sessionId = idleSessionShowing(messageId);
      if (sessionId === null) return;
      // Locked like an open: nothing is sent on the old branch while main moves to the new one.
      await locked(store, async () => {
        const result = await window.api.switchBranch({ sessionId, messageId, version });
        if (!result.ok) {
          showIpcError(store, sessionId, result.error);
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
          errors: without(s.errors, sessionId),
          ...(s.currentSession.id === sessionId && { currentSession: withBranch(s.currentSession, detail, messageId) }),
        }));
      });
    },
  };
};
