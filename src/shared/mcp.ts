// MCP servers and tool calls as the renderer sees them. Secret values (env, headers) never cross to the renderer:
// it learns their names only, and sends new values write-only.

/** How a server is reached: a child process over stdio, or a URL (Streamable HTTP, falling back to SSE). */
export type McpTransportKind = 'stdio' | 'http';

/** Where a server runs: what every form of a server (stored, shown, edited) has in common. */
export interface McpServerLaunch {
  name: string;
  transport: McpTransportKind;
  command?: string;
  args?: string[];
  cwd?: string;
  url?: string;
}

/** The launch fields of `server` alone (absent ones stay absent). */
export function launchFields(server: McpServerLaunch): McpServerLaunch {
  return {
    name: server.name,
    transport: server.transport,
    ...(server.command !== undefined && { command: server.command }),
    ...(server.args !== undefined && { args: server.args }),
    ...(server.cwd !== undefined && { cwd: server.cwd }),
    ...(server.url !== undefined && { url: server.url }),
  };
}

/** One configured server, without secret values. */
export interface McpServerView extends McpServerLaunch {
  /** Names of the environment variables / headers that are set; their values stay in main. */
  envKeys: string[];
  headerKeys: string[];
  enabled: boolean;
  /** Tools of this server that run without asking. */
  alwaysAllow: string[];
  /** Tools of this server the person turned off: the model is never offered them. */
  disabledTools: string[];
  state: McpServerState;
}

/** `idle`: not started yet (starts when a chat first needs it, or at launch when that is set). */
export type McpServerState =
  | { status: 'idle' }
  | { status: 'starting' }
  | {
      status: 'ready';
      toolCount: number;
      tools: string[];
      /** Tools of `tools` the model is not offered: they run only as MCP tasks, which Tiny Agent does not run. */
      notOffered?: string[];
    }
  | { status: 'error'; message: string; stderr: string[] }
  | { status: 'stopped' };

export interface McpSettingsView {
  servers: McpServerView[];
  /** Start enabled servers when the app starts, rather than when a chat first needs them. */
  startAtLaunch: boolean;
  /** Set when mcp.json could not be read: the file is left untouched and nothing is saved until it is fixed. */
  configError?: string;
  /** False when the OS offers no encryption: secret values are then kept for this run only. */
  secretsEncrypted: boolean;
}

/** A server as the user edits it. A secret value of `null` keeps the stored value; a missing key removes it. */
export interface McpServerInput extends McpServerLaunch {
  /** The name before this edit, when renaming; absent when adding. */
  previousName?: string;
  env?: Record<string, string | null>;
  headers?: Record<string, string | null>;
  enabled: boolean;
}

/**
 * The most tools one request carries (OpenAI refuses more than 128). Past it the tools that are on are sent in the
 * order Settings lists them (servers, then each server's tools) until the cap; the rest are left out of that request.
 */
export const MAX_TOOLS_PER_REQUEST = 128;

/** The tools of a ready server that the model may be offered: listed, callable without tasks, and on. */
export function toolsOn(server: Pick<McpServerView, 'state' | 'disabledTools'>): string[] {
  if (server.state.status !== 'ready') return [];
  const left = new Set([...(server.state.notOffered ?? []), ...server.disabledTools]);
  return server.state.tools.filter((tool) => !left.has(tool));
}

/** State of one tool call as a block in the conversation shows it. */
export type ToolCallStatus = 'approval' | 'running' | 'done' | 'failed' | 'denied';

/** The person's answer to an approval request. */
export type ApprovalDecision = 'once' | 'always' | 'deny';

/** What a server last said of a running call's progress (MCP `notifications/progress`). */
export interface ToolCallProgress {
  /** Grows with each notification; out of `total` when that is known. */
  progress: number;
  total?: number;
  /** The server's own words, shown as they are. */
  message?: string;
}

/** Live state of a tool call of a running run (the stored result carries the final state). */
export interface ToolCallState {
  toolCallId: string;
  status: ToolCallStatus;
  /** The server's name and the tool's own name (the model sees them joined). */
  server: string;
  tool: string;
  startedAt: number;
  endedAt?: number;
  /** While running: the server's last progress report, when it sends any. */
  progress?: ToolCallProgress;
}

/** Stored in a tool result's `details` by MCP tools: who ran it, how it ended and how long it took. */
export interface McpToolResultDetails {
  server: string;
  tool: string;
  durationMs: number;
  denied?: boolean;
  /** Characters the server returned when the text was shortened for the model and the transcript. */
  originalChars?: number;
}

/** Separator between server and tool in the name the model sees (`server__tool`). */
export const TOOL_NAME_SEPARATOR = '__';
