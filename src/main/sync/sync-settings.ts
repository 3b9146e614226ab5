// The sync block of the settings, in its own file in the data folder (`sync.json`): on/off, paused, the target, the
// interval. The WebDAV password and the encryption passphrase are sealed with the same SecretBox as provider keys (the
// password bound to the origin it was entered for) and never leave main; without an OS keychain they live in memory
// for this run only, never in plaintext on disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { originOf } from '../../shared/settings.js';
import { SYNC_INTERVAL, type SyncSettings, type SyncSettingsPatch, type SyncTarget } from '../../shared/sync.js';
import type { SecretBox } from '../settings/secret-box.js';
import { writeFileAtomic } from '../storage/atomic-file.js';

export const SYNC_SETTINGS_FILE = 'sync.json';

/** The secrets a transport may need, in memory only; absent when none is saved. */
export interface SyncSecrets {
  webdavPassword?: string;
  passphrase?: string;
}

const storedSchema = z.object({
  version: z.literal(1),
  enabled: z.boolean(),
  paused: z.boolean(),
  target: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('folder'),
        path: z
          .string()
          .min(1)
          .max(4_096)
          .refine((p) => path.isAbsolute(p)),
      }),
      z.object({
        kind: z.literal('webdav'),
        url: z.string().min(1).max(4_096),
        username: z.string().max(500),
        sealedPassword: z.string().optional(),
        passwordOrigin: z.string().optional(),
      }),
    ])
    .nullable(),
  encrypted: z.boolean(),
  sealedPassphrase: z.string().optional(),
  intervalMinutes: z.number().int().min(SYNC_INTERVAL.min).max(SYNC_INTERVAL.max),
});
type StoredSync = z.infer<typeof storedSchema>;

const DEFAULTS: StoredSync = {
  version: 1,
  enabled: false,
  paused: false,
  target: null,
  encrypted: false,
  intervalMinutes: SYNC_INTERVAL.default,
};

export class SyncSettingsFile {
  private stored: StoredSync = { ...DEFAULTS };
  private password: { value: string; origin: string } | undefined;
  private passphrase: string | undefined;

  private constructor(
    private readonly file: string,
    private readonly secrets: SecretBox,
  ) {}

  /** Reads `sync.json`; a missing or unreadable file gives sync off (a hand-broken file is replaced on the next change). */
  static async open(dataDir: string, secrets: SecretBox): Promise<SyncSettingsFile> {
    const settings = new SyncSettingsFile(path.join(dataDir, SYNC_SETTINGS_FILE), secrets);
    let raw: unknown;
    try {
      raw = JSON.parse(await fs.readFile(settings.file, 'utf8'));
    } catch {
      return settings;
    }
    const parsed = storedSchema.safeParse(raw);
    if (!parsed.success) return settings;
    settings.stored = parsed.data;
    const target = parsed.data.target;
    if (target?.kind === 'webdav' && target.sealedPassword && target.passwordOrigin) {
      const value = await settings.unseal(target.sealedPassword);
      if (value !== undefined) settings.password = { value, origin: target.passwordOrigin };
    }
    if (parsed.data.sealedPassphrase) settings.passphrase = await settings.unseal(parsed.data.sealedPassphrase);
    return settings;
  }

  /** What the window sees: never a password or passphrase. */
  view(): SyncSettings {
    const { enabled, paused, encrypted, intervalMinutes } = this.stored;
    return { enabled, paused, encrypted, intervalMinutes, target: this.target() };
  }

  target(): SyncTarget | null {
    const target = this.stored.target;
    if (!target) return null;
    if (target.kind === 'folder') return { kind: 'folder', path: target.path };
    return { kind: 'webdav', url: target.url, username: target.username, hasPassword: this.webdavPassword() !== undefined };
  }

  /** The secrets for the transport: the password only for the origin it was entered for. */
  secretsForTarget(): SyncSecrets {
    const password = this.webdavPassword();
    return {
      ...(password !== undefined && { webdavPassword: password }),
      ...(this.stored.encrypted && this.passphrase && { passphrase: this.passphrase }),
    };
  }

  /** The folder chosen in main's dialog becomes the target (and sync is turned on). */
  async setFolder(folder: string): Promise<void> {
    this.password = undefined;
    await this.save({ ...this.stored, enabled: true, target: { kind: 'folder', path: path.resolve(folder) } });
  }

  async update(patch: SyncSettingsPatch): Promise<void> {
    const next: StoredSync = { ...this.stored };
    if (patch.enabled !== undefined) next.enabled = patch.enabled;
    if (patch.paused !== undefined) next.paused = patch.paused;
    if (patch.intervalMinutes !== undefined) next.intervalMinutes = patch.intervalMinutes;
    if (patch.clearTarget) {
      next.target = null;
      this.password = undefined;
    }
    if (patch.webdav) {
      const origin = originOf(patch.webdav.url);
      if (!origin) throw new Error('url must be an http(s) URL');
      const keep = patch.webdav.password === undefined && this.password?.origin === origin;
      if (patch.webdav.password !== undefined) this.password = { value: patch.webdav.password, origin };
      else if (!keep) this.password = undefined;
      const sealed = this.password ? await this.seal(this.password.value) : undefined;
      next.target = {
        kind: 'webdav',
        url: patch.webdav.url,
        username: patch.webdav.username,
        ...(sealed !== undefined && { sealedPassword: sealed, passwordOrigin: origin }),
      };
      next.enabled = patch.enabled ?? true;
    }
    if (patch.passphrase !== undefined) {
      delete next.sealedPassphrase;
      if (patch.passphrase === null) {
        this.passphrase = undefined;
        next.encrypted = false;
      } else {
        this.passphrase = patch.passphrase;
        next.encrypted = true;
        const sealed = await this.seal(patch.passphrase);
        if (sealed !== undefined) next.sealedPassphrase = sealed;
      }
    }
    await this.save(next);
  }

  /** Encryption is on but the passphrase is not known in this run (no OS keychain at the last start). */
  passphraseMissing(): boolean {
    return this.stored.encrypted && this.passphrase === undefined;
  }

  private webdavPassword(): string | undefined {
    const target = this.stored.target;
    if (target?.kind !== 'webdav' || !this.password) return undefined;
    return originOf(target.url) === this.password.origin ? this.password.value : undefined;
  }

  private async save(next: StoredSync): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`);
    this.stored = next;
  }

  private async seal(value: string): Promise<string | undefined> {
    if (!(await this.secrets.isAsyncEncryptionAvailable().catch(() => false))) return undefined;
    return (await this.secrets.encryptStringAsync(value)).toString('base64');
  }

  private async unseal(sealed: string): Promise<string | undefined> {
    try {
      return (await this.secrets.decryptStringAsync(Buffer.from(sealed, 'base64'))).result;
    } catch {
      return undefined;
    }
  }
}
