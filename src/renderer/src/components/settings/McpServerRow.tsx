// One MCP server in Settings: its state (starting, ready with its tools, failed with the last lines of its stderr),
// on or off, the button that starts, restarts or tries it again (named after what it does now), edit, remove (asked
// first), and the tools that run without asking (revocable). Each change here is saved at once.
import { useId, useState, type JSX } from 'react';
import type { McpServerView } from '../../../../shared/mcp';
import { useT, type StringKey } from '../../i18n';
import { useAppState } from '../../store/appState';
import { inputOf } from './McpServerForm';
import { McpServerTools } from './McpServerTools';

type Run = (work: Promise<{ ok: true } | { ok: false; error: { message: string } }>) => Promise<boolean>;

/** What the start button does in each state, in its own words. */
const START_LABEL: Record<McpServerView['state']['status'], StringKey> = {
  idle: 'mcp.start',
  stopped: 'mcp.start',
  starting: 'mcp.state.starting',
  ready: 'mcp.restart',
  error: 'mcp.retry',
};

export function McpServerRow({
  server,
  toolsOpen,
  onEdit,
  run,
}: {
  server: McpServerView;
  /** The tool list shows open (the server was just added). */
  toolsOpen: boolean;
  onEdit: () => void;
  run: Run;
}): JSX.Element {
  const t = useT();
  const id = useId();
  const restart = useAppState((s) => s.restartMcpServer);
  const remove = useAppState((s) => s.removeMcpServer);
  const save = useAppState((s) => s.saveMcpServer);
  const revoke = useAppState((s) => s.revokeToolApproval);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { state } = server;
  const stateText = state.status === 'ready' ? t('mcp.state.ready', { count: state.toolCount }) : t(`mcp.state.${state.status}`);
  const toggle = (enabled: boolean) => run(save({ ...inputOf(server), previousName: server.name, enabled }));
  return (
    <li className="mcp-server" data-testid="mcp-server" data-server={server.name} data-status={state.status}>
      <div className="mcp-server-head">
        <span className={`mcp-dot mcp-${state.status}`} aria-hidden="true" />
        <strong>{server.name}</strong>
        <span className="mcp-state">{stateText}</span>
        <span className="mcp-where">{server.transport === 'stdio' ? [server.command, ...(server.args ?? [])].join(' ') : server.url}</span>
      </div>
      {state.status === 'error' && (
        <div className="mcp-error" role="status">
          <p>{state.message}</p>
          {state.stderr.length > 0 && <pre>{state.stderr.join('\n')}</pre>}
        </div>
      )}
      <McpServerTools server={server} open={toolsOpen} run={run} />
      {server.alwaysAllow.length > 0 && (
        <div className="mcp-allowed">
          <span>{t('mcp.alwaysAllowed')}:</span>
          {server.alwaysAllow.map((tool) => (
            <span key={tool} className="mcp-chip" data-testid="mcp-always-allowed" data-tool={tool}>
              {tool}
              <button
                type="button"
                className="link-button"
                onClick={() => void run(revoke(server.name, tool))}
                aria-label={`${t('mcp.revoke')} ${tool}`}
              >
                {t('mcp.revoke')}
              </button>
            </span>
          ))}
        </div>
      )}
      {confirmRemove ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby={`${id}-remove`} data-testid="mcp-remove-confirm">
          <p id={`${id}-remove`}>{t('mcp.removeConfirm', { name: server.name })}</p>
          <div className="field-row">
            <button type="button" className="button" autoFocus onClick={() => setConfirmRemove(false)}>
              {t('dialog.cancel')}
            </button>
            <button type="button" className="button danger" data-testid="mcp-remove-yes" onClick={() => void run(remove(server.name))}>
              {t('mcp.remove')}
            </button>
          </div>
        </div>
      ) : (
        <div className="mcp-row-actions">
          <label className="check">
            <input type="checkbox" checked={server.enabled} onChange={(e) => void toggle(e.target.checked)} />
            {t('mcp.enabled')}
          </label>
          <button
            type="button"
            className="button"
            data-testid="mcp-restart"
            disabled={!server.enabled || state.status === 'starting'}
            onClick={() => void run(restart(server.name))}
          >
            {t(START_LABEL[state.status])}
          </button>
          <button type="button" className="button" data-testid="mcp-edit" onClick={onEdit}>
            {t('mcp.edit')}
          </button>
          <button type="button" className="button danger-text" data-testid="mcp-remove" onClick={() => setConfirmRemove(true)}>
            {t('mcp.remove')}
          </button>
        </div>
      )}
    </li>
  );
}
