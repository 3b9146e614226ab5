// Where the Electron executable is, found without `require('electron')` — that call downloads the binary itself and
// throws when it cannot. The rules match electron's own install.js, so "present" here means it would not download.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const ELECTRON_DIR = join(ROOT, 'node_modules/electron');

/** The Electron version package.json pins (and the installer downloads). */
export const ELECTRON_VERSION = (JSON.parse(readFileSync(join(ELECTRON_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** The executable Electron runs, or undefined when it has not been downloaded (or is for another version). */
export function electronBinary(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  // electron-vite honours ELECTRON_EXEC_PATH instead of path.txt: an existing Electron elsewhere counts as present.
  const execPath = env.ELECTRON_EXEC_PATH;
  if (execPath) return existsSync(execPath) ? execPath : undefined;
  const pathFile = join(ELECTRON_DIR, 'path.txt');
  const versionFile = join(ELECTRON_DIR, 'dist/version');
  if (!existsSync(pathFile) || !existsSync(versionFile)) return undefined;
  if (readFileSync(versionFile, 'utf8').trim().replace(/^v/, '') !== ELECTRON_VERSION) return undefined;
  const binary = join(env.ELECTRON_OVERRIDE_DIST_PATH ?? join(ELECTRON_DIR, 'dist'), readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/** electron's own installer (its `install-electron` command): downloads the binary, verifies it, writes path.txt. */
export const ELECTRON_INSTALLER = join(ELECTRON_DIR, 'install.js');
