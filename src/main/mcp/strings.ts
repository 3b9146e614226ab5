// Words the MCP layer says to people (a tool call's error, shown in the chat and sent to the model), per locale.
// The service reads them through an injected `strings()` so a language change applies to the next call.
import type { Locale } from '../../shared/settings.js';

export interface McpStrings {
  /** A call to a server that failed: why (`message`), then the last lines it printed. */
  serverFailed(server: string, message: string): string;
  serverNotRunning(server: string): string;
  /** A tool result was larger than one message may be: the server was stopped and starts again when next needed. */
  resultTooLarge(limitMb: number): string;
}

const en: McpStrings = {
  serverFailed: (server, message) => `MCP server "${server}" failed: ${message}`,
  serverNotRunning: (server) => `MCP server "${server}" is not running.`,
  resultTooLarge: (limitMb) =>
    `The tool result was too large (over ${limitMb} MB). The server was stopped; it starts again when a tool of it is next needed.`,
};

const zh: McpStrings = {
  serverFailed: (server, message) => `MCP 服务器“${server}”出错：${message}`,
  serverNotRunning: (server) => `MCP 服务器“${server}”没有运行。`,
  resultTooLarge: (limitMb) => `工具结果过大（超过 ${limitMb} MB）。该服务器已停止，下次需要它的工具时会重新启动。`,
};

export const MCP_STRINGS: Record<Locale, McpStrings> = { en, 'zh-CN': zh };
