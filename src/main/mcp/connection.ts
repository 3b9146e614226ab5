// One MCP server: its transport (a child process over stdio, or Streamable HTTP with the SDK's SSE fallback), its
// state, and its calls. Every step has a timeout; a server that fails or dies becomes `error` with the last lines
// of its stderr, its calls in flight fail at once, and nothing it does can throw into main. A server that failed
// while in use starts again when a call next needs it. Every call asks for progress; a progress report restarts
// the call's timeout, up to the most one call may take in all.
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type CallToolResult, type Progress, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerState } from '../../shared/mcp.js';
import { CallQueue } from './call-queue.js';
import type { McpServerConfig } from './config.js';
import type { McpStrings } from './strings.js';
import { offered, runsAlone } from './tool-traits.js';

export interface McpTimeouts {
  /** Spawning (or reaching) the server and the initialize handshake together. */
  startMs: number;
  /** One tool call without an answer or a progress report (each report starts it again). */
  callMs: number;
  /** One tool call in all, however often it reports progress. */
  callMaxMs: number;
}

export const DEFAULT_MCP_TIMEOUTS: McpTimeouts = { startMs: 30_000, callMs: 120_000, callMaxMs: 600_000 };

/** Lines of stderr kept for the error state. */
const STDERR_LINES = 12;
/** A stdio message may be this large (the SDK's default, 10 MB, closes the connection on a 10 MB tool result). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** What every connection of the app shares: its time limits, its size limit, and the words of its errors. */
export interface McpConnectionOptions {
  timeouts: McpTimeouts;
  /** The largest message a stdio server may send; a larger tool result fails its call and stops the server. */
  maxMessageBytes: number;
  strings: () => McpStrings;
}

export class McpConnection {
  state: McpServerState = { status: 'idle' };
  tools: Tool[] = [];
  private client: Client | undefined;
  private transport: Transport | undefined;
  private starting: Promise<void> | undefined;
  private stderrTail: string[] = [];
  /** Calls that change things run one after another (see tool-traits.ts). */
  private readonly queue = new CallQueue();
  /** One controller per call sent and not yet answered: a failing server ends them at once, not at their timeout. */
  private readonly inFlight = new Set<AbortController>();
  /** The server failed while it was in use: the next call starts it again. */
  private failedInUse = false;
  private partialLine = '';
  /** Bumped by every start and stop, so a late callback of an old transport changes nothing. */
  private generation = 0;

  constructor(
    readonly config: McpServerConfig,
    private readonly options: McpConnectionOptions,
    private readonly onChange: () => void,
  ) {}

  private get timeouts(): McpTimeouts {
    return this.options.timeouts;
  }

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

  /**
   * Starts the server if it has not started, was stopped, or failed while in use, and waits for a start under way; a
   * failed start is not retried.
   */
  startIfNeeded(): Promise<void> {
    const { status } = this.state;
    if (status === 'starting') return this.starting ?? Promise.resolve();
    return status === 'idle' || status === 'stopped' || (status === 'error' && this.failedInUse) ? this.start() : Promise.resolve();
  }

  /** Stops and starts again (after a crash, or when asked). */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Closes the connection; a stdio child is ended (stdin closed, then SIGTERM, then SIGKILL) before this resolves. */
  async stop(): Promise<void> {
    this.generation += 1;
    this.failedInUse = false;
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
   * Calls a tool, after the server's earlier calls unless it is read-only; the server's progress reports go to
   * `onProgress`. Rejects with a readable message on timeout, cancellation, a dead server or a protocol error.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress: (progress: Progress) => void = () => undefined,
  ): Promise<CallToolResult> {
    const tool = this.tools.find((t) => t.name === name);
    return this.queue.run(runsAlone(tool), signal, () => this.send(name, args, signal, onProgress));
  }

  private async send(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress: (progress: Progress) => void,
  ): Promise<CallToolResult> {
    // Only a server that failed while in use: a call never starts one that is off or was stopped.
    if (this.state.status === 'error' && this.failedInUse) await this.start();
    const client = this.client;
    if (!client || this.state.status !== 'ready') throw new Error(this.unavailableText());
    // The SDK never removes the abort listener it adds per request: give it a signal that lives for this call only,
    // so a run's signal does not collect one listener per tool call.
    const call = new AbortController();
    this.inFlight.add(call);
    const forward = () => call.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    // The SDK checks the total only when a report arrives: this ends a call that reports past it, whatever it does.
    let overTime = false;
    const deadline = setTimeout(() => {
      overTime = true;
      call.abort(new Error('over time'));
    }, this.timeouts.callMaxMs);
    try {
      return (await client.callTool({ name, arguments: args }, undefined, {
        signal: call.signal,
        timeout: this.timeouts.callMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: this.timeouts.callMaxMs,
        // Asking for progress is what puts a progressToken in the call's _meta.
        onprogress: (progress) => {
          if (this.client === client) onProgress(progress);
        },
      })) as CallToolResult;
    } catch (error) {
      if (signal.aborted) throw new Error('Operation aborted');
      // A call that failed because the server died says so, with what the server last printed.
      if ((this.state as McpServerState).status === 'error') throw new Error(this.unavailableText());
      const strings = this.options.strings();
      if (overTime || isTimeout(error, 'total')) throw new Error(strings.callOverTime(Math.round(this.timeouts.callMaxMs / 1000)));
      if (isTimeout(error, 'quiet')) throw new Error(strings.callTimedOut(Math.round(this.timeouts.callMs / 1000)));
      throw new Error(shortError(error));
    } finally {
      clearTimeout(deadline);
      this.inFlight.delete(call);
      signal.removeEventListener('abort', forward);
    }
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    // One start again per failure in use: a server that then fails to start waits for Restart.
    this.failedInUse = false;
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
        ? this.options.strings().startTimedOut(Math.round(this.timeouts.startMs / 1000))
        : startError(error, this.config, this.options.strings());
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
        maxBufferSize: this.options.maxMessageBytes,
      });
      // The SDK drops an oversize message and closes, but the close waits for the child (and its children) to end:
      // the call would wait for its timeout while the server looks ready. Fail it now instead.
      transport.onerror = (error) => {
        if (OVERSIZE.test(error.message) && this.transport === transport) void this.fail(this.tooLargeText());
      };
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
      if (generation === this.generation && this.state.status === 'ready') void this.fail(this.options.strings().serverStopped);
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

  /** Marks the server failed at once (calls in flight fail with it), then adds the stderr lines still arriving. */
  private async fail(message: string): Promise<void> {
    if (this.state.status === 'ready') this.failedInUse = true;
    const client = this.client;
    this.client = undefined;
    this.transport = undefined;
    this.tools = [];
    const failed: McpServerState = { status: 'error', message, stderr: [...this.stderrTail] };
    this.setState(failed);
    for (const call of [...this.inFlight]) call.abort(new Error(message));
    // Let the last stderr bytes of a dying process arrive before they are shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (this.partialLine) this.stderrTail = [...this.stderrTail, this.partialLine].slice(-STDERR_LINES);
    if (this.state === failed) this.setState({ ...failed, stderr: [...this.stderrTail] });
    await client?.close().catch(() => undefined);
  }

  private tooLargeText(): string {
    return this.options.strings().resultTooLarge(Math.round((this.options.maxMessageBytes / (1024 * 1024)) * 100) / 100);
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
      return this.options.strings().serverFailed(this.config.name, this.state.message) + tail;
    }
    return this.options.strings().serverNotRunning(this.config.name);
  }

  private setState(state: McpServerState): void {
    this.state = state;
    this.onChange();
  }
}

/** Whether `error` is the SDK's timeout of a call: `total` past maxTotalTimeout, `quiet` without answer or progress. */
function isTimeout(error: unknown, kind: 'total' | 'quiet'): boolean {
  if (!(error instanceof McpError) || error.code !== (ErrorCode.RequestTimeout as number)) return false;
  const total = typeof (error.data as { maxTotalTimeout?: unknown } | undefined)?.maxTotalTimeout === 'number';
  return kind === 'total' ? total : !total;
}

/** How the SDK's stdio read buffer says a message was over its size (`ReadBuffer exceeded maximum size of N bytes`). */
const OVERSIZE = /^ReadBuffer exceeded maximum size/;

function startError(error: unknown, config: McpServerConfig, strings: McpStrings): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ENOENT') return strings.commandNotFound(config.command ?? '');
  if (code === 'EACCES') return strings.commandNotRunnable(config.command ?? '');
  const text = shortError(error);
  if (/connection closed/i.test(text)) return strings.exitedDuringStart;
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
