// Tool calls and MCP servers in the store: live tool call states (from `tool` events of every session), pending
// approvals per session (the sidebar marks them), the chats' server choices, and the MCP settings.
import type { StateCreator } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { McpSettingsView } from '../../../shared/mcp';
import type { SessionDetail } from '../../../shared/sessions';
import { showIpcError } from './bannersSlice';
import type { AppState, ToolsData, ToolsSlice } from './state';

export function initialToolsData(): ToolsData {
  return { toolCalls: {}, approvals: {}, chatServers: {}, mcp: null };
}

/** What a session event changes here; `{}` for events that are not about tools. */
export function toolsEffect(s: ToolsData, { sessionId, event }: SessionEventEnvelope): Partial<ToolsData> {
  if (event.type === 'tool') {
    const { state } = event;
    const waiting = (s.approvals[sessionId] ?? []).filter((id) => id !== state.toolCallId);
    if (state.status === 'approval') waiting.push(state.toolCallId);
    return { toolCalls: { ...s.toolCalls, [state.toolCallId]: state }, approvals: withList(s.approvals, sessionId, waiting) };
  }
  if (event.type === 'run_end' && s.approvals[sessionId]) return { approvals: withList(s.approvals, sessionId, []) };
  return {};
}

/** The tool states and server choice of a fetched session (a run in progress brings its pending approvals). */
export function toolsFromDetail(s: ToolsData, detail: SessionDetail): Partial<ToolsData> {
  const states = detail.activeRun?.tools ?? [];
  const toolCalls = states.length
    ? { ...s.toolCalls, ...Object.fromEntries(states.map((state) => [state.toolCallId, state])) }
    : s.toolCalls;
  const waiting = states.filter((state) => state.status === 'approval').map((state) => state.toolCallId);
  return {
    toolCalls,
    approvals: withList(s.approvals, detail.id, waiting),
    chatServers: { ...s.chatServers, [detail.id]: detail.mcpServers },
  };
}

/** Sets one session's list (an empty list stays: it says "nothing waits", newer than any summary). */
function withList(record: Record<string, string[]>, key: string, list: string[]): Record<string, string[]> {
  if (!list.length && !record[key]?.length && key in record) return record;
  return { ...record, [key]: list };
}

/** `view` with the tools `tools` of `server` turned on or off. */
function withToolsSwitched(view: McpSettingsView, server: string, tools: readonly string[], on: boolean): McpSettingsView {
  const named = new Set(tools);
  return {
    ...view,
    servers: view.servers.map((s) =>
      s.name !== server
        ? s
        : { ...s, disabledTools: on ? s.disabledTools.filter((t) => !named.has(t)) : [...new Set([...s.disabledTools, ...tools])] },
    ),
  };
}

export const createToolsSlice: StateCreator<AppState, [], [], ToolsSlice> = (set, get, store) => {
  const api = () => window.api;
  // A change's answer is the newest view; a periodic read that began before a change ended is older: it is dropped,
  // so a box just ticked never flips back for a moment.
  let writes = 0;
  let pending = 0;
  const applyMcp = async (call: () => Promise<IpcResult<McpSettingsView>>): Promise<IpcResult<McpSettingsView>> => {
    writes += 1;
    pending += 1;
    try {
      const result = await call();
      if (result.ok) set({ mcp: result.value });
      return result;
    } finally {
      pending -= 1;
    }
  };
  const readMcp = async (): Promise<void> => {
    const before = writes;
    const result = await api().getMcpSettings();
    if (result.ok && pending === 0 && writes === before) set({ mcp: result.value });
  };
  return {
    ...initialToolsData(),
    async approveTool(sessionId, toolCallId, decision) {
      // Answered here at once: the buttons go away even before main's `tool` event confirms.
      set((s) => ({
        approvals: withList(
          s.approvals,
          sessionId,
          (s.approvals[sessionId] ?? []).filter((id) => id !== toolCallId),
        ),
      }));
      const result = await api().approveTool({ sessionId, toolCallId, decision });
      if (!result.ok) showIpcError(store, sessionId, result.error);
    },
    async setChatServers(sessionId, servers) {
      const result = await api().setSessionServers({ sessionId, servers });
      if (result.ok) set((s) => ({ chatServers: { ...s.chatServers, [sessionId]: result.value.mcpServers ?? undefined } }));
      else showIpcError(store, sessionId, result.error);
    },
    loadMcp: readMcp,
    saveMcpServer: (input) => applyMcp(() => api().saveMcpServer(input)),
    importMcpConfig: (text) => applyMcp(() => api().importMcpConfig({ text })),
    removeMcpServer: (name) => applyMcp(() => api().removeMcpServer({ name })),
    restartMcpServer: (name) => applyMcp(() => api().restartMcpServer({ name })),
    setMcpStartAtLaunch: (startAtLaunch) => applyMcp(() => api().setMcpOptions({ startAtLaunch })),
    revokeToolApproval: (server, tool) => applyMcp(() => api().revokeToolApproval({ server, tool })),
    async setMcpTools(server, tools, on) {
      // Shown switched at once; main's answer confirms it, a refusal puts back what main has.
      const before = get().mcp;
      if (before) set({ mcp: withToolsSwitched(before, server, tools, on) });
      const result = await applyMcp(() => api().setMcpTools({ server, tools, on }));
      if (!result.ok) await readMcp();
      return result;
    },
  };
};
