// One message of the conversation. Memoized on its props: a message object is replaced only when that message
// changes, so while one answer streams no other row renders.
import { memo, type JSX } from 'react';
import { messageText, messageThinking, type AssistantMessage, type Message, type ToolCallPart, type UserMessage } from '../../../shared/messages';
import { useT } from '../i18n';
import { CopyButton } from './CopyButton';
import { Markdown } from './Markdown';
import { Reasoning } from './Reasoning';
import { countRowRender } from './renderCounter';
import { ToolCallBlock } from './tools/ToolCallBlock';

export interface MessageRowProps {
  message: Message;
  /** Position in the list; keys the render counter. */
  index: number;
  /** This is the answer being written now. */
  streaming: boolean;
  /** Given only to the row that offers Regenerate. */
  onRegenerate?: () => void;
}

/** A message as a row; system messages render nothing. */
export const MessageRow = memo(function MessageRow({ message, index, streaming, onRegenerate }: MessageRowProps): JSX.Element | null {
  countRowRender(index);
  switch (message.role) {
    case 'user':
      return <UserRow message={message} />;
    case 'assistant':
      return <AssistantRow message={message} streaming={streaming} onRegenerate={onRegenerate} />;
    case 'toolResult':
      // Shown inside the block of the call it answers (chat/tools/ToolCallBlock).
      return null;
    default:
      return null;
  }
});

function UserRow({ message }: { message: UserMessage }): JSX.Element {
  const t = useT();
  const text = messageText(message);
  const images = typeof message.content === 'string' ? [] : message.content.filter((part) => part.type === 'image');
  return (
    <article className="msg msg-user" data-testid="message" data-role="user" aria-label={t('chat.role.user')}>
      <div className="msg-bubble">
        {/* Plain text, never HTML: what the person typed is shown exactly, newlines included. */}
        <div className="msg-user-text" data-testid="message-content">
          {text}
        </div>
        {images.map((image, i) => (
          <span key={i} className="msg-attachment">
            {t('chat.image', { type: image.mimeType })}
          </span>
        ))}
      </div>
      <div className="msg-actions">
        <CopyButton text={() => text} testId="message-copy" />
      </div>
    </article>
  );
}

function AssistantRow({ message, streaming, onRegenerate }: { message: AssistantMessage; streaming: boolean; onRegenerate?: () => void }): JSX.Element {
  const t = useT();
  const text = messageText(message);
  const thinking = messageThinking(message);
  const toolCalls = message.content.filter((part): part is ToolCallPart => part.type === 'toolCall');
  const thinkingNow = streaming && message.content.at(-1)?.type === 'thinking';
  const nothingYet = streaming && text === '' && thinking === '' && toolCalls.length === 0;
  return (
    <article className="msg msg-assistant" data-testid="message" data-role="assistant" aria-label={t('chat.role.assistant')} aria-busy={streaming || undefined}>
      {thinking !== '' && <Reasoning text={thinking} streaming={thinkingNow} />}
      <div className="md" data-testid="message-content">
        <Markdown source={message} text={text} streaming={streaming} />
      </div>
      {toolCalls.map((part) => (
        <ToolCallBlock key={part.id} part={part} />
      ))}
      {nothingYet && <p className="msg-generating">{t('chat.generating')}</p>}
      {message.stopReason === 'aborted' && (
        <p className="msg-stopped" title={t('chat.stoppedHint')}>
          {t('chat.stopped')}
        </p>
      )}
      {message.stopReason === 'error' && <p className="msg-failed">{message.errorMessage ?? t('chat.failed')}</p>}
      {!streaming && (
        <div className="msg-actions">
          <CopyButton text={() => text} testId="message-copy" />
          {onRegenerate && (
            <button type="button" className="msg-action" data-testid="message-regenerate" title={t('chat.regenerateHint')} onClick={onRegenerate}>
              {t('chat.regenerate')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
