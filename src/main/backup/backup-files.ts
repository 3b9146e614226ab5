// Which files of the data folder a backup holds, and the secrets left out of them (API keys, MCP env and headers).
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Top-level entries copied; everything else (the derived database, the lock, temp files) is rebuilt or transient. */
export const BACKED_UP = ['sessions', 'attachments', 'settings.json', 'mcp.json', 'ui-state.json'] as const;

/** Lists the data folder's files to back up, as forward-slash paths relative to `dataDir`, sorted. */
export async function listDataFiles(dataDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(path.join(dataDir, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(child);
    }
  };
  for (const top of BACKED_UP) {
    const stat = await fs.stat(path.join(dataDir, top)).catch(() => undefined);
    if (!stat) continue;
    if (stat.isDirectory()) await walk(top);
    else if (stat.isFile()) out.push(top);
  }
  return out.sort();
}

const HASH_CHUNK = 256 * 1024;
/** Read buffers handed back by finished hashes: a backup of 1,000 files allocates a few, not one per file and pass. */
const spareBuffers: Buffer[] = [];

/**
 * sha-256 (hex) of a file, read in 256 KiB chunks so main never hashes a large file in one task. The chunks go into a
 * reused buffer: a fresh 256 KiB one per small file made the collector pause main for tens of ms during a backup.
 */
export async function hashFile(file: string): Promise<string> {
  const buffer = spareBuffers.pop() ?? Buffer.allocUnsafe(HASH_CHUNK);
  try {
    const handle = await fs.open(file, 'r');
    try {
      const hash = createHash('sha256');
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, HASH_CHUNK, null);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
      }
      return hash.digest('hex');
    } finally {
      await handle.close();
    }
  } finally {
    if (spareBuffers.length < 4) spareBuffers.push(buffer);
  }
}

/** Keys whose values never leave the computer, wherever they sit in settings.json. */
const SECRET_KEYS = new Set(['encryptedApiKey', 'apiKey']);

/**
 * The text to back up for `rel` and the JSON paths left out. settings.json loses every API key; mcp.json loses every
 * value of each server's env and headers (those hold tokens). A file that is not JSON is kept as it is.
 */
export function stripSecrets(rel: string, text: string): { text: string; stripped: StrippedPath[] } {
  if (rel !== 'settings.json' && rel !== 'mcp.json') return { text, stripped: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { text, stripped: [] };
  }
  const stripped: StrippedPath[] = [];
  const visit = (node: unknown, at: string[]): void => {
    if (!node || typeof node !== 'object') return;
    for (const [at0, [key, value]] of Object.entries(node as Record<string, unknown>).entries()) {
      const here = [...at, key];
      const secretHere =
        rel === 'settings.json'
          ? SECRET_KEYS.has(key)
          : at.length === 3 && at[0] === 'mcpServers' && (at[2] === 'env' || at[2] === 'headers');
      if (secretHere && typeof value === 'string') {
        stripped.push({ keys: here, at: at0 });
        delete (node as Record<string, unknown>)[key];
      } else visit(value, here);
    }
  };
  visit(json, []);
  if (!stripped.length) return { text, stripped };
  return { text: inStyleOf(text, json), stripped };
}

/**
 * `value` as JSON written the way `like` was: its indent (spaces or a tab, or none) and whether it ends with a
 * newline. A file written by a JSON serializer (the app's own, an editor's) thus comes back from a restore with the
 * bytes it had; only hand-made layouts (aligned values, arrays kept on one line) come back normalized.
 */
function inStyleOf(like: string, value: unknown): string {
  const indent = /\n([ \t]+)\S/.exec(like)?.[1] ?? '';
  const newline = /\r?\n$/.exec(like)?.[0] ?? '';
  const text = JSON.stringify(value, null, indent);
  return `${newline === '\r\n' ? text.replace(/\n/g, '\r\n') : text}${newline}`;
}

/** A JSON path left out, and the key's position in its object (so putting it back restores the file's bytes). */
export interface StrippedPath {
  keys: string[];
  at: number;
}

/** Puts back into `backupText` the current values (from `currentText`) at the stripped paths that still exist here. */
export function restoreSecrets(backupText: string, currentText: string | undefined, paths: readonly StrippedPath[]): string {
  if (!paths.length || currentText === undefined) return backupText;
  let target: Record<string, unknown>;
  let current: unknown;
  try {
    target = JSON.parse(backupText) as Record<string, unknown>;
    current = JSON.parse(currentText);
  } catch {
    return backupText;
  }
  let changed = false;
  // In the order they were taken out, so each position counts the keys put back before it.
  for (const { keys, at } of paths) {
    let from: unknown = current;
    for (const key of keys) from = from && typeof from === 'object' ? (from as Record<string, unknown>)[key] : undefined;
    if (typeof from !== 'string') continue;
    let into: unknown = target;
    for (const key of keys.slice(0, -1)) into = into && typeof into === 'object' ? (into as Record<string, unknown>)[key] : undefined;
    if (!into || typeof into !== 'object') continue;
    const object = into as Record<string, unknown>;
    const entries = Object.entries(object);
    entries.splice(Math.min(at, entries.length), 0, [keys[keys.length - 1]!, from]);
    for (const key of Object.keys(object)) delete object[key];
    for (const [key, value] of entries) object[key] = value;
    changed = true;
  }
  return changed ? inStyleOf(backupText, target) : backupText;
}
