// mcp.json: the `mcpServers` format Claude Desktop, Cursor and Cherry Studio use (plus Cline's `disabled` and
// `alwaysAllow`, and Roo Code's `disabledTools`), so a config can be pasted or imported as is. Pure: parsing and the
// shape in memory, no I/O.
//
//   { "mcpServers": { "<name>": { "command", "args"?, "env"?, "cwd"? } | { "url", "headers"?, "type"? } … },
//     "tinyAgent": { "startAtLaunch"? } }
//
// Secret values (env, headers) are written as `enc:v1:<base64>` (the SecretBox's ciphertext); a plaintext value
// found in the file (pasted by hand) is accepted and encrypted by the next save.
import { z } from 'zod';
import type { McpServerLaunch } from '../../shared/mcp.js';
import { MCP_STRINGS, type McpStrings } from './strings.js';

export const ENCRYPTED_PREFIX = 'enc:v1:';

/** One server in memory, secrets in plaintext (main only). */
export interface McpServerConfig extends McpServerLaunch {
  env: Record<string, string>;
  headers: Record<string, string>;
  enabled: boolean;
  alwaysAllow: string[];
  /** Tools of this server the person turned off: never offered to the model. */
  disabledTools: string[];
}

export interface McpConfig {
  servers: McpServerConfig[];
  startAtLaunch: boolean;
}

export const EMPTY_MCP_CONFIG: McpConfig = { servers: [], startAtLaunch: false };

/** Server names become part of tool names the model sees: letters, digits, `-` and `_`, as OpenAI requires. */
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const stringMap = z.record(z.string(), z.string());
const serverEntry = z.looseObject({
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().optional(),
  url: z.string().url().optional(),
  headers: stringMap.optional(),
  type: z.string().optional(),
  disabled: z.boolean().optional(),
  alwaysAllow: z.array(z.string()).optional(),
  disabledTools: z.array(z.string()).optional(),
});
const fileSchema = z.looseObject({
  mcpServers: z.record(z.string(), serverEntry).default({}),
  tinyAgent: z.looseObject({ startAtLaunch: z.boolean().optional() }).optional(),
});

/** A server entry of the file, secrets still as written (encrypted or plaintext). */
export type RawServerEntry = z.infer<typeof serverEntry>;

export type ParsedConfig = { ok: true; config: McpConfig } | { ok: false; message: string };

/**
 * Parses mcp.json text (or a pasted config: a whole file, or just the `mcpServers` object). Secret values are
 * returned as written; `decrypt` turns them into plaintext. A refusal says why in the words of `strings`.
 */
export function parseMcpConfig(text: string, strings: McpStrings = MCP_STRINGS.en): ParsedConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: strings.notJson(error instanceof Error ? error.message : String(error)) };
  }
  // A pasted bare `{ "name": { "command": … } }` is accepted too.
  if (json && typeof json === 'object' && !Array.isArray(json) && !('mcpServers' in json) && Object.values(json).every(isServerLike)) {
    json = { mcpServers: json };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: strings.notMcpServersFormat(z.prettifyError(parsed.error)) };
  const servers: McpServerConfig[] = [];
  for (const [name, entry] of Object.entries(parsed.data.mcpServers)) {
    if (!SERVER_NAME.test(name)) return { ok: false, message: strings.badServerNameIn(name) };
    if (!entry.command && !entry.url) return { ok: false, message: strings.needsCommandOrUrl(name) };
    servers.push({
      name,
      transport: entry.command ? 'stdio' : 'http',
      ...(entry.command !== undefined && { command: entry.command }),
      ...(entry.args !== undefined && { args: entry.args }),
      ...(entry.cwd !== undefined && { cwd: entry.cwd }),
      ...(entry.url !== undefined && !entry.command && { url: entry.url }),
      env: entry.env ?? {},
      headers: entry.headers ?? {},
      enabled: entry.disabled !== true,
      alwaysAllow: entry.alwaysAllow ?? [],
      disabledTools: entry.disabledTools ?? [],
    });
  }
  return { ok: true, config: { servers, startAtLaunch: parsed.data.tinyAgent?.startAtLaunch ?? false } };
}

function isServerLike(value: unknown): boolean {
  return Boolean(value) && typeof value === 'object' && ('command' in (value as object) || 'url' in (value as object));
}

/** The file text for `config`, whose secret values have already been replaced by what may be written. */
export function serializeMcpConfig(config: McpConfig): string {
  const mcpServers: Record<string, Record<string, unknown>> = {};
  for (const server of config.servers) {
    const entry: Record<string, unknown> = {};
    if (server.transport === 'stdio') {
      entry.command = server.command;
      if (server.args?.length) entry.args = server.args;
      if (Object.keys(server.env).length) entry.env = server.env;
      if (server.cwd) entry.cwd = server.cwd;
    } else {
      entry.type = 'streamable-http';
      entry.url = server.url;
      if (Object.keys(server.headers).length) entry.headers = server.headers;
    }
    if (!server.enabled) entry.disabled = true;
    if (server.alwaysAllow.length) entry.alwaysAllow = server.alwaysAllow;
    if (server.disabledTools.length) entry.disabledTools = server.disabledTools;
    mcpServers[server.name] = entry;
  }
  return `${JSON.stringify({ mcpServers, tinyAgent: { startAtLaunch: config.startAtLaunch } }, null, 2)}\n`;
}

/** Maps every secret value (env and headers) of every server. */
export async function mapSecrets(config: McpConfig, map: (value: string) => Promise<string | undefined>): Promise<McpConfig> {
  const mapRecord = async (record: Record<string, string>) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) {
      const mapped = await map(value);
      if (mapped !== undefined) out[key] = mapped;
    }
    return out;
  };
  const servers: McpServerConfig[] = [];
  for (const server of config.servers)
    servers.push({ ...server, env: await mapRecord(server.env), headers: await mapRecord(server.headers) });
  return { ...config, servers };
}
