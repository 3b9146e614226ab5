// "Open in browser" for a preview: the document is written, only when asked, to a new file with a random name in a
// folder of its own under the system's temporary folder, readable by this user only, and handed to the system
// browser as a file: URL. The document carries the preview's CSP, so in the browser too it reaches no network.
// Files older than a day are removed as the next one is written: the folder never grows without end.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { previewDocument, type PreviewKind } from '../../shared/preview-document.js';
import { prepareOutgoingFolder, type OutgoingFolderOptions } from '../storage/outgoing-folder.js';

export const PREVIEW_FOLDER_NAME = 'tiny-agent-previews';

/** The folder files go to (default: <tmpdir>/tiny-agent-previews), and the clock. */
export type PreviewFileOptions = OutgoingFolderOptions;

/** Writes the preview of `source` and answers its file: URL. */
export async function writePreviewFile(kind: PreviewKind, source: string, options: PreviewFileOptions = {}): Promise<string> {
  const dir = await prepareOutgoingFolder(PREVIEW_FOLDER_NAME, /^[0-9a-f-]{36}\.html$/, options);
  const file = path.join(dir, `${randomUUID()}.html`);
  // 'wx': a new file or nothing, never one that something else put there under the same name.
  await fs.writeFile(file, previewDocument(kind, source), { encoding: 'utf8', mode: 0o600, flag: 'wx' });
  return pathToFileURL(file).href;
}
