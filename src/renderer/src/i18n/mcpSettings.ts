// Strings of an MCP server's tools in Settings and the chat's server picker (which are on, the cap per request), of
// what a server's buttons do, and of a tool call's progress. Same keys in both locales.
const en = {
  'mcp.editTitle': 'Server {name}',
  'mcp.addAndStart': 'Add and start',
  'mcp.start': 'Start',
  'mcp.retry': 'Try again',
  'mcp.removeConfirm': 'Remove the server "{name}" and its saved values? Chats that use it go on without its tools.',
  'mcp.toolsOn': 'Tools: {on} of {total} on',
  'mcp.toolsNotOfferedCount': '{count} not offered',
  'mcp.toolsCap':
    'A request carries at most {max} tools and {on} are on here: the ones past {max} are left out. Turn off the tools chats do not need.',
  'mcp.toolsCapAll':
    'The enabled servers have {on} tools on. A request carries at most {max}: a chat that uses every server gets the first {max}, in the order listed here.',
  'mcp.toolsFilter': 'Filter tools',
  'mcp.toolsAllOn': 'Turn all on',
  'mcp.toolsAllOff': 'Turn all off',
  'mcp.toolsShownOn': 'Turn these on',
  'mcp.toolsShownOff': 'Turn these off',
  'mcp.toolNotOffered': 'Runs only as an MCP task, which Tiny Agent does not run: not offered to the model.',
  'tools.chatServersTools': '{count} tools',
  'tools.chatServersCap': '{on} tools are on for this chat; a request carries at most {max}, so {left} are left out.',
  'tools.chatServersCapShort': '{sent} of {on} tools',
  'tools.chatServersChoose': 'Choose tools in Settings',
  'tools.progressStep': 'step {progress}',
  'tools.progressOf': '{progress} of {total}',
} as const;

export const mcpSettingsStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'mcp.editTitle': '服务器 {name}',
    'mcp.addAndStart': '添加并启动',
    'mcp.start': '启动',
    'mcp.retry': '重试',
    'mcp.removeConfirm': '移除服务器“{name}”及其已保存的值？使用它的对话将不再有它的工具。',
    'mcp.toolsOn': '工具：已开启 {on} 个，共 {total} 个',
    'mcp.toolsNotOfferedCount': '{count} 个不提供',
    'mcp.toolsCap': '每次请求最多携带 {max} 个工具，这里开启了 {on} 个：超出 {max} 的不会发送。请关闭对话用不到的工具。',
    'mcp.toolsCapAll': '已启用的服务器共开启 {on} 个工具。每次请求最多携带 {max} 个：使用全部服务器的对话只会收到按此处顺序的前 {max} 个。',
    'mcp.toolsFilter': '筛选工具',
    'mcp.toolsAllOn': '全部开启',
    'mcp.toolsAllOff': '全部关闭',
    'mcp.toolsShownOn': '开启筛选出的工具',
    'mcp.toolsShownOff': '关闭筛选出的工具',
    'mcp.toolNotOffered': '只能作为 MCP 任务运行，而 Tiny Agent 不运行任务：不提供给模型。',
    'tools.chatServersTools': '{count} 个工具',
    'tools.chatServersCap': '此对话开启了 {on} 个工具；每次请求最多携带 {max} 个，{left} 个不会发送。',
    'tools.chatServersCapShort': '{sent}/{on} 个工具',
    'tools.chatServersChoose': '在设置中选择工具',
    'tools.progressStep': '第 {progress} 步',
    'tools.progressOf': '{progress}/{total}',
  },
};
