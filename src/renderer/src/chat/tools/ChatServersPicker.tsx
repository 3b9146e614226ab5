// Which MCP servers the open chat uses: the default (every enabled server, from Settings) or a chosen set, saved
// with the chat. Shown only for a stored chat when at least one server is configured. Closed, it names the servers
// whose tools the model gets here; its tooltip says what each one offers (serversSummary.ts). Each ready server says
// how many of its tools are on; past the cap per request the picker says how many are left out, and where to choose.
import { useEffect, type JSX } from 'react';
import { MAX_TOOLS_PER_REQUEST, toolsOn } from '../../../../shared/mcp';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { serversSummary } from './serversSummary';
import './tools.css';

export function ChatServersPicker(): JSX.Element | null {
  const t = useT();
  const sessionId = useAppState((s) => s.currentSession.id);
  const chosen = useAppState((s) => (sessionId ? s.chatServers[sessionId] : undefined));
  const servers = useAppState((s) => s.mcp?.servers);
  const loadMcp = useAppState((s) => s.loadMcp);
  const setChatServers = useAppState((s) => s.setChatServers);
  const openSettings = useAppState((s) => s.setSettingsOpen);
  const busy = useAppState((s) => s.isTyping);

  // Servers start when a chat first needs them: their tools are looked at again when an answer starts or ends.
  useEffect(() => {
    void loadMcp();
  }, [loadMcp, busy]);

  const enabled = servers?.filter((server) => server.enabled) ?? [];
  if (!sessionId || enabled.length === 0) return null;
  const active = chosen ?? enabled.map((server) => server.name);
  const on = enabled.filter((server) => active.includes(server.name)).reduce((sum, server) => sum + toolsOn(server).length, 0);
  const capped = on > MAX_TOOLS_PER_REQUEST;
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...active, name] : active.filter((n) => n !== name);
    void setChatServers(sessionId, next);
  };
  const summary = serversSummary(enabled, active, t);
  return (
    <details className="chat-servers" data-testid="chat-servers" data-on={summary.on}>
      {/* The tooltip is read fresh when the pointer or focus comes to it. */}
      <summary
        data-testid="chat-servers-summary"
        title={summary.tooltip}
        onPointerEnter={() => void loadMcp()}
        onFocus={() => void loadMcp()}
      >
        {summary.label}
        {capped && (
          <span className="chat-servers-capped" data-testid="chat-servers-capped">
            {' · '}
            {t('tools.chatServersCapShort', { sent: MAX_TOOLS_PER_REQUEST, on })}
          </span>
        )}
      </summary>
      <div className="chat-servers-menu" role="group" aria-label={t('tools.chatServersHint')}>
        {enabled.map((server) => (
          <label key={server.name} className="check">
            <input
              type="checkbox"
              disabled={busy}
              checked={active.includes(server.name)}
              onChange={(e) => toggle(server.name, e.target.checked)}
            />
            {server.name}
            {server.state.status === 'ready' && (
              <span className="chat-servers-count">{t('tools.chatServersTools', { count: toolsOn(server).length })}</span>
            )}
          </label>
        ))}
        {capped && (
          <p className="chat-servers-cap" role="status" data-testid="chat-servers-cap">
            {t('tools.chatServersCap', { on, max: MAX_TOOLS_PER_REQUEST, left: on - MAX_TOOLS_PER_REQUEST })}{' '}
            <button type="button" className="tool-more" onClick={() => openSettings(true)}>
              {t('tools.chatServersChoose')}
            </button>
          </p>
        )}
        {chosen !== undefined && (
          <button type="button" className="tool-more" disabled={busy} onClick={() => void setChatServers(sessionId, null)}>
            {t('tools.chatServersDefault')}
          </button>
        )}
      </div>
    </details>
  );
}
