// MCP for the app: mcp.json (secrets encrypted with the SecretBox), one connection per server, and the tools a chat
// is offered (tool-selection.ts: the ones on, within the cap per request). Servers start when a chat first needs
// them, or at launch when that is set, and when saved or imported in Settings (so the person sees at once whether
// one works, and its tools); a config change restarts the server; dispose() ends every child process before it
// resolves.
import { join } from 'node:path';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../shared/errors.js';
import { launchFields, type McpServerInput, type McpServerView, type McpSettingsView } from '../../shared/mcp.js';
import type { AgentTool } from '../agent/types.js';
import type { SecretBox } from '../settings/secret-box.js';
import { parseMcpConfig, SERVER_NAME, type McpConfig, type McpServerConfig } from './config.js';
import { McpConfigFile } from './config-file.js';
import { DEFAULT_MCP_TIMEOUTS, MAX_MESSAGE_BYTES, McpConnection, type McpConnectionOptions, type McpTimeouts } from './connection.js';
import { MCP_STRINGS, type McpStrings } from './strings.js';
import { adaptTools, type ToolCallHooks, type ToolHost } from './tool-adapter.js';
import { selectTools } from './tool-selection.js';
import type { ProgressClock } from './progress.js';

export interface McpServiceOptions {
  dataDir: string;
  secrets: SecretBox;
  timeouts?: Partial<McpTimeouts>;
  /** The largest message a stdio server may send (64 MB; tests set less rather than allocate that much). */
  maxMessageBytes?: number;
  /** The words of tool call errors in the person's language (English when not given). */
  strings?: () => McpStrings;
  /** The clock that thins a call's progress reports (tests drive it by hand). */
  progressClock?: ProgressClock;
  log?: (message: string) => void;
}

const ENGLISH = () => MCP_STRINGS.en;

export class McpService implements ToolHost {
  private readonly connections = new Map<string, McpConnection>();
  private disposed = false;
  private readonly connectionOptions: McpConnectionOptions;
  /** The words of MCP errors in the person's language (the tool adapter reads them too). */
  readonly strings: () => McpStrings;
  private readonly log: ((message: string) => void) | undefined;
  private readonly progressClock: ProgressClock | undefined;

  private constructor(
    options: McpServiceOptions,
    private readonly file: McpConfigFile,
    private readonly encryptionAvailable: boolean,
  ) {
    this.connectionOptions = {
      timeouts: { ...DEFAULT_MCP_TIMEOUTS, ...options.timeouts },
      maxMessageBytes: options.maxMessageBytes ?? MAX_MESSAGE_BYTES,
      strings: options.strings ?? ENGLISH,
    };
    this.strings = this.connectionOptions.strings;
    this.log = options.log;
    this.progressClock = options.progressClock;
  }

  /** Reads mcp.json. Never throws: a file that is not valid is reported in the view and left untouched. */
  static async open(options: McpServiceOptions): Promise<McpService> {
    const encryptionAvailable = await options.secrets.isAsyncEncryptionAvailable().catch(() => false);
    const file = new McpConfigFile(join(options.dataDir, 'mcp.json'), {
      secrets: options.secrets,
      encryptionAvailable,
      strings: options.strings ?? ENGLISH,
      log: options.log,
    });
    await file.load();
    const service = new McpService(options, file, encryptionAvailable);
    if (service.config.startAtLaunch)
      for (const server of service.config.servers) if (server.enabled) void service.connection(server.name)?.start();
    return service;
  }

  private get config(): McpConfig {
    return this.file.config;
  }

  async view(): Promise<McpSettingsView> {
    // A broken file may have been fixed by hand since: read it again rather than ask for a restart.
    if (this.file.error) await this.file.load();
    return {
      servers: this.config.servers.map((server) => this.serverView(server)),
      startAtLaunch: this.config.startAtLaunch,
      ...(this.file.error && { configError: this.file.error }),
      secretsEncrypted: this.encryptionAvailable,
    };
  }

  /** Adds or edits a server; a running server whose settings changed is restarted with them, one not running starts. */
  async saveServer(input: McpServerInput): Promise<McpSettingsView> {
    if (!SERVER_NAME.test(input.name)) throw new AppError('invalid_input', this.strings().badServerName);
    await this.replace((config) => {
      const previous = input.previousName ? config.servers.find((s) => s.name === input.previousName) : undefined;
      if (input.previousName && !previous) throw new AppError('not_found', this.strings().noSuchServer(input.previousName));
      if (input.name !== input.previousName && config.servers.some((s) => s.name === input.name))
        throw new AppError('invalid_input', this.strings().nameTaken(input.name));
      const server = serverFromInput(input, previous, this.strings());
      return { ...config, servers: previous ? config.servers.map((s) => (s === previous ? server : s)) : [...config.servers, server] };
    });
    this.startSaved([input.name]);
    return this.view();
  }

  async removeServer(name: string): Promise<McpSettingsView> {
    await this.replace((config) => {
      if (!config.servers.some((s) => s.name === name)) throw new AppError('not_found', this.strings().noSuchServer(name));
      return { ...config, servers: config.servers.filter((s) => s.name !== name) };
    });
    return this.view();
  }

  /** Adds the servers of a pasted or imported config (same name: replaced), and starts them. Validated whole first. */
  async importConfig(text: string): Promise<McpSettingsView> {
    const parsed = parseMcpConfig(text, this.strings());
    if (!parsed.ok) throw new AppError('invalid_input', parsed.message);
    const incoming = new Map(parsed.config.servers.map((s) => [s.name, s]));
    await this.replace((config) => ({
      ...config,
      servers: [...config.servers.filter((s) => !incoming.has(s.name)), ...incoming.values()],
    }));
    this.startSaved([...incoming.keys()]);
    return this.view();
  }

  /** Turns tools of a server on or off (the model is never offered one that is off); no restart is needed. */
  async setTools(serverName: string, tools: readonly string[], on: boolean): Promise<McpSettingsView> {
    await this.replace((config) => {
      if (!config.servers.some((s) => s.name === serverName)) throw new AppError('not_found', this.strings().noSuchServer(serverName));
      const named = new Set(tools);
      return {
        ...config,
        servers: config.servers.map((s) =>
          s.name !== serverName
            ? s
            : { ...s, disabledTools: on ? s.disabledTools.filter((t) => !named.has(t)) : [...new Set([...s.disabledTools, ...tools])] },
        ),
      };
    });
    return this.view();
  }

  async setOptions(options: { startAtLaunch: boolean }): Promise<McpSettingsView> {
    await this.replace((config) => ({ ...config, startAtLaunch: options.startAtLaunch }));
    return this.view();
  }

  async restartServer(name: string): Promise<McpSettingsView> {
    const connection = this.connection(name);
    if (!connection) throw new AppError('not_found', this.strings().noSuchServer(name));
    await connection.restart();
    return this.view();
  }

  async revoke(serverName: string, tool: string): Promise<McpSettingsView> {
    await this.replace((config) => withAlwaysAllow(config, serverName, (list) => list.filter((t) => t !== tool)));
    return this.view();
  }

  // ---- ToolHost ----

  alwaysAllowed(server: string): readonly string[] {
    return this.server(server)?.alwaysAllow ?? [];
  }

  async allowAlways(serverName: string, tool: string): Promise<void> {
    await this.replace((config) => withAlwaysAllow(config, serverName, (list) => (list.includes(tool) ? list : [...list, tool])));
  }

  async callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress?: (progress: Progress) => void,
  ): Promise<CallToolResult> {
    const connection = this.connection(server);
    if (!connection) throw new Error(this.strings().serverNotConfigured(server));
    return connection.callTool(tool, args, signal, onProgress);
  }

  /**
   * The tools a chat is offered: those of `selection` (server names; undefined = every enabled server), starting
   * servers that have not started yet. A server that fails to start offers nothing and shows its error.
   */
  async toolsFor(selection: readonly string[] | undefined, hooks: ToolCallHooks): Promise<AgentTool[]> {
    if (this.disposed) return [];
    const chosen = this.config.servers.filter((s) => s.enabled && (selection === undefined || selection.includes(s.name)));
    const connections = chosen.map((s) => this.connection(s.name)!);
    await Promise.all(connections.map((c) => c.startIfNeeded()));
    const ready = connections
      .filter((c) => c.state.status === 'ready')
      .map((c) => ({ name: c.config.name, tools: c.tools, disabledTools: c.config.disabledTools }));
    const picked = selectTools(ready);
    if (picked.leftOut > 0) this.log?.(`MCP: ${picked.leftOut} tools that are on were left out of the request (at most 128 per request).`);
    return adaptTools(picked.servers, this, hooks, this.progressClock);
  }

  /** Process ids of running stdio servers (for the test that no child outlives the app). */
  childPids(): number[] {
    return [...this.connections.values()].map((c) => c.pid).filter((pid): pid is number => pid !== null);
  }

  /** Stops every server; resolves when every child process has ended. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.connections.values()].map((c) => c.stop()));
    this.connections.clear();
    await this.file.flush();
  }

  // ---- internals ----

  /** Starts the named servers that are enabled and not running (a saved or imported server shows whether it works). */
  private startSaved(names: readonly string[]): void {
    if (this.disposed) return;
    for (const name of names) if (this.server(name)?.enabled) void this.connection(name)?.startIfNeeded();
  }

  private server(name: string): McpServerConfig | undefined {
    return this.config.servers.find((s) => s.name === name);
  }

  /** The connection of a configured server, made on first use and kept in step with its config. */
  private connection(name: string): McpConnection | undefined {
    const server = this.server(name);
    if (!server) return undefined;
    let connection = this.connections.get(name);
    if (!connection) {
      connection = new McpConnection(server, this.connectionOptions, () => undefined);
      this.connections.set(name, connection);
    }
    return connection;
  }

  /**
   * Applies `change` to mcp.json as it is on disk now (a hand edit is kept) and brings connections in line:
   * removed or changed servers stop; changed running ones restart.
   */
  private async replace(change: (config: McpConfig) => McpConfig): Promise<void> {
    const { before: was } = await this.file.update(change);
    const before = new Map(was.servers.map((s) => [s.name, s]));
    for (const [name, connection] of [...this.connections]) {
      const now = this.server(name);
      const old = before.get(name);
      if (now && old && sameLaunch(now, old)) {
        // Same process: only the always-allowed list or the name changed; keep the connection with the new config.
        Object.assign(connection.config, now);
        continue;
      }
      const wasRunning =
        connection.state.status === 'ready' || connection.state.status === 'starting' || connection.state.status === 'error';
      this.connections.delete(name);
      await connection.stop();
      if (now?.enabled && wasRunning && !this.disposed) void this.connection(name)!.start();
    }
  }

  private serverView(server: McpServerConfig): McpServerView {
    return {
      ...launchFields(server),
      envKeys: Object.keys(server.env),
      headerKeys: Object.keys(server.headers),
      enabled: server.enabled,
      alwaysAllow: server.alwaysAllow,
      disabledTools: server.disabledTools,
      state: server.enabled ? (this.connections.get(server.name)?.state ?? { status: 'idle' }) : { status: 'stopped' },
    };
  }
}

/** Whether two configs run the same process (the always-allowed list does not matter). */
function sameLaunch(a: McpServerConfig, b: McpServerConfig): boolean {
  const key = (s: McpServerConfig) => JSON.stringify([s.transport, s.command, s.args, s.cwd, s.url, s.env, s.headers, s.enabled]);
  return key(a) === key(b);
}

/** The stored form of an edited server: a secret sent as `null` keeps its stored value; its approvals are kept. */
function serverFromInput(input: McpServerInput, previous: McpServerConfig | undefined, strings: McpStrings): McpServerConfig {
  const keep = (next: Record<string, string | null> | undefined, stored: Record<string, string> | undefined) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(next ?? {})) {
      const resolved = value ?? stored?.[key];
      if (resolved !== undefined) out[key] = resolved;
    }
    return out;
  };
  const server: McpServerConfig = {
    name: input.name,
    transport: input.transport,
    ...(input.transport === 'stdio'
      ? { command: input.command?.trim(), args: input.args ?? [], ...(input.cwd?.trim() && { cwd: input.cwd.trim() }) }
      : { url: input.url?.trim() }),
    env: input.transport === 'stdio' ? keep(input.env, previous?.env) : {},
    headers: input.transport === 'http' ? keep(input.headers, previous?.headers) : {},
    enabled: input.enabled,
    alwaysAllow: previous?.alwaysAllow ?? [],
    disabledTools: previous?.disabledTools ?? [],
  };
  if (server.transport === 'stdio' && !server.command) throw new AppError('invalid_input', strings.needsCommand);
  if (server.transport === 'http' && !/^https?:\/\/\S+$/i.test(server.url ?? '')) throw new AppError('invalid_input', strings.needsUrl);
  return server;
}

/** `config` with the always-allowed list of `serverName` changed by `change` (no such server: unchanged). */
function withAlwaysAllow(config: McpConfig, serverName: string, change: (list: string[]) => string[]): McpConfig {
  return { ...config, servers: config.servers.map((s) => (s.name === serverName ? { ...s, alwaysAllow: change(s.alwaysAllow) } : s)) };
}
