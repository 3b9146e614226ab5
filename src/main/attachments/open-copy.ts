// An attached document opened with the system's viewer: a copy of its stored bytes under its own name (the viewer is
// chosen by the extension) in a private temporary folder, since the store keeps files by hash without a name. Which
// documents may open this way: isOpenableDocument. Copies older than a day are removed at the next open.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { cleanFileName } from '../../shared/attachments.js';
import { prepareOutgoingFolder, type OutgoingFolderOptions } from '../storage/outgoing-folder.js';

export const OPENED_FOLDER_NAME = 'tiny-agent-opened';

/** The folder copies go to (default: <tmpdir>/tiny-agent-opened), and the clock. */
export type OpenCopyOptions = OutgoingFolderOptions;

/** Writes a private copy of `bytes` named `name` (an openable document's) and answers its path. */
export async function writeOpenCopy(bytes: Uint8Array, name: string, options: OpenCopyOptions = {}): Promise<string> {
  const root = await prepareOutgoingFolder(OPENED_FOLDER_NAME, /^[0-9a-f-]{36}$/, options);
  // A folder of its own per copy: the name stays the document's, and nothing else is there under it.
  const dir = path.join(root, randomUUID());
  await fs.mkdir(dir, { mode: 0o700 });
  const file = path.join(dir, cleanFileName(name));
  await fs.writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
  return file;
}
