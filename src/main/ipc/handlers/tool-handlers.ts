// The IPC handlers of tools: MCP servers and their approvals, and the built-in web, page and Python tools.
import type { BuiltinToolsService } from '../../builtin-tools/builtin-tools-service.js';
import type { McpService } from '../../mcp/mcp-service.js';
import type { InvokeHandlers } from '../router.js';

export function toolHandlers(mcp: McpService, builtin: BuiltinToolsService) {
  return {
    getMcpSettings: () => mcp.view(),
    saveMcpServer: (input) => mcp.saveServer(input),
    removeMcpServer: ({ name }) => mcp.removeServer(name),
    restartMcpServer: ({ name }) => mcp.restartServer(name),
    importMcpConfig: ({ text }) => mcp.importConfig(text),
    setMcpOptions: (options) => mcp.setOptions(options),
    revokeToolApproval: ({ server, tool }) => mcp.revoke(server, tool),
    setMcpTools: ({ server, tools, on }) => mcp.setTools(server, tools, on),
    getBuiltinTools: () => builtin.view(),
    setWebSearch: (input) => builtin.setWebSearch(input),
    setBuiltinToolPolicy: ({ tool, policy }) => builtin.setPolicy(tool, policy),
    setFetchAllowedHosts: ({ hosts }) => builtin.setAllowedHosts(hosts),
  } satisfies Partial<InvokeHandlers>;
}
