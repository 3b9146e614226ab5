// Contract of the tools slice: live tool calls, pending approvals per session, the chats' MCP servers and MCP settings.
import type { IpcResult } from '../../../../shared/errors';
import type { ApprovalDecision, McpServerInput, McpSettingsView, ToolCallState } from '../../../../shared/mcp';

export interface ToolsData {
  /** Live state of tool calls by id (any session); the stored result has the final word once the run is saved. */
  toolCalls: Record<string, ToolCallState>;
  /** Per session: ids of tool calls waiting for the person's answer. */
  approvals: Record<string, string[]>;
  /** Per session: the MCP servers it chose (absent: the default). */
  chatServers: Record<string, string[] | undefined>;
  mcp: McpSettingsView | null;
}

export interface ToolsActions {
  approveTool(sessionId: string, toolCallId: string, decision: ApprovalDecision): Promise<void>;
  setChatServers(sessionId: string, servers: string[] | null): Promise<void>;
  loadMcp(): Promise<void>;
  saveMcpServer(input: McpServerInput): Promise<IpcResult<McpSettingsView>>;
  importMcpConfig(text: string): Promise<IpcResult<McpSettingsView>>;
  removeMcpServer(name: string): Promise<IpcResult<McpSettingsView>>;
  restartMcpServer(name: string): Promise<IpcResult<McpSettingsView>>;
  setMcpStartAtLaunch(startAtLaunch: boolean): Promise<IpcResult<McpSettingsView>>;
  revokeToolApproval(server: string, tool: string): Promise<IpcResult<McpSettingsView>>;
  setMcpTools(server: string, tools: string[], on: boolean): Promise<IpcResult<McpSettingsView>>;
}

export type ToolsSlice = ToolsData & ToolsActions;
