// Which MCP servers the open chat uses: the default (every enabled server, from Settings) or a chosen set, saved
// with the chat. Shown only for a stored chat when at least one server is configured. Closed, it names the servers
// whose tools the model gets here; its tooltip says what each one offers (serversSummary.ts). Each ready server says
// how many of its tools are on; past the cap per request the picker says how many are left out, and where to choose.
// Beside the servers, the built-in tools (web search, reading a page, Python): each one this chat is offered is ticked
// and saved with the chat; one that is not ready says why. With built-in tools the picker shows for every stored chat.
import { useEffect, type JSX } from 'react';
import type { BuiltinToolListing } from '../../../../shared/builtin-tools';
import { MAX_TOOLS_PER_REQUEST, toolsOn } from '../../../../shared/mcp';
import { useT, type StringKey, type Translate } from '../../i18n';
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
  const builtin = useAppState((s) => s.builtinTools?.tools);
  const chosenBuiltin = useAppState((s) => s.currentSession.chat.builtinTools);
  const loadBuiltinTools = useAppState((s) => s.loadBuiltinTools);
  const setChatBuiltinTools = useAppState((s) => s.setChatBuiltinTools);

  // Servers start when a chat first needs them: their tools are looked at again when an answer starts or ends.
  useEffect(() => {
    void loadMcp();
    void loadBuiltinTools();
  }, [loadMcp, loadBuiltinTools, busy]);

  const enabled = servers?.filter((server) => server.enabled) ?? [];
  const builtinRows = builtin ?? [];
  if (!sessionId || (enabled.length === 0 && builtinRows.length === 0)) return null;
  const builtinOn = (chosenBuiltin ?? []).filter((id) => builtinRows.some((tool) => tool.id === id));
  const toggleBuiltin = (id: string, on: boolean) =>
    void setChatBuiltinTools(sessionId, on ? [...builtinOn, id] : builtinOn.filter((tool) => tool !== id));
  const active = chosen ?? enabled.map((server) => server.name);
  const on = enabled.filter((server) => active.includes(server.name)).reduce((sum, server) => sum + toolsOn(server).length, 0);
  const capped = on > MAX_TOOLS_PER_REQUEST;
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...active, name] : active.filter((n) => n !== name);
    void setChatServers(sessionId, next);
  };
  const summary = serversSummary(enabled, active, t);
  const label = [
    ...(enabled.length ? [summary.label] : []),
    ...(builtinOn.length ? [builtinLabel(builtinOn, t)] : enabled.length ? [] : [t('webTools.picker.off')]),
  ].join(' · ');
  return (
    <details className="chat-servers" data-testid="chat-servers" data-on={summary.on}>
      {/* The tooltip is read fresh when the pointer or focus comes to it. */}
      <summary
        data-testid="chat-servers-summary"
        title={enabled.length ? summary.tooltip : t('webTools.picker.tooltip')}
        onPointerEnter={() => void loadMcp()}
        onFocus={() => void loadMcp()}
      >
        {label}
        {capped && (
          <span className="chat-servers-capped" data-testid="chat-servers-capped">
            {' · '}
            {t('tools.chatServersCapShort', { sent: MAX_TOOLS_PER_REQUEST, on })}
          </span>
        )}
      </summary>
      {enabled.length > 0 && (
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
      )}
      {builtinRows.length > 0 && (
        <div className="chat-servers-menu chat-builtin-menu" role="group" aria-label={t('webTools.picker.hint')}>
          <span className="chat-builtin-heading">{t('webTools.picker.heading')}</span>
          {builtinRows.map((tool) => (
            <BuiltinRow
              key={tool.id}
              tool={tool}
              on={builtinOn.includes(tool.id)}
              busy={busy}
              onToggle={(on) => toggleBuiltin(tool.id, on)}
              onSetUp={() => openSettings(true)}
            />
          ))}
        </div>
      )}
    </details>
  );
}

/** "Built-in: Web search, Run Python" — the built-in tools this chat is offered, by their names. */
function builtinLabel(ids: readonly string[], t: Translate): string {
  return t('webTools.picker.on', { tools: ids.map((id) => t(`webTools.tool.${id}` as StringKey)).join(t('tools.chatServersSeparator')) });
}

/** One built-in tool of the picker: ticked when the chat is offered it; one not ready says why and where to set it up. */
function BuiltinRow({
  tool,
  on,
  busy,
  onToggle,
  onSetUp,
}: {
  tool: BuiltinToolListing;
  on: boolean;
  busy: boolean;
  onToggle(on: boolean): void;
  onSetUp(): void;
}): JSX.Element {
  const t = useT();
  return (
    <span className="chat-builtin-row" data-testid="builtin-tool" data-tool={tool.id} data-ready={tool.ready ? 'true' : 'false'}>
      <label className="check">
        <input type="checkbox" disabled={busy || (!tool.ready && !on)} checked={on} onChange={(e) => onToggle(e.target.checked)} />
        {t(`webTools.tool.${tool.id}` as StringKey)}
      </label>
      {!tool.ready && (
        <span className="chat-builtin-reason">
          {tool.reason}{' '}
          <button type="button" className="tool-more" onClick={onSetUp}>
            {t('webTools.picker.setUp')}
          </button>
        </span>
      )}
    </span>
  );
}
