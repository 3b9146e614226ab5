// Stands in for components/Conversation in shell tests (the conversation view is another engineer's and is tested
// on its own): renders what the store hands the view, and counts how often it renders.
import type { JSX } from 'react';
import { messageText } from '../../src/shared/messages';
import { useAppState } from '../../src/renderer/src/store/appState';

export const conversationRenders = { count: 0 };

export function Conversation(): JSX.Element {
  const messages = useAppState((s) => s.currentSession.messages);
  conversationRenders.count++;
  return (
    <div data-testid="message-list">
      {messages.map((message, index) =>
        message ? (
          <div key={index} data-testid="message" data-role={message.role}>
            {messageText(message)}
          </div>
        ) : (
          <div key={index} data-testid="message-placeholder" />
        ),
      )}
    </div>
  );
}
