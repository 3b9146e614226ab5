// Words the MCP layer says to people, per locale: a server's error state in Settings, a tool call's error (shown in
// the chat and sent to the model), and why a change in Settings was refused. The service reads them through an
// injected `strings()` so a language change applies to the next message.
import type { Locale } from '../../shared/settings.js';

export interface McpStrings {
  /** A call to a server that failed: why (`message`), then the last lines it printed. */
  serverFailed(server: string, message: string): string;
  serverNotRunning(server: string): string;
  serverNotConfigured(server: string): string;
  /** A tool result was larger than one message may be: the server was stopped and starts again when next needed. */
  resultTooLarge(limitMb: number): string;
  /** A call got no answer and no progress for `seconds`. */
  callTimedOut(seconds: number): string;
  /** A call still running (with progress) after the most one call may take. */
  callOverTime(seconds: number): string;
  /** The tool said it failed and gave no text saying why. */
  toolReportedError: string;
  resultWithoutContent: string;
  /** Error states of a server. */
  serverStopped: string;
  startTimedOut(seconds: number): string;
  commandNotFound(command: string): string;
  commandNotRunnable(command: string): string;
  exitedDuringStart: string;
  /** Changes refused. */
  badServerName: string;
  noSuchServer(server: string): string;
  nameTaken(server: string): string;
  needsCommand: string;
  needsUrl: string;
  fileLeftAsIs(reason: string): string;
  fileNotSaved(detail: string): string;
  fileNotRead(detail: string): string;
  /** Why mcp.json, or a pasted config, could not be used. */
  notJson(detail: string): string;
  notMcpServersFormat(detail: string): string;
  badServerNameIn(server: string): string;
  needsCommandOrUrl(server: string): string;
}

const en: McpStrings = {
  serverFailed: (server, message) => `MCP server "${server}" failed: ${message}`,
  serverNotRunning: (server) => `MCP server "${server}" is not running.`,
  serverNotConfigured: (server) => `MCP server "${server}" is no longer configured.`,
  resultTooLarge: (limitMb) =>
    `The tool result was too large (over ${limitMb} MB). The server was stopped; it starts again when a tool of it is next needed.`,
  callTimedOut: (seconds) => `The tool did not answer within ${seconds} s and was stopped.`,
  callOverTime: (seconds) => `The tool was still running after ${seconds} s, the most one call may take, and was stopped.`,
  toolReportedError: 'The tool reported an error.',
  resultWithoutContent: 'The server returned a result without content.',
  serverStopped: 'The server stopped.',
  startTimedOut: (seconds) => `The server did not answer within ${seconds} s.`,
  commandNotFound: (command) => `Command not found: ${command}`,
  commandNotRunnable: (command) => `Command cannot be run: ${command}`,
  exitedDuringStart: 'The server exited during start.',
  badServerName: 'A server name may use only letters, digits, "-" and "_" (at most 32).',
  noSuchServer: (server) => `No MCP server "${server}".`,
  nameTaken: (server) => `A server named "${server}" already exists.`,
  needsCommand: 'A stdio server needs a command.',
  needsUrl: 'An HTTP server needs an http(s) URL.',
  fileLeftAsIs: (reason) => `${reason} Fix or remove mcp.json; it was left as it is.`,
  fileNotSaved: (detail) => `mcp.json could not be saved: ${detail}`,
  fileNotRead: (detail) => `mcp.json could not be read: ${detail}`,
  notJson: (detail) => `mcp.json is not valid JSON: ${detail}`,
  notMcpServersFormat: (detail) => `mcp.json does not have the mcpServers format: ${detail}`,
  badServerNameIn: (server) => `Server name "${server}" may use only letters, digits, "-" and "_" (at most 32).`,
  needsCommandOrUrl: (server) => `Server "${server}" needs a "command" or a "url".`,
};

const zh: McpStrings = {
  serverFailed: (server, message) => `MCP 服务器“${server}”出错：${message}`,
  serverNotRunning: (server) => `MCP 服务器“${server}”没有运行。`,
  serverNotConfigured: (server) => `MCP 服务器“${server}”已不在配置中。`,
  resultTooLarge: (limitMb) => `工具结果过大（超过 ${limitMb} MB）。该服务器已停止，下次需要它的工具时会重新启动。`,
  callTimedOut: (seconds) => `工具在 ${seconds} 秒内没有响应，已停止。`,
  callOverTime: (seconds) => `工具运行超过了单次调用的上限 ${seconds} 秒，已停止。`,
  toolReportedError: '工具报告了一个错误。',
  resultWithoutContent: '服务器返回的结果没有内容。',
  serverStopped: '服务器已停止运行。',
  startTimedOut: (seconds) => `服务器在 ${seconds} 秒内没有响应。`,
  commandNotFound: (command) => `找不到命令：${command}`,
  commandNotRunnable: (command) => `无法运行命令：${command}`,
  exitedDuringStart: '服务器在启动过程中退出了。',
  badServerName: '服务器名称只能使用字母、数字、“-”和“_”（最多 32 个字符）。',
  noSuchServer: (server) => `没有名为“${server}”的 MCP 服务器。`,
  nameTaken: (server) => `已有名为“${server}”的服务器。`,
  needsCommand: 'stdio 服务器需要填写命令。',
  needsUrl: 'HTTP 服务器需要一个 http(s) 地址。',
  fileLeftAsIs: (reason) => `${reason} 请修正或删除 mcp.json；文件未被改动。`,
  fileNotSaved: (detail) => `无法保存 mcp.json：${detail}`,
  fileNotRead: (detail) => `无法读取 mcp.json：${detail}`,
  notJson: (detail) => `mcp.json 不是有效的 JSON：${detail}`,
  notMcpServersFormat: (detail) => `mcp.json 不是 mcpServers 格式：${detail}`,
  badServerNameIn: (server) => `服务器名称“${server}”只能使用字母、数字、“-”和“_”（最多 32 个字符）。`,
  needsCommandOrUrl: (server) => `服务器“${server}”需要“command”或“url”。`,
};

export const MCP_STRINGS: Record<Locale, McpStrings> = { en, 'zh-CN': zh };
