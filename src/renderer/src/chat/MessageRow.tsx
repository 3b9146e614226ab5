// One message of the conversation. Memoized on its props (the message object and a few plain values): a message
// object is replaced only when that message changes, so while one answer streams, or after a switch to another
// version, only the rows that changed render. What a row may do (edit, regenerate, switch) comes by context.
import { memo, type JSX } from 'react';
import {
  messageText,
  messageThinking,
  type AssistantMessage,
  type Message,
  type ToolCallPart,
  type UserMessage,
} from '../../../shared/messages';
import { attachmentsOf } from '../../../shared/attachments';
import type { WebSource } from '../../../shared/web-tools';
import { MessageAttachments } from '../attachments/MessageAttachments';
import { useT } from '../i18n';
import { AnswerPreviewButton } from '../preview/AnswerPreviewButton';
import { CopyButton } from './CopyButton';
import { FailedNote } from './FailedNote';
import { Markdown } from './Markdown';
import { MessageMeta } from './MessageMeta';
import { Reasoning } from './Reasoning';
import { AnswerSources } from './sources/AnswerSources';
import { countRowRender } from './renderCounter';
import { ToolCallBlock } from './tools/ToolCallBlock';
import { BranchSwitch } from './versions/BranchSwitch';
import { EditBox } from './versions/EditBox';
import { useRowActions } from './versions/rowActions';
import { ForkButton } from './versions/ForkButton';
import './versions/versions.css';

export interface MessageRowProps {
  message: Message;
  /** Position in the list; keys the render counter. */
  index: number;
  /** This is the answer being written now. */
  streaming: boolean;
  /** Stored id; absent while the message is not saved. */
  messageId?: string;
  /** Its position among the versions at its point (1-based) and how many there are. */
  version?: number;
  versions?: number;
  /** An answer that ends a turn: Regenerate is offered on it when nothing runs. */
  regenerable?: boolean;
  /** Shown from a run that failed: not saved (the list says so once, under the last of them). */
  unsaved?: boolean;
  /** The web sources this answer lists under it (sources/answerSourcesMap.ts); absent: none. */
  sources?: readonly WebSource[];
}

/** The plain values a row takes besides its message. */
type RowPlace = Omit<MessageRowProps, 'message' | 'index' | 'streaming'>;

/** A message as a row; system messages render nothing. */
export const MessageRow = memo(function MessageRow({ message, index, streaming, ...place }: MessageRowProps): JSX.Element | null {
  countRowRender(index);
  switch (message.role) {
    case 'user':
      return <UserRow message={message} place={place} />;
    case 'assistant':
      return <AssistantRow message={message} streaming={streaming} place={place} />;
    case 'toolResult':
      // Shown inside the block of the call it answers (chat/tools/ToolCallBlock).
      return null;
    default:
      return null;
  }
});

function UserRow({ message, place }: { message: UserMessage; place: RowPlace }): JSX.Element {
  const t = useT();
  const text = messageText(message);
  const images = typeof message.content === 'string' ? [] : message.content.filter((part) => part.type === 'image');
  const { editing } = useRowActions();
  if (place.messageId !== undefined && editing === place.messageId) {
    return (
      <article className="msg msg-user msg-editing" data-testid="message" data-role="user" aria-label={t('chat.role.user')}>
        <EditBox messageId={place.messageId} original={text} />
      </article>
    );
  }
  const attachments = attachmentsOf(message.content);
  return (
    <article
      className="msg msg-user"
      data-testid="message"
      data-role="user"
      data-unsaved={place.unsaved || undefined}
      aria-label={t('chat.role.user')}
    >
      <div className="msg-bubble">
        {/* Plain text, never HTML: what the person typed is shown exactly, newlines included. */}
        {attachments.length > 0 && <MessageAttachments parts={attachments} />}
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
        <Versions place={place} />
        <CopyButton text={() => text} testId="message-copy" />
        {place.messageId !== undefined && <EditButton messageId={place.messageId} />}
        {place.messageId !== undefined && <ForkButton messageId={place.messageId} />}
      </div>
    </article>
  );
}

function EditButton({ messageId }: { messageId: string }): JSX.Element | null {
  const t = useT();
  const { idle, saveEdit, startEdit } = useRowActions();
  if (!saveEdit) return null;
  return (
    <button
      type="button"
      className="msg-action"
      data-testid="message-edit"
      title={t('branches.editHint')}
      disabled={!idle}
      onClick={() => startEdit(messageId)}
    >
      {t('branches.edit')}
    </button>
  );
}

function RegenerateButton({ messageId }: { messageId: string | undefined }): JSX.Element | null {
  const t = useT();
  const { idle, regenerate } = useRowActions();
  if (!regenerate || !idle) return null;
  return (
    <button
      type="button"
      className="msg-action"
      data-testid="message-regenerate"
      title={t('chat.regenerateHint')}
      onClick={() => regenerate(messageId)}
    >
      {t('chat.regenerate')}
    </button>
  );
}

function Versions({ place }: { place: RowPlace }): JSX.Element | null {
  const { messageId, version, versions } = place;
  if (messageId === undefined || version === undefined || versions === undefined || versions < 2) return null;
  return <BranchSwitch messageId={messageId} version={version} versions={versions} />;
}

function AssistantRow({ message, streaming, place }: { message: AssistantMessage; streaming: boolean; place: RowPlace }): JSX.Element {
  const t = useT();
  const text = messageText(message);
  const thinking = messageThinking(message);
  const toolCalls = message.content.filter((part): part is ToolCallPart => part.type === 'toolCall');
  const thinkingNow = streaming && message.content.at(-1)?.type === 'thinking';
  const nothingYet = streaming && text === '' && thinking === '' && toolCalls.length === 0;
  return (
    <article
      className="msg msg-assistant"
      data-testid="message"
      data-role="assistant"
      data-unsaved={place.unsaved || undefined}
      aria-label={t('chat.role.assistant')}
      aria-busy={streaming || undefined}
    >
      {thinking !== '' && <Reasoning text={thinking} streaming={thinkingNow} />}
      {message.refusal && (
        <p className="msg-refusal" data-testid="message-refusal" title={t('chat.refusalHint')}>
          {t('chat.refusal')}
        </p>
      )}
      <div className="md" data-testid="message-content">
        <Markdown source={message} text={text} streaming={streaming} citations={message.citations} />
      </div>
      {toolCalls.map((part) => (
        <ToolCallBlock key={part.id} part={part} />
      ))}
      {!streaming && place.sources && <AnswerSources sources={place.sources} />}
      {nothingYet && <p className="msg-generating">{t('chat.generating')}</p>}
      {message.stopReason === 'aborted' && (
        <p className="msg-stopped" title={t('chat.stoppedHint')}>
          {t('chat.stopped')}
        </p>
      )}
      {/* A failed run's own answer: the list says why once, under it (InterruptedNote). */}
      {message.stopReason === 'error' && !place.unsaved && <FailedNote message={message} />}
      {!streaming && <MessageMeta message={message} />}
      {!streaming && (
        <div className="msg-actions">
          <Versions place={place} />
          <AnswerPreviewButton text={text} />
          <CopyButton text={() => text} testId="message-copy" />
          {place.regenerable && <RegenerateButton messageId={place.messageId} />}
          {place.messageId !== undefined && <ForkButton messageId={place.messageId} />}
        </div>
      )}
    </article>
  );
}
