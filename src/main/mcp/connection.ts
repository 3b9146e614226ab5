// One MCP server: its transport (a child process over stdio, or Streamable HTTP with the SDK's SSE fallback), its
// state, and its calls. Every step has a timeout; a server that fails or dies becomes `error` with the last lines
// of its stderr, and nothing it does can throw into main.
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerState } from '../../shared/mcp.js';
import { CallQueue } from './call-queue.js';
import type { McpServerConfig } from './config.js';
import { offered, runsAlone } from './tool-traits.js';

export interface McpTimeouts {
  /** Spawning (or reaching) the server and the initialize handshake together. */
  startMs: number;
  /** One tool call, from request to result. */
  callMs: number;
}

export const DEFAULT_MCP_TIMEOUTS: McpTimeouts = { startMs: 30_000, callMs: 120_000 };

/** Lines of stderr kept for the error state. */
const STDERR_LINES = 12;
/** A stdio message may be this large (the SDK's default, 10 MB, closes the connection on a 10 MB tool result). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export class McpConnection {
  state: McpServerState = { status: 'idle' };
  tools: Tool[] = [];
  private client: Client | undefined;
  private transport: Transport | undefined;
  private starting: Promise<void> | undefined;
  private stderrTail: string[] = [];
  /** Calls that change things run one after another (see tool-traits.ts). */
  private readonly queue = new CallQueue();
  private partialLine = '';
  /** Bumped by every start and stop, so a late callback of an old transport changes nothing. */
  private generation = 0;

  constructor(
    readonly config: McpServerConfig,
    private readonly timeouts: McpTimeouts,
    private readonly onChange: () => void,
  ) {}

  /** The child's process id while a stdio server runs. */
  get pid(): number | null {
    return this.transport instanceof StdioClientTransport ? this.transport.pid : null;
  }

  /** Starts the server unless it is starting or ready; resolves when it is ready or has failed (never rejects). */
  start(): Promise<void> {
    if (this.state.status === 'ready') return Promise.resolve();
    if (!this.starting) {
      const starting: Promise<void> = this.connect().finally(() => {
        if (this.starting === starting) this.starting = undefined;
      });
      this.starting = starting;
    }
    return this.starting;
  }

  /** Stops and starts again (after a crash, or when asked). */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Closes the connection; a stdio child is ended (stdin closed, then SIGTERM, then SIGKILL) before this resolves. */
  async stop(): Promise<void> {
    this.generation += 1;
    // A start in flight belongs to the old generation: the next start() begins afresh.
    this.starting = undefined;
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    this.tools = [];
    if (this.state.status !== 'idle') this.setState({ status: 'stopped' });
    await (client ?? transport)?.close().catch(() => undefined);
  }

  /**
   * Calls a tool, after the server's earlier calls unless it is read-only. Rejects with a readable message on
   * timeout, cancellation, a dead server or a protocol error.
   */
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    const tool = this.tools.find((t) => t.name === name);
    return this.queue.run(runsAlone(tool), signal, () => this.send(name, args, signal));
  }

  private async send(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    const client = this.client;
    if (!client || this.state.status !== 'ready') throw new Error(this.unavailableText());
    // The SDK never removes the abort listener it adds per request: give it a signal that lives for this call only,
    // so a run's signal does not collect one listener per tool call.
    const call = new AbortController();
    const forward = () => call.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    try {
      return (await client.callTool({ name, arguments: args }, undefined, {
        signal: call.signal,
        timeout: this.timeouts.callMs,
      })) as CallToolResult;
    } catch (error) {
      if (signal.aborted) throw new Error('Operation aborted');
      // A call that failed because the server died says so, with what the server last printed.
      if ((this.state as McpServerState).status === 'error') throw new Error(this.unavailableText());
      throw new Error(shortError(error));
    } finally {
      signal.removeEventListener('abort', forward);
    }
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.stderrTail = [];
    this.partialLine = '';
    this.setState({ status: 'starting' });
    const deadline = AbortSignal.timeout(this.timeouts.startMs);
    try {
      const { client, transport } = await this.open(deadline);
      if (generation !== this.generation) {
        await client.close().catch(() => undefined);
        return;
      }
      const listed = await client.listTools(undefined, { signal: deadline, timeout: this.timeouts.startMs });
      if (generation !== this.generation) return;
      this.client = client;
      this.transport = transport;
      this.tools = listed.tools;
      const notOffered = listed.tools.filter((tool) => !offered(tool)).map((tool) => tool.name);
      this.setState({
        status: 'ready',
        toolCount: listed.tools.length,
        tools: listed.tools.map((tool) => tool.name),
        ...(notOffered.length && { notOffered }),
      });
    } catch (error) {
      if (generation !== this.generation) return;
      const message = deadline.aborted
        ? `The server did not answer within ${Math.round(this.timeouts.startMs / 1000)} s.`
        : startError(error, this.config);
      await this.fail(message);
    }
  }

  /** Connects (initialize included); HTTP servers that refuse Streamable HTTP are tried again over SSE. */
  private async open(deadline: AbortSignal): Promise<{ client: Client; transport: Transport }> {
    if (this.config.transport === 'stdio') {
      const transport = new StdioClientTransport({
        command: this.config.command!,
        args: this.config.args ?? [],
        env: { ...getDefaultEnvironment(), ...this.config.env },
        ...(this.config.cwd ? { cwd: this.config.cwd } : {}),
        stderr: 'pipe',
        maxBufferSize: MAX_MESSAGE_BYTES,
      });
      (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => this.collectStderr(chunk));
      return { client: await this.handshake(transport, deadline), transport };
    }
    const url = new URL(this.config.url!);
    const requestInit = { headers: this.config.headers };
    try {
      const transport = new StreamableHTTPClientTransport(url, { requestInit });
      return { client: await this.handshake(transport, deadline), transport };
    } catch (error) {
      if (deadline.aborted) throw error;
      const transport = new SSEClientTransport(url, {
        requestInit,
        eventSourceInit: {
          fetch: (input, init) =>
            fetch(input, { ...init, headers: { ...this.config.headers, ...(init?.headers as Record<string, string>) } }),
        },
      });
      return { client: await this.handshake(transport, deadline), transport };
    }
  }

  private async handshake(transport: Transport, deadline: AbortSignal): Promise<Client> {
    const client = new Client({ name: 'tiny-agent', version: '0.1.0' });
    const generation = this.generation;
    client.onclose = () => {
      // The server went away while it was in use: failed, restartable.
      if (generation === this.generation && this.state.status === 'ready') void this.fail('The server stopped.');
    };
    client.onerror = () => undefined;
    try {
      await client.connect(transport, { signal: deadline, timeout: this.timeouts.startMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** Marks the server failed at once (calls in flight see it), then adds the stderr lines still arriving. */
  private async fail(message: string): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.transport = undefined;
    this.tools = [];
    const failed: McpServerState = { status: 'error', message, stderr: [...this.stderrTail] };
    this.setState(failed);
    // Let the last stderr bytes of a dying process arrive before they are shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (this.partialLine) this.stderrTail = [...this.stderrTail, this.partialLine].slice(-STDERR_LINES);
    if (this.state === failed) this.setState({ ...failed, stderr: [...this.stderrTail] });
    await client?.close().catch(() => undefined);
  }

  private collectStderr(chunk: Buffer): void {
    const lines = (this.partialLine + chunk.toString('utf8')).split(/\r?\n/);
    this.partialLine = lines.pop()!.slice(-2_000);
    for (const line of lines) if (line.trim()) this.stderrTail.push(line.slice(0, 2_000));
    if (this.stderrTail.length > STDERR_LINES) this.stderrTail = this.stderrTail.slice(-STDERR_LINES);
  }

  private unavailableText(): string {
    if (this.state.status === 'error') {
      const tail = this.state.stderr.length ? `\n${this.state.stderr.slice(-3).join('\n')}` : '';
      return `MCP server "${this.config.name}" failed: ${this.state.message}${tail}`;
    }
    return `MCP server "${this.config.name}" is not running.`;
  }

  private setState(state: McpServerState): void {
    this.state = state;
    this.onChange();
  }
}

function startError(error: unknown, config: McpServerConfig): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ENOENT') return `Command not found: ${config.command}`;
  if (code === 'EACCES') return `Command cannot be run: ${config.command}`;
  const text = shortError(error);
  if (/connection closed/i.test(text)) return 'The server exited during start.';
  return text;
}

/** One readable line (at most 300 characters) of an error: no stack, no validation dump. */
export function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text
    .replace(/^(MCP error -?\d+: )+/, '')
    .split('\n')[0]!
    .trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line || 'Unknown error';
}
