// "Open in browser" for a preview: the document is written, only when asked, to a new file with a random name in a
// folder of its own under the system's temporary folder, readable by this user only, and handed to the system
// browser as a file: URL. The document carries the preview's CSP, so in the browser too it reaches no network.
// Files older than a day are removed as the next one is written: the folder never grows without end.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { previewDocument, type PreviewKind } from '../../shared/preview-document.js';

export const PREVIEW_FOLDER_NAME = 'tiny-agent-previews';
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface PreviewFileOptions {
  /** The folder files go to (default: <tmpdir>/tiny-agent-previews). */
  dir?: string;
  now?: () => number;
}

/** Writes the preview of `source` and answers its file: URL. */
export async function writePreviewFile(kind: PreviewKind, source: string, options: PreviewFileOptions = {}): Promise<string> {
  const dir = options.dir ?? path.join(tmpdir(), PREVIEW_FOLDER_NAME);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await removeOld(dir, (options.now ?? Date.now)() - KEEP_MS);
  const file = path.join(dir, `${randomUUID()}.html`);
  // 'wx': a new file or nothing, never one that something else put there under the same name.
  await fs.writeFile(file, previewDocument(kind, source), { encoding: 'utf8', mode: 0o600, flag: 'wx' });
  return pathToFileURL(file).href;
}

async function removeOld(dir: string, before: number): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^[0-9a-f-]{36}\.html$/.test(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && stat.mtimeMs < before) await fs.rm(file, { force: true });
  }
}
