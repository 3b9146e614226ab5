// What the strip above the composer says of the open chat's MCP servers: a visible line naming the servers whose
// tools the model gets here, and a tooltip with one line per enabled server (its tools, or why it has none yet).
import type { McpServerView } from '../../../../shared/mcp';
import type { Translate } from '../../i18n';

export interface ServersSummary {
  /** "MCP tools: files, github" — the strip's visible text and its accessible name. */
  label: string;
  /** What the strip does, then each enabled server on its own line. */
  tooltip: string;
  /** How many enabled servers this chat uses. */
  on: number;
}

/** `enabled`: the servers switched on in Settings; `active`: the names this chat uses (stale names are ignored). */
export function serversSummary(enabled: readonly McpServerView[], active: readonly string[], t: Translate): ServersSummary {
  const used = enabled.filter((server) => active.includes(server.name));
  const label = used.length
    ? t('tools.chatServersOn', { servers: used.map((server) => server.name).join(t('tools.chatServersSeparator')) })
    : t('tools.chatServersOff');
  const lines = enabled.map((server) =>
    active.includes(server.name) ? serverLine(server, t) : t('tools.serverOffHere', { server: server.name }),
  );
  const head = used.length ? t('tools.chatServersTooltip') : t('tools.chatServersTooltipOff');
  return { label, tooltip: [head, ...lines].join('\n'), on: used.length };
}

function serverLine(server: McpServerView, t: Translate): string {
  const { state, name } = server;
  switch (state.status) {
    case 'ready': {
      // Tools that run only as MCP tasks are not offered to the model.
      const count = state.toolCount - (state.notOffered?.length ?? 0);
      return count === 1 ? t('tools.serverReadyOne', { server: name }) : t('tools.serverReady', { server: name, count });
    }
    case 'idle':
      return t('tools.serverIdle', { server: name });
    case 'starting':
      return t('tools.serverStarting', { server: name });
    case 'error':
      return t('tools.serverFailed', { server: name });
    case 'stopped':
      return t('tools.serverStopped', { server: name });
  }
}
