// Connects the conversation view (chat/, built against chat/types.ts) to the store.
import type { JSX } from 'react';
import { MessageList } from '../chat/MessageList';
import { selectCurrentKey, useAppState, type AppState } from '../store/appState';

/** Regenerate is offered when the open session is idle and ends with an answer. */
const selectCanRegenerate = (s: AppState): boolean =>
  !s.isTyping && !s.isSessionLoading && s.currentSession.id !== null && s.currentSession.messages.at(-1)?.role === 'assistant';

export function Conversation(): JSX.Element {
  const sessionKey = useAppState(selectCurrentKey);
  const messages = useAppState((s) => s.currentSession.messages);
  const streamingIndex = useAppState((s) => s.currentSession.streamingIndex);
  const canRegenerate = useAppState(selectCanRegenerate);
  const regenerate = useAppState((s) => s.regenerate);
  const openLink = useAppState((s) => s.openLink);
  const focus = useAppState((s) => (s.focus && s.focus.sessionId === s.currentSession.id ? s.focus : null));
  return (
    <MessageList
      sessionKey={sessionKey}
      messages={messages}
      streamingIndex={streamingIndex}
      onRegenerate={canRegenerate ? regenerate : undefined}
      onOpenLink={openLink}
      focus={focus}
    />
  );
}
