// Connects the conversation view (chat/, built against chat/types.ts) to the store.
import type { JSX } from 'react';
import type { ScrollAnchor } from '../../../shared/ui-state';
import { MessageList } from '../chat/MessageList';
import { InterruptedNote } from './InterruptedNote';
import { selectCurrentKey, useAppState, type AppState } from '../store/appState';
import { unsavedFrom } from '../store/openSession';

/** One element for every render, so the list is not handed a new one each time. */
const INTERRUPTED = <InterruptedNote />;

/** Edit, regenerate and version switches are offered when the open session is stored and idle. */
const selectIdle = (s: AppState): boolean => !s.isTyping && !s.isSessionLoading && s.currentSession.id !== null;

export function Conversation(): JSX.Element {
  const sessionKey = useAppState(selectCurrentKey);
  const messages = useAppState((s) => s.currentSession.messages);
  const refs = useAppState((s) => s.currentSession.refs);
  const streamingIndex = useAppState((s) => s.currentSession.streamingIndex);
  const unsaved = useAppState((s) => unsavedFrom(s.currentSession));
  const idle = useAppState(selectIdle);
  const regenerate = useAppState((s) => s.regenerate);
  const editMessage = useAppState((s) => s.editMessage);
  const switchBranch = useAppState((s) => s.switchBranch);
  const forkFrom = useAppState((s) => s.forkFrom);
  const openLink = useAppState((s) => s.openLink);
  const sessionId = useAppState((s) => s.currentSession.id);
  const scrollAnchorOf = useAppState((s) => s.scrollAnchorOf);
  const reportScrollAnchor = useAppState((s) => s.reportScrollAnchor);
  const loadRows = useAppState((s) => s.loadRows);
  const sends = useAppState((s) => s.sends);
  const focus = useAppState((s) => (s.focus && s.focus.sessionId === s.currentSession.id ? s.focus : null));
  return (
    <MessageList
      sessionKey={sessionKey}
      messages={messages}
      refs={refs}
      streamingIndex={streamingIndex}
      unsavedFrom={unsaved}
      interrupted={INTERRUPTED}
      idle={idle}
      onRegenerate={regenerate}
      onEdit={editMessage}
      onSwitchVersion={switchBranch}
      onFork={forkFrom}
      onOpenLink={openLink}
      onNeedRows={loadRows}
      focus={focus}
      sent={sends}
      {...(sessionId !== null && {
        scrollAnchor: scrollAnchorOf(sessionId),
        onScrollAnchor: (anchor: ScrollAnchor) => reportScrollAnchor(sessionId, anchor),
      })}
    />
  );
}
