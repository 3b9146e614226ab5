// Backups of a real data folder written by real app cores: checked, rolling, secrets left out, restore round trip
// byte-identical, a damaged backup refused before anything changes.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import { createBackup, listBackups, readManifest, restoreBackup, shouldBackUpDaily } from '../../src/main/backup/index.js';
import { listDataFiles } from '../../src/main/backup/backup-files.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { openTestCore } from '../fixtures/test-core.js';

let root = '';
let dataDir = '';
let dest = '';
const cores: AppCore[] = [];

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-backup-'));
  dataDir = path.join(root, 'data');
  dest = path.join(root, 'backups');
  await fs.mkdir(dataDir);
});
afterEach(async () => {
  while (cores.length) await cores.pop()!.dispose();
  await fs.rm(root, { recursive: true, force: true });
});

async function open(): Promise<AppCore> {
  const core = await openTestCore(dataDir);
  cores.push(core);
  return core;
}
async function close(core: AppCore): Promise<void> {
  cores.splice(cores.indexOf(core), 1);
  await core.dispose();
}
/** The chats a core lists once it has checked the sessions folder (files written outside the app are found then). */
async function listed(core: AppCore, expected: number): Promise<string[]> {
  core.afterFirstPaint();
  let ids: string[] = [];
  for (let attempt = 0; attempt < 1200 && ids.length !== expected; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = (await core.router.handle('sessions:list', undefined)) as { value: Array<{ id: string }> };
    ids = answer.value.map((s) => s.id).sort();
  }
  return ids;
}
/** path → sha-256 of every backed-up file of `dir`. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of await listDataFiles(dir))
    out[rel] = createHash('sha256')
      .update(await fs.readFile(path.join(dir, rel)))
      .digest('hex');
  return out;
}
/** path → bytes of every backed-up file of `dir`. */
async function contents(dir: string): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const rel of await listDataFiles(dir)) out[rel] = await fs.readFile(path.join(dir, rel));
  return out;
}
async function allFilesText(dir: string): Promise<string> {
  const parts: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await fs.readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else parts.push(await fs.readFile(full, 'utf8'));
    }
  };
  await walk(dir);
  return parts.join('\n');
}

/** Three chats, a provider with a key, an MCP server with a token, an attachment. */
async function seedData(): Promise<void> {
  for (let i = 1; i <= 3; i++) seedSession(dataDir, { index: i, turns: 4 });
  const core = await open();
  expect(
    await core.router.handle('settings:saveProvider', {
      presetId: 'custom',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      apiKey: 'sk-secret-1234',
    }),
  ).toMatchObject({ ok: true });
  await close(core);
  await fs.writeFile(
    path.join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { files: { command: 'node', args: ['x.js'], env: { TOKEN: 'mcp-token-5678' }, headers: {} } } }, null, 2),
  );
  await fs.mkdir(path.join(dataDir, 'attachments'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'attachments', 'ab12.png'), Buffer.from([137, 80, 78, 71, 1, 2, 3]));
}

describe('backups', () => {
  it('a backup holds every chat and attachment, each file hashed; no API key or MCP secret is in it', async () => {
    await seedData();
    const summary = await createBackup({ dataDir, destination: dest, reason: 'manual' });
    expect(summary.reason).toBe('manual');
    const check = await readManifest(path.join(dest, summary.name), { verify: true });
    expect(check.ok).toBe(true);
    const files = check.ok ? check.manifest.files.map((f) => f.path) : [];
    for (let i = 1; i <= 3; i++) expect(files).toContain(`sessions/${seededId(i)}.jsonl`);
    expect(files).toContain('attachments/ab12.png');
    expect(files).toContain('settings.json');
    expect(files).toContain('mcp.json');
    expect(check.ok && check.manifest.stripped.map((s) => s.keys.at(-1)).sort()).toEqual(['TOKEN', 'encryptedApiKey']);
    const text = await allFilesText(path.join(dest, summary.name));
    expect(text).not.toContain('mcp-token-5678');
    const settings = JSON.parse(await fs.readFile(path.join(dataDir, 'settings.json'), 'utf8')) as {
      providers?: Array<{ encryptedApiKey?: string }>;
    };
    const encrypted = JSON.stringify(settings).match(/"encryptedApiKey":"([^"]+)"/)?.[1];
    expect(encrypted).toBeTruthy();
    expect(text).not.toContain(encrypted!);
    expect(text).not.toContain('sk-secret-1234');
  });

  it('restore round trip: after changes and a restore, every file is byte-identical (settings and mcp.json with their keys too); the replaced state was backed up first', async () => {
    await seedData();
    const before = await snapshot(dataDir);
    const bytesBefore = await contents(dataDir);
    expect(Object.keys(bytesBefore)).toEqual([
      'attachments/ab12.png',
      'mcp.json',
      ...[1, 2, 3].map((i) => `sessions/${seededId(i)}.jsonl`),
      'settings.json',
    ]);
    const backup = await createBackup({ dataDir, destination: dest, reason: 'manual' });
    // Changes after the backup: a chat deleted, a new one, an attachment gone.
    await fs.rm(path.join(dataDir, 'sessions', `${seededId(2)}.jsonl`));
    seedSession(dataDir, { index: 9, turns: 1 });
    await fs.rm(path.join(dataDir, 'attachments', 'ab12.png'));
    const changed = await snapshot(dataDir);

    const result = await restoreBackup({ dataDir, destination: dest, name: backup.name });
    expect(result.ok).toBe(true);
    const after = await snapshot(dataDir);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // Every file byte for byte as it was: secrets were never in the backup, and the ones of this computer are put
    // back where they stood, so settings.json and mcp.json are identical too.
    for (const rel of Object.keys(before)) expect([rel, await fs.readFile(path.join(dataDir, rel))]).toEqual([rel, bytesBefore[rel]]);
    expect(JSON.parse(await fs.readFile(path.join(dataDir, 'mcp.json'), 'utf8')).mcpServers.files.env).toEqual({ TOKEN: 'mcp-token-5678' });

    // The state that was replaced is a backup of its own, with the chat made after the first backup.
    const safety = result.ok ? result.safetyBackup.name : '';
    const safetyCheck = await readManifest(path.join(dest, safety), { verify: true });
    expect(safetyCheck.ok && safetyCheck.manifest.reason).toBe('before-restore');
    expect(safetyCheck.ok && safetyCheck.manifest.files.map((f) => f.path)).toContain(`sessions/${seededId(9)}.jsonl`);
    expect(Object.keys(changed)).toContain(`sessions/${seededId(9)}.jsonl`);

    // A core over the restored folder lists the chats of the backup.
    const core = await open();
    expect(await listed(core, 3)).toEqual([seededId(1), seededId(2), seededId(3)].sort());
    expect(await core.router.handle('settings:get', undefined)).toMatchObject({ ok: true });
  });

  it('a damaged backup (one byte changed, a file missing, a newer format, no manifest) is refused and nothing changes', async () => {
    await seedData();
    const backup = await createBackup({ dataDir, destination: dest, reason: 'manual' });
    seedSession(dataDir, { index: 7, turns: 2 });
    const current = await snapshot(dataDir);
    const dir = path.join(dest, backup.name);
    const file = path.join(dir, 'files', 'sessions', `${seededId(1)}.jsonl`);
    const original = await fs.readFile(file);
    const flipped = Buffer.from(original);
    flipped[10] = flipped[10]! ^ 1;
    await fs.writeFile(file, flipped);
    expect(await restoreBackup({ dataDir, destination: dest, name: backup.name })).toEqual({
      ok: false,
      problem: { kind: 'changed-file', path: `sessions/${seededId(1)}.jsonl` },
    });
    await fs.rm(file);
    expect(await restoreBackup({ dataDir, destination: dest, name: backup.name })).toEqual({
      ok: false,
      problem: { kind: 'missing-file', path: `sessions/${seededId(1)}.jsonl` },
    });
    await fs.writeFile(file, original);
    const manifestPath = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8'));
    await fs.writeFile(manifestPath, JSON.stringify({ ...manifest, format: 99 }));
    expect(await restoreBackup({ dataDir, destination: dest, name: backup.name })).toEqual({
      ok: false,
      problem: { kind: 'newer-format', format: 99 },
    });
    await fs.writeFile(manifestPath, '{"format":1,"app":"tiny-agent","fi');
    expect(await restoreBackup({ dataDir, destination: dest, name: backup.name })).toEqual({ ok: false, problem: { kind: 'no-manifest' } });
    expect(await snapshot(dataDir)).toEqual(current);
    // No safety backup was made either: a refusal happens before anything is written.
    expect((await listBackups(dest)).map((b) => b.reason)).toEqual([]);
  });

  it('rolling: only the newest N are kept; a partial folder left by a crash is removed by the next backup', async () => {
    seedSession(dataDir, { index: 1, turns: 1 });
    let t = Date.UTC(2026, 0, 1, 12);
    const now = () => new Date((t += 3_600_000));
    const names: string[] = [];
    for (let i = 0; i < 5; i++) names.push((await createBackup({ dataDir, destination: dest, reason: 'daily', keep: 3, now })).name);
    expect((await listBackups(dest)).map((b) => b.name)).toEqual(names.slice(2).reverse());
    await fs.mkdir(path.join(dest, '.tiny-agent-backup-crashed.partial', 'files'), { recursive: true });
    await createBackup({ dataDir, destination: dest, reason: 'manual', keep: 3, now });
    expect((await fs.readdir(dest)).filter((n) => n.endsWith('.partial'))).toEqual([]);
    expect(await listBackups(dest)).toHaveLength(3);
  });

  it('the daily backup is due once per calendar day', async () => {
    const at = (iso: string) => ({ name: 'x', createdAt: new Date(iso).toISOString(), reason: 'daily' as const, files: 1, bytes: 1 });
    expect(shouldBackUpDaily([], new Date(2026, 5, 2, 9))).toBe(true);
    expect(shouldBackUpDaily([at(new Date(2026, 5, 2, 1).toISOString())], new Date(2026, 5, 2, 23))).toBe(false);
    expect(shouldBackUpDaily([at(new Date(2026, 5, 1, 23).toISOString())], new Date(2026, 5, 2, 0, 5))).toBe(true);
  });

  it('a backup of 1,000 chats restores all 1,000 into a fresh data folder, listed by a new core', async () => {
    for (let i = 1; i <= 1000; i++) seedSession(dataDir, { index: i, turns: 2, answerChars: 200 });
    const sizes = await Promise.all((await listDataFiles(dataDir)).map(async (rel) => (await fs.stat(path.join(dataDir, rel))).size));
    const backup = await createBackup({ dataDir, destination: dest, reason: 'manual' });
    // Every chat file, each whole: the backup counts 1,000 files and exactly their bytes, and holds nothing else.
    expect(sizes).toHaveLength(1000);
    expect(backup.files).toBe(1000);
    expect(backup.bytes).toBe(sizes.reduce((sum, size) => sum + size, 0));
    const written = await fs.readdir(path.join(dest, backup.name), { recursive: true, withFileTypes: true });
    expect(
      written
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .filter((name) => !name.endsWith('.jsonl')),
    ).toEqual(['manifest.json']);
    expect(written.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))).toHaveLength(1000);
    const check = await readManifest(path.join(dest, backup.name), { verify: true });
    expect(check.ok && check.manifest.files.reduce((sum, file) => sum + file.size, 0)).toBe(backup.bytes);
    const before = await snapshot(dataDir);
    await fs.rm(path.join(dataDir, 'sessions'), { recursive: true });
    expect((await restoreBackup({ dataDir, destination: dest, name: backup.name })).ok).toBe(true);
    expect(await snapshot(dataDir)).toEqual(before);
    const core = await open();
    expect(await listed(core, 1000)).toHaveLength(1000);
  }, 120_000);
});
