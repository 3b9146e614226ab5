// Reads a backup's manifest and (optionally) checks every file's size and sha-256 before anything trusts it.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BACKUP_FORMAT, type BackupCheck, type BackupManifest } from '../../shared/sync.js';
import { hashFile } from './backup-files.js';

/** The manifest of the backup folder `dir`; with `verify`, every listed file must be present, of its size and hash. */
export async function readManifest(dir: string, options: { verify: boolean }): Promise<BackupCheck> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    return { ok: false, problem: { kind: 'no-manifest' } };
  }
  if (!manifest || manifest.app !== 'tiny-agent' || !Array.isArray(manifest.files) || typeof manifest.format !== 'number')
    return { ok: false, problem: { kind: 'no-manifest' } };
  if (manifest.format > BACKUP_FORMAT) return { ok: false, problem: { kind: 'newer-format', format: manifest.format } };
  manifest.stripped ??= [];
  for (const file of manifest.files) {
    // A path that climbs out of the backup is as bad as a changed file.
    if (typeof file.path !== 'string' || file.path.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(file.path))
      return { ok: false, problem: { kind: 'changed-file', path: String(file.path) } };
  }
  if (!options.verify) return { ok: true, manifest };
  for (const file of manifest.files) {
    const at = path.join(dir, 'files', file.path);
    const stat = await fs.stat(at).catch(() => undefined);
    if (!stat?.isFile()) return { ok: false, problem: { kind: 'missing-file', path: file.path } };
    if (stat.size !== file.size || (await hashFile(at)) !== file.sha256)
      return { ok: false, problem: { kind: 'changed-file', path: file.path } };
  }
  return { ok: true, manifest };
}
