// MCP for the app: mcp.json (secrets encrypted with the SecretBox), one connection per server, and the tools a chat
// is offered. Servers start when a chat first needs them, or at launch when that is set; a config change restarts
// the server; dispose() ends every child process before it resolves.
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../shared/errors.js';
import { launchFields, type McpServerInput, type McpServerView, type McpSettingsView } from '../../shared/mcp.js';
import type { AgentTool } from '../agent/types.js';
import type { SecretBox } from '../settings/secret-box.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';
import {
  ENCRYPTED_PREFIX,
  EMPTY_MCP_CONFIG,
  mapSecrets,
  parseMcpConfig,
  serializeMcpConfig,
  SERVER_NAME,
  type McpConfig,
  type McpServerConfig,
} from './config.js';
import { DEFAULT_MCP_TIMEOUTS, McpConnection, type McpTimeouts } from './connection.js';
import { adaptTools, type ToolCallHooks, type ToolHost } from './tool-adapter.js';

export interface McpServiceOptions {
  dataDir: string;
  secrets: SecretBox;
  timeouts?: Partial<McpTimeouts>;
  log?: (message: string) => void;
}

export class McpService implements ToolHost {
  private config: McpConfig = EMPTY_MCP_CONFIG;
  private configError: string | undefined;
  private encryptionAvailable = false;
  private readonly connections = new Map<string, McpConnection>();
  private writes: Promise<void> = Promise.resolve();
  private disposed = false;
  private readonly timeouts: McpTimeouts;
  private readonly path: string;

  private constructor(private readonly options: McpServiceOptions) {
    this.timeouts = { ...DEFAULT_MCP_TIMEOUTS, ...options.timeouts };
    this.path = join(options.dataDir, 'mcp.json');
  }

  /** Reads mcp.json. Never throws: a file that is not valid is reported in the view and left untouched. */
  static async open(options: McpServiceOptions): Promise<McpService> {
    const service = new McpService(options);
    service.encryptionAvailable = await options.secrets.isAsyncEncryptionAvailable().catch(() => false);
    await service.load();
    if (service.config.startAtLaunch)
      for (const server of service.config.servers) if (server.enabled) void service.connection(server.name)?.start();
    return service;
  }

  async view(): Promise<McpSettingsView> {
    // A broken file may have been fixed by hand since: read it again rather than ask for a restart.
    if (this.configError) await this.load();
    return {
      servers: this.config.servers.map((server) => this.serverView(server)),
      startAtLaunch: this.config.startAtLaunch,
      ...(this.configError && { configError: this.configError }),
      secretsEncrypted: this.encryptionAvailable,
    };
  }

  /** Adds or edits a server; a running server whose settings changed is restarted with them. */
  async saveServer(input: McpServerInput): Promise<McpSettingsView> {
    const previous = input.previousName ? this.server(input.previousName) : undefined;
    if (input.previousName && !previous) throw new AppError('not_found', `No MCP server "${input.previousName}".`);
    if (!SERVER_NAME.test(input.name))
      throw new AppError('invalid_input', 'A server name may use only letters, digits, "-" and "_" (at most 32).');
    if (input.name !== input.previousName && this.server(input.name))
      throw new AppError('invalid_input', `A server named "${input.name}" already exists.`);
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
    };
    if (server.transport === 'stdio' && !server.command) throw new AppError('invalid_input', 'A stdio server needs a command.');
    if (server.transport === 'http' && !/^https?:\/\/\S+$/i.test(server.url ?? ''))
      throw new AppError('invalid_input', 'An HTTP server needs an http(s) URL.');
    const servers = previous ? this.config.servers.map((s) => (s === previous ? server : s)) : [...this.config.servers, server];
    await this.replace({ ...this.config, servers });
    return this.view();
  }

  async removeServer(name: string): Promise<McpSettingsView> {
    if (!this.server(name)) throw new AppError('not_found', `No MCP server "${name}".`);
    await this.replace({ ...this.config, servers: this.config.servers.filter((s) => s.name !== name) });
    return this.view();
  }

  /** Adds the servers of a pasted or imported config (same name: replaced). The text is validated whole first. */
  async importConfig(text: string): Promise<McpSettingsView> {
    const parsed = parseMcpConfig(text);
    if (!parsed.ok) throw new AppError('invalid_input', parsed.message);
    const incoming = new Map(parsed.config.servers.map((s) => [s.name, s]));
    const servers = [...this.config.servers.filter((s) => !incoming.has(s.name)), ...incoming.values()];
    await this.replace({ ...this.config, servers });
    return this.view();
  }

  async setOptions(options: { startAtLaunch: boolean }): Promise<McpSettingsView> {
    await this.replace({ ...this.config, startAtLaunch: options.startAtLaunch });
    return this.view();
  }

  async restartServer(name: string): Promise<McpSettingsView> {
    const connection = this.connection(name);
    if (!connection) throw new AppError('not_found', `No MCP server "${name}".`);
    await connection.restart();
    return this.view();
  }

  async revoke(serverName: string, tool: string): Promise<McpSettingsView> {
    const server = this.server(serverName);
    if (server)
      await this.replace({
        ...this.config,
        servers: this.config.servers.map((s) => (s === server ? { ...s, alwaysAllow: s.alwaysAllow.filter((t) => t !== tool) } : s)),
      });
    return this.view();
  }

  // ---- ToolHost ----

  alwaysAllowed(server: string): readonly string[] {
    return this.server(server)?.alwaysAllow ?? [];
  }

  async allowAlways(serverName: string, tool: string): Promise<void> {
    const server = this.server(serverName);
    if (!server || server.alwaysAllow.includes(tool)) return;
    await this.replace({
      ...this.config,
      servers: this.config.servers.map((s) => (s === server ? { ...s, alwaysAllow: [...s.alwaysAllow, tool] } : s)),
    });
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    const connection = this.connection(server);
    if (!connection) throw new Error(`MCP server "${server}" is no longer configured.`);
    return connection.callTool(tool, args, signal);
  }

  /**
   * The tools a chat is offered: those of `selection` (server names; undefined = every enabled server), starting
   * servers that have not started yet. A server that fails to start offers nothing and shows its error.
   */
  async toolsFor(selection: readonly string[] | undefined, hooks: ToolCallHooks): Promise<AgentTool[]> {
    if (this.disposed) return [];
    const chosen = this.config.servers.filter((s) => s.enabled && (selection === undefined || selection.includes(s.name)));
    const connections = chosen.map((s) => this.connection(s.name)!);
    await Promise.all(connections.map((c) => (c.state.status === 'idle' || c.state.status === 'stopped' ? c.start() : Promise.resolve())));
    const ready = connections.filter((c) => c.state.status === 'ready').map((c) => ({ name: c.config.name, tools: c.tools }));
    return adaptTools(ready, this, hooks);
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
    await this.writes;
  }

  // ---- internals ----

  private server(name: string): McpServerConfig | undefined {
    return this.config.servers.find((s) => s.name === name);
  }

  /** The connection of a configured server, made on first use and kept in step with its config. */
  private connection(name: string): McpConnection | undefined {
    const server = this.server(name);
    if (!server) return undefined;
    let connection = this.connections.get(name);
    if (!connection) {
      connection = new McpConnection(server, this.timeouts, () => undefined);
      this.connections.set(name, connection);
    }
    return connection;
  }

  /** Saves `next` and brings connections in line: removed or changed servers stop; changed running ones restart. */
  private async replace(next: McpConfig): Promise<void> {
    if (this.configError) throw new AppError('invalid_input', `${this.configError} Fix or remove mcp.json; it was left as it is.`);
    const before = new Map(this.config.servers.map((s) => [s.name, s]));
    await this.save(next);
    this.config = next;
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

  private async save(config: McpConfig): Promise<void> {
    const write = this.writes.then(async () => {
      const stored = await mapSecrets(config, async (value) =>
        this.encryptionAvailable ? ENCRYPTED_PREFIX + (await this.options.secrets.encryptStringAsync(value)).toString('base64') : undefined,
      );
      await writeFileAtomic(this.path, serializeMcpConfig(stored));
    });
    this.writes = write.catch(() => undefined);
    await write.catch((error: unknown) => {
      throw new AppError('storage', `mcp.json could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private async load(): Promise<void> {
    let text: string | undefined;
    try {
      text = await readFileIfExists(this.path);
    } catch (error) {
      this.configError = `mcp.json could not be read: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    if (text === undefined) {
      this.configError = undefined;
      return;
    }
    const parsed = parseMcpConfig(text);
    if (!parsed.ok) {
      this.configError = parsed.message;
      return;
    }
    this.configError = undefined;
    this.config = await mapSecrets(parsed.config, async (value) => {
      if (!value.startsWith(ENCRYPTED_PREFIX)) return value;
      if (!this.encryptionAvailable) return undefined;
      try {
        return (await this.options.secrets.decryptStringAsync(Buffer.from(value.slice(ENCRYPTED_PREFIX.length), 'base64'))).result;
      } catch {
        this.options.log?.('An MCP secret could not be decrypted; enter it again in Settings.');
        return undefined;
      }
    });
  }

  private serverView(server: McpServerConfig): McpServerView {
    return {
      ...launchFields(server),
      envKeys: Object.keys(server.env),
      headerKeys: Object.keys(server.headers),
      enabled: server.enabled,
      alwaysAllow: server.alwaysAllow,
      state: server.enabled ? (this.connections.get(server.name)?.state ?? { status: 'idle' }) : { status: 'stopped' },
    };
  }
}

/** Whether two configs run the same process (the always-allowed list does not matter). */
function sameLaunch(a: McpServerConfig, b: McpServerConfig): boolean {
  const key = (s: McpServerConfig) => JSON.stringify([s.transport, s.command, s.args, s.cwd, s.url, s.env, s.headers, s.enabled]);
  return key(a) === key(b);
}
