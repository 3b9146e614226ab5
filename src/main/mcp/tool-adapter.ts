// MCP tools as the agent's tools: namespaced names the model sees (`server__tool`, unique across servers, within
// OpenAI's 64-character `^[A-Za-z0-9_-]+$`), the server's JSON schema as parameters, approval before each call,
// and MCP results turned into transcript content (text, images; long text shortened).
import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ImagePart, TextPart } from '../../shared/messages.js';
import { TOOL_NAME_SEPARATOR, type ApprovalDecision, type McpToolResultDetails, type ToolCallState } from '../../shared/mcp.js';
import type { AgentTool, AgentToolResult } from '../agent/types.js';
import { jsonPictures } from '../llm/tool-pictures.js';
import { approvalNeed, approvalOutcome, DECLINED_TEXT } from './approvals.js';
import { MCP_STRINGS, type McpStrings } from './strings.js';
import { ProgressGate, toolCallProgress, type ProgressClock } from './progress.js';
import { offered } from './tool-traits.js';

/** Text a result keeps for the model and the transcript; the rest is cut with a note saying how much there was. */
export const MAX_RESULT_CHARS = 100_000;
/** Base64 characters of one image kept in a result (about 3.7 MB decoded). */
export const MAX_IMAGE_CHARS = 5_000_000;
const MAX_NAME = 64;

/** A tool call waiting for the person's answer. */
export interface ApprovalRequest {
  toolCallId: string;
  server: string;
  tool: string;
}

/** What a chat gives its MCP tools: how to ask the person, and where to report each call's state. */
export interface ToolCallHooks {
  /** Resolves with the answer, or `cancelled` when the run stopped while asking. */
  requestApproval(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision | 'cancelled'>;
  onStatus(state: ToolCallState): void;
}

/** What the adapter needs from the servers. */
export interface ToolHost {
  alwaysAllowed(server: string): readonly string[];
  allowAlways(server: string, tool: string): Promise<void>;
  /** Calls a tool; the server's progress reports, if it sends any, go to `onProgress`. */
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress?: (progress: Progress) => void,
  ): Promise<CallToolResult>;
  /** The words of a call's errors, in the person's language. */
  strings(): McpStrings;
}

/** The model-facing name of each tool, unique across `servers` (a clash after cleaning gets a numbered suffix). */
export function namespacedTools(
  servers: ReadonlyArray<{ name: string; tools: readonly Tool[] }>,
): Array<{ name: string; server: string; tool: Tool }> {
  const used = new Set<string>();
  const out: Array<{ name: string; server: string; tool: Tool }> = [];
  for (const server of servers) {
    for (const tool of server.tools) {
      const base = `${server.name}${TOOL_NAME_SEPARATOR}${tool.name.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, MAX_NAME);
      let name = base;
      for (let n = 2; used.has(name); n++) name = `${base.slice(0, MAX_NAME - String(n).length - 1)}_${n}`;
      used.add(name);
      out.push({ name, server: server.name, tool });
    }
  }
  return out;
}

export function adaptTools(
  servers: ReadonlyArray<{ name: string; tools: readonly Tool[] }>,
  host: ToolHost,
  hooks: ToolCallHooks,
  clock?: ProgressClock,
): AgentTool[] {
  const offeredTools = servers.map((server) => ({ name: server.name, tools: server.tools.filter(offered) }));
  return namespacedTools(offeredTools).map(({ name, server, tool }) => adaptTool(name, server, tool, host, hooks, clock));
}

function adaptTool(
  name: string,
  server: string,
  tool: Tool,
  host: ToolHost,
  hooks: ToolCallHooks,
  clock: ProgressClock | undefined,
): AgentTool<Record<string, unknown>, McpToolResultDetails> {
  const { $schema: _dialect, ...parameters } = tool.inputSchema as Record<string, unknown>;
  return {
    name,
    description: (tool.description ?? tool.title ?? tool.name).slice(0, 1_024),
    parameters,
    async execute(toolCallId, args, signal) {
      const startedAt = Date.now();
      const report = (status: ToolCallState['status'], endedAt?: number, progress?: ToolCallState['progress']) =>
        hooks.onStatus({
          toolCallId,
          status,
          server,
          tool: tool.name,
          startedAt,
          ...(endedAt !== undefined && { endedAt }),
          ...(progress && { progress }),
        });
      const details = (extra?: Partial<McpToolResultDetails>): McpToolResultDetails => ({
        server,
        tool: tool.name,
        durationMs: Date.now() - startedAt,
        ...extra,
      });

      if (approvalNeed(host.alwaysAllowed(server), tool.name) === 'ask') {
        report('approval');
        const outcome = approvalOutcome(await hooks.requestApproval({ toolCallId, server, tool: tool.name }, signal));
        if (outcome.ended === 'cancelled' || signal.aborted) {
          report('failed', Date.now());
          throw new Error('Operation aborted');
        }
        if (outcome.ended === 'denied') {
          report('denied', Date.now());
          return { content: [{ type: 'text', text: DECLINED_TEXT }], details: details({ denied: true }) };
        }
        if (outcome.remember) await host.allowAlways(server, tool.name).catch(() => undefined);
      }
      report('running');
      const progress = new ProgressGate((latest) => report('running', undefined, latest), clock);
      try {
        const result = await host.callTool(server, tool.name, args ?? {}, signal, (p) => progress.push(toolCallProgress(p)));
        progress.close();
        const converted = convertResult(result, host.strings());
        if (result.isError) throw new Error(converted.text || host.strings().toolReportedError);
        report('done', Date.now());
        return {
          content: converted.content,
          details: details(converted.originalChars !== undefined ? { originalChars: converted.originalChars } : {}),
        };
      } catch (error) {
        progress.close();
        report('failed', Date.now());
        throw error;
      }
    },
  };
}

/** MCP content → transcript content. Text is capped at MAX_RESULT_CHARS in total; what cannot be shown is named. */
export function convertResult(
  result: CallToolResult,
  strings: McpStrings = MCP_STRINGS.en,
): { content: AgentToolResult['content']; text: string; originalChars?: number } {
  const content: Array<TextPart | ImagePart> = [];
  let budget = MAX_RESULT_CHARS;
  let total = 0;
  const pushText = (text: string) => {
    total += text.length;
    const kept = text.slice(0, Math.max(0, budget));
    budget -= kept.length;
    if (kept) content.push({ type: 'text', text: kept });
  };
  const pushImage = (data: string, mimeType: string) => {
    if (content.some((part) => part.type === 'image' && part.data === data)) return;
    if (data.length <= MAX_IMAGE_CHARS && /^image\/(png|jpeg|gif|webp)$/.test(mimeType)) content.push({ type: 'image', data, mimeType });
    else pushText(`[image ${mimeType} omitted: too large or not a supported format]`);
  };
  // JSON text holding base64 pictures (`read_media_file`) keeps them as pictures, whole, before text is shortened.
  const pushTextOrPictures = (text: string) => {
    const found = jsonPictures(text);
    if (!found) return pushText(text);
    for (const picture of found.pictures) pushImage(picture.data, picture.mimeType);
    if (found.rest !== undefined) pushText(found.rest);
  };
  const parts: unknown = result.content;
  if (!Array.isArray(parts)) throw new Error(strings.resultWithoutContent);
  for (const part of parts as CallToolResult['content']) {
    switch (part.type) {
      case 'text':
        pushTextOrPictures(part.text);
        break;
      case 'image':
        pushImage(part.data, part.mimeType);
        break;
      case 'audio':
        pushText(`[audio ${part.mimeType} omitted]`);
        break;
      case 'resource':
        pushText(
          'text' in part.resource && typeof part.resource.text === 'string' ? part.resource.text : `[resource ${part.resource.uri}]`,
        );
        break;
      case 'resource_link':
        pushText(`[${part.name}](${part.uri})`);
        break;
      default:
        pushText(`[unsupported content: ${String((part as { type?: unknown }).type)}]`);
    }
  }
  if (result.structuredContent !== undefined && !content.some((part) => part.type === 'text'))
    pushTextOrPictures(JSON.stringify(result.structuredContent));
  const truncated = total > MAX_RESULT_CHARS;
  if (truncated)
    content.push({
      type: 'text',
      text: `\n[Result shortened: ${MAX_RESULT_CHARS.toLocaleString('en')} of ${total.toLocaleString('en')} characters shown.]`,
    });
  const text = content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { content, text, ...(truncated && { originalChars: total }) };
}
