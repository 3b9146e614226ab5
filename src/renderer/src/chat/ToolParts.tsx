// Tool calls and tool results, shown compactly: a one-line summary that opens to the full text.
import { useMemo, type JSX } from 'react';
import type { ToolCallPart, ToolResultMessage } from '../../../shared/messages';
import { useT } from '../i18n';

/** Tool output longer than this shows its beginning (copying the message still gets all of it). */
export const TOOL_TEXT_LIMIT = 20_000;

/** A tool call: its name, opening to its arguments as JSON. */
export function ToolCall({ part }: { part: ToolCallPart }): JSX.Element {
  const t = useT();
  const args = useMemo(() => JSON.stringify(part.arguments, null, 2), [part.arguments]);
  return (
    <details className="msg-tool">
      <summary>{t('chat.toolCall', { name: part.name })}</summary>
      <pre className="msg-tool-text">{args}</pre>
    </details>
  );
}

/** A tool's result: its name (marked when it failed), opening to its text. */
export function ToolResult({ message, text }: { message: ToolResultMessage; text: string }): JSX.Element {
  const t = useT();
  const shown = text.length > TOOL_TEXT_LIMIT ? text.slice(0, TOOL_TEXT_LIMIT) : text;
  return (
    <details className={message.isError ? 'msg-tool msg-tool-error' : 'msg-tool'}>
      <summary>{message.isError ? t('chat.toolError', { name: message.toolName }) : t('chat.toolResult', { name: message.toolName })}</summary>
      <pre className="msg-tool-text" data-testid="message-content">
        {shown}
      </pre>
      {shown.length < text.length && <p className="msg-note">{t('chat.truncated', { shown: shown.length, total: text.length })}</p>}
    </details>
  );
}
