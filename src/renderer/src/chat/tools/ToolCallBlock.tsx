// One tool call as a collapsible block: tool and server, arguments, state, the approval buttons while it waits,
// its result (text shortened with "show all", images as thumbnails) and how long it took. Live state comes from
// the store while the run goes on; after that, and after a restart, from the stored result.
import { useMemo, useState, type JSX } from 'react';
import { TOOL_NAME_SEPARATOR, type McpToolResultDetails, type ToolCallStatus } from '../../../../shared/mcp';
import { messageText, type ToolCallPart, type ToolResultMessage } from '../../../../shared/messages';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { ToolProgress } from './ToolProgress';
import { useToolResult } from './toolResults';
import './tools.css';

/** Result text shown before "show all". */
export const RESULT_PREVIEW_CHARS = 1_500;

export function ToolCallBlock({ part }: { part: ToolCallPart }): JSX.Element {
  const t = useT();
  const result = useToolResult(part.id);
  const live = useAppState((s) => s.toolCalls[part.id]);
  const sessionId = useAppState((s) => s.currentSession.id);
  const running = useAppState((s) => s.isTyping);
  const waiting = useAppState((s) => (sessionId ? (s.approvals[sessionId]?.includes(part.id) ?? false) : false));
  const approve = useAppState((s) => s.approveTool);

  const details = result?.details as Partial<McpToolResultDetails> | undefined;
  const [fallbackServer, fallbackTool] = splitName(part.name);
  const server = live?.server ?? details?.server ?? fallbackServer;
  const tool = live?.tool ?? details?.tool ?? fallbackTool;
  const status: ToolCallStatus = result ? resultStatus(result) : waiting ? 'approval' : liveStatus(live?.status, running);
  const durationMs = details?.durationMs ?? (live?.endedAt !== undefined ? live.endedAt - live.startedAt : undefined);
  const args = useMemo(() => JSON.stringify(part.arguments, null, 2), [part.arguments]);
  const [open, setOpen] = useState(false);

  return (
    <details
      className={`tool-call tool-status-${status}`}
      data-testid="tool-call"
      data-tool={tool}
      data-status={status}
      open={open || status === 'approval'}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <span className="tool-badge">{t(`tools.status.${status}`)}</span>
        <span className="tool-name">{tool}</span>
        {server && <span className="tool-server">{t('tools.onServer', { server })}</span>}
        {status === 'running' && live?.progress && <ToolProgress progress={live.progress} />}
        {durationMs !== undefined && <span className="tool-duration">{formatDuration(durationMs)}</span>}
      </summary>
      <div className="tool-body">
        <div className="tool-label">{t('tools.arguments')}</div>
        <pre className="tool-pre">{args}</pre>
        {status === 'approval' && sessionId && (
          <div className="tool-approval" role="group" aria-label={t('tools.approvalPrompt', { tool, server })}>
            <p>{t('tools.approvalPrompt', { tool, server })}</p>
            <button
              type="button"
              className="button primary"
              data-testid="tool-approve"
              onClick={() => void approve(sessionId, part.id, 'once')}
            >
              {t('tools.approve')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="tool-approve-always"
              onClick={() => void approve(sessionId, part.id, 'always')}
            >
              {t('tools.approveAlways')}
            </button>
            <button
              type="button"
              className="button danger"
              data-testid="tool-deny"
              onClick={() => void approve(sessionId, part.id, 'deny')}
            >
              {t('tools.deny')}
            </button>
          </div>
        )}
        {result && <ToolResultView result={result} tool={tool} />}
      </div>
    </details>
  );
}

function ToolResultView({ result, tool }: { result: ToolResultMessage; tool: string }): JSX.Element {
  const t = useT();
  const [showAll, setShowAll] = useState(false);
  const text = messageText(result);
  const shown = showAll || text.length <= RESULT_PREVIEW_CHARS ? text : `${text.slice(0, RESULT_PREVIEW_CHARS)}…`;
  const images = result.content.filter((part) => part.type === 'image');
  const originalChars = (result.details as Partial<McpToolResultDetails> | undefined)?.originalChars;
  return (
    <div className="tool-result" data-testid="tool-result">
      <div className="tool-label">{result.isError ? t('tools.error') : t('tools.result')}</div>
      {text !== '' && <pre className="tool-pre">{shown}</pre>}
      {text.length > RESULT_PREVIEW_CHARS && (
        <button type="button" className="tool-more" onClick={() => setShowAll(!showAll)}>
          {showAll ? t('tools.showLess') : t('tools.showAll', { total: text.length })}
        </button>
      )}
      {originalChars !== undefined && <p className="tool-note">{t('tools.shortened', { total: originalChars, shown: text.length })}</p>}
      {images.length > 0 && (
        <div className="tool-images">
          {images.map((image, i) => (
            // data: URLs only (the CSP allows no remote images); the main process accepted png/jpeg/gif/webp only.
            <a
              key={i}
              className="tool-thumb"
              href={`data:${image.mimeType};base64,${image.data}`}
              target="_blank"
              rel="noreferrer"
              onClick={(e) => e.preventDefault()}
            >
              <img src={`data:${image.mimeType};base64,${image.data}`} alt={t('tools.image', { tool })} />
            </a>
          ))}
        </div>
      )}
    </div>
  );
}

/** Without a stored result: main's last word, except an approval already answered here (main confirms shortly). */
function liveStatus(status: ToolCallStatus | undefined, running: boolean): ToolCallStatus {
  if (status === 'approval') return 'running';
  return status ?? (running ? 'running' : 'failed');
}

function resultStatus(result: ToolResultMessage): ToolCallStatus {
  if ((result.details as Partial<McpToolResultDetails> | undefined)?.denied) return 'denied';
  return result.isError ? 'failed' : 'done';
}

/** `server__tool` → [server, tool]; a name without the separator is a tool of no known server. */
function splitName(name: string): [string, string] {
  const at = name.indexOf(TOOL_NAME_SEPARATOR);
  return at > 0 ? [name.slice(0, at), name.slice(at + TOOL_NAME_SEPARATOR.length)] : ['', name];
}

function formatDuration(ms: number): string {
  return ms < 1_000 ? `${Math.max(0, Math.round(ms))} ms` : `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
