// One ready server's tools in Settings: each on or off for every chat (saved at once), those the model is never
// offered (they run only as MCP tasks) named as such, and what the cap on tools per request means for this server.
import { useId, useState, type JSX } from 'react';
import { MAX_TOOLS_PER_REQUEST, toolsOn, type McpServerView } from '../../../../shared/mcp';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';

/** Tools beyond which a filter box is shown. */
const FILTER_FROM = 12;

export function McpServerTools({
  server,
  open,
  run,
}: {
  server: McpServerView;
  /** Shown open (a server just added shows what it brought). */
  open: boolean;
  run: (work: Promise<{ ok: true } | { ok: false; error: { message: string } }>) => Promise<boolean>;
}): JSX.Element | null {
  const t = useT();
  const id = useId();
  const setTools = useAppState((s) => s.setMcpTools);
  const [filter, setFilter] = useState('');
  const { state } = server;
  if (state.status !== 'ready') return null;
  const notOffered = new Set(state.notOffered ?? []);
  const off = new Set(server.disabledTools);
  const on = toolsOn(server);
  const needle = filter.trim().toLowerCase();
  // The ones that can be switched first, in the server's order; those never offered after them.
  const shown = [...state.tools.filter((tool) => !notOffered.has(tool)), ...state.tools.filter((tool) => notOffered.has(tool))].filter(
    (tool) => !needle || tool.toLowerCase().includes(needle),
  );
  const switchable = shown.filter((tool) => !notOffered.has(tool));
  const offerable = state.tools.length - notOffered.size;

  return (
    <details className="mcp-tools" data-testid="mcp-tools" open={open || undefined}>
      <summary>
        {t('mcp.toolsOn', { on: on.length, total: offerable })}
        {notOffered.size > 0 && ` · ${t('mcp.toolsNotOfferedCount', { count: notOffered.size })}`}
      </summary>
      {on.length > MAX_TOOLS_PER_REQUEST && (
        <p className="mcp-tool-cap" role="status" data-testid="mcp-tool-cap">
          {t('mcp.toolsCap', { max: MAX_TOOLS_PER_REQUEST, on: on.length })}
        </p>
      )}
      {state.tools.length > FILTER_FROM && (
        <input
          type="search"
          className="mcp-tools-filter"
          aria-label={t('mcp.toolsFilter')}
          placeholder={t('mcp.toolsFilter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      {switchable.length > 1 && (
        <div className="mcp-tools-bulk">
          <button
            type="button"
            className="button small"
            data-testid="mcp-tools-all-on"
            disabled={switchable.every((tool) => !off.has(tool))}
            onClick={() => void run(setTools(server.name, switchable, true))}
          >
            {needle ? t('mcp.toolsShownOn') : t('mcp.toolsAllOn')}
          </button>
          <button
            type="button"
            className="button small"
            data-testid="mcp-tools-all-off"
            disabled={switchable.every((tool) => off.has(tool))}
            onClick={() => void run(setTools(server.name, switchable, false))}
          >
            {needle ? t('mcp.toolsShownOff') : t('mcp.toolsAllOff')}
          </button>
        </div>
      )}
      <ul className="mcp-tool-list">
        {shown.map((tool, index) =>
          notOffered.has(tool) ? (
            <li key={tool} data-testid="mcp-tool" data-tool={tool} data-on="false" data-not-offered="true">
              <label className="check">
                <input type="checkbox" checked={false} disabled aria-describedby={`${id}-task-${index}`} />
                <span className="mcp-tool-name">{tool}</span>
              </label>
              <span id={`${id}-task-${index}`} className="mcp-tool-note">
                {t('mcp.toolNotOffered')}
              </span>
            </li>
          ) : (
            <li key={tool} data-testid="mcp-tool" data-tool={tool} data-on={!off.has(tool)}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={!off.has(tool)}
                  onChange={(event) => void run(setTools(server.name, [tool], event.target.checked))}
                />
                <span className="mcp-tool-name">{tool}</span>
              </label>
            </li>
          ),
        )}
      </ul>
    </details>
  );
}
