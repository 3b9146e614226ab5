// Contract of the built-in tools slice: Settings' view of the built-in tools (each tool's state and policy, the web
// search settings, the hosts fetch_page may read although private) and the actions that change it or a chat's choice.
import type { BuiltinApprovalPolicy, BuiltinToolsView, WebSearchInput } from '../../../../shared/builtin-tools';
import type { IpcResult } from '../../../../shared/errors';

export interface BuiltinToolsSlice {
  /** Null until first read (the tool picker and the composer's web toggle read it when they show). */
  builtinTools: BuiltinToolsView | null;
  loadBuiltinTools(): Promise<void>;
  saveWebSearch(input: WebSearchInput): Promise<IpcResult<BuiltinToolsView>>;
  setBuiltinToolPolicy(tool: string, policy: BuiltinApprovalPolicy): Promise<IpcResult<BuiltinToolsView>>;
  /** The whole list of allowed private hosts (main checks and lower-cases each). */
  setFetchAllowedHosts(hosts: string[]): Promise<IpcResult<BuiltinToolsView>>;
  /** The built-in tools `sessionId` is offered (the whole list); the open chat shows the change at once. */
  setChatBuiltinTools(sessionId: string, tools: string[]): Promise<void>;
}
