import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsService } from '../../../src/main/settings/settings-service.js';
import { unavailableSecretBox } from '../../../src/main/settings/secret-box.js';
import { testSecretBox } from '../../fixtures/test-secret-box.js';

const KEY = 'sk-test-SECRET-0123456789abcdef';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'tiny-agent-settings-'));
}

function open(dataDir: string, env: Record<string, string> = {}, systemLocale = 'en-US', secrets = testSecretBox) {
  return SettingsService.open({ dataDir, env, secrets, systemLocale });
}

describe('settings', () => {
  it('with nothing saved, takes the provider from OPENAI_* and never shows the key', async () => {
    const settings = await open(tempDir(), { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/', OPENAI_API_KEY: KEY, OPENAI_MODEL: 'm1' });
    expect(settings.view().provider).toEqual({ presetId: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'm1', hasApiKey: true });
    expect(JSON.stringify(settings.view())).not.toContain(KEY);
    expect(settings.resolveModel()).toMatchObject({ id: 'm1', baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY });
  });

  it('stores the key encrypted: the file never holds it in plaintext, and a restart decrypts it', async () => {
    const dir = tempDir();
    const first = await open(dir);
    const view = await first.update({ provider: { presetId: 'deepseek', apiKey: KEY } });
    expect(view.provider).toEqual({ presetId: 'deepseek', baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat', hasApiKey: true });
    const onDisk = readFileSync(join(dir, 'settings.json'), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(onDisk).not.toContain('SECRET');
    expect(JSON.parse(onDisk).provider.encryptedApiKey).toMatch(/^[A-Za-z0-9+/=]{40,}$/);

    const reopened = await open(dir);
    expect(reopened.resolveModel().apiKey).toBe(KEY);
    expect(reopened.view().provider.hasApiKey).toBe(true);
  });

  it('removes the key when asked, and keeps it when a patch does not mention it', async () => {
    const dir = tempDir();
    const settings = await open(dir);
    await settings.update({ provider: { presetId: 'openai', apiKey: KEY } });
    await settings.update({ provider: { model: 'gpt-4o' } });
    expect(settings.resolveModel()).toMatchObject({ id: 'gpt-4o', apiKey: KEY });
    await settings.update({ provider: { apiKey: null } });
    expect(settings.view().provider.hasApiKey).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).provider.encryptedApiKey).toBeUndefined();
  });

  it('without OS encryption keeps the key in memory only', async () => {
    const dir = tempDir();
    const settings = await open(dir, {}, 'en-US', unavailableSecretBox);
    await settings.update({ provider: { presetId: 'openai', apiKey: KEY } });
    expect(settings.resolveModel().apiKey).toBe(KEY);
    expect(settings.view().secretsEncrypted).toBe(false);
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain(KEY);
    expect((await open(dir, {}, 'en-US', unavailableSecretBox)).view().provider.hasApiKey).toBe(false);
  });

  it('follows the system locale until a language is chosen, and persists language and theme', async () => {
    const dir = tempDir();
    const settings = await open(dir, {}, 'zh-CN');
    expect(settings.locale()).toBe('zh-CN');
    await settings.update({ language: 'en', theme: 'dark', systemPrompt: 'Be brief.' });
    const reopened = await open(dir, {}, 'zh-CN');
    expect(reopened.view()).toMatchObject({ language: 'en', locale: 'en', theme: 'dark', systemPrompt: 'Be brief.' });
    expect(reopened.customSystemPrompt()).toBe('Be brief.');
  });

  it('migrates a version-0 file only after writing a backup, encrypting its plaintext key', async () => {
    const dir = tempDir();
    const legacy = JSON.stringify({ baseUrl: 'http://127.0.0.1:9/v1', model: 'old-model', apiKey: KEY, theme: 'dark' });
    writeFileSync(join(dir, 'settings.json'), legacy);
    const settings = await open(dir);
    // The backup is the old file minus the plaintext key, which now lives only encrypted.
    expect(JSON.parse(readFileSync(join(dir, 'settings.json.v0.bak'), 'utf8'))).toEqual({ ...JSON.parse(legacy), apiKey: '[moved to encrypted storage]' });
    expect(readFileSync(join(dir, 'settings.json.v0.bak'), 'utf8')).not.toContain(KEY);
    const migrated = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'));
    expect(migrated.version).toBe(1);
    expect(JSON.stringify(migrated)).not.toContain(KEY);
    expect(settings.resolveModel()).toMatchObject({ id: 'old-model', baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY });
    expect(settings.view().theme).toBe('dark');
  });

  it('refuses a newer format: the file stays byte-identical and updates are refused', async () => {
    const dir = tempDir();
    const future = JSON.stringify({ version: 99, provider: { something: 'new' } });
    writeFileSync(join(dir, 'settings.json'), future);
    const settings = await open(dir);
    expect(settings.loadProblem?.code).toBe('unsupported_version');
    await expect(settings.update({ theme: 'dark' })).rejects.toMatchObject({ code: 'unsupported_version' });
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(future);
    expect(existsSync(join(dir, 'settings.json.v0.bak'))).toBe(false);
  });

  it('leaves an unreadable file untouched', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{ not json');
    const settings = await open(dir);
    expect(settings.loadProblem?.code).toBe('storage');
    await expect(settings.update({ theme: 'dark' })).rejects.toMatchObject({ code: 'storage' });
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe('{ not json');
  });
});

describe('a key belongs to its endpoint', () => {
  it('changing the base URL without a new key forgets the saved key, so it never reaches another host', async () => {
    const dir = tempDir();
    const settings = await open(dir);
    await settings.update({ provider: { presetId: 'openai', apiKey: KEY } });
    await settings.update({ provider: { presetId: 'custom', baseUrl: 'https://other.example.com/v1' } });
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://other.example.com/v1', apiKey: undefined });
    expect(settings.view().provider.hasApiKey).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).provider.encryptedApiKey).toBeUndefined();
  });

  it('a new key given with the new base URL is kept', async () => {
    const settings = await open(tempDir());
    await settings.update({ provider: { presetId: 'openai', apiKey: KEY } });
    await settings.update({ provider: { presetId: 'deepseek', apiKey: 'sk-deepseek-0000000000' } });
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://api.deepseek.com/v1', apiKey: 'sk-deepseek-0000000000' });
  });
});

describe('version-0 migration without a base URL', () => {
  it('keeps the key for the default provider instead of dropping it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ apiKey: KEY }));
    const settings = await open(dir);
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: KEY, id: 'gpt-4o-mini' });
    expect((await open(dir)).resolveModel().apiKey).toBe(KEY);
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain(KEY);
  });
});

describe('a save that fails', () => {
  it('does not take effect: memory keeps the settings that are on disk', async () => {
    const dir = tempDir();
    const settings = await open(dir);
    await settings.update({ theme: 'light' });
    rmSync(join(dir, 'settings.json'));
    mkdirSync(join(dir, 'settings.json')); // renaming the new file over a folder fails
    await expect(settings.update({ theme: 'dark', provider: { presetId: 'openai', apiKey: KEY } })).rejects.toThrow();
    expect(settings.view()).toMatchObject({ theme: 'light', provider: { hasApiKey: false } });
  });

  it('the request limit per run defaults to 25, is saved, and survives a restart', async () => {
    const dir = tempDir();
    const first = await open(dir);
    expect(first.view().maxRequestsPerRun).toBe(25);
    expect((await first.update({ maxRequestsPerRun: 8 })).maxRequestsPerRun).toBe(8);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).maxRequestsPerRun).toBe(8);
    expect((await open(dir)).maxRequestsPerRun()).toBe(8);
  });
});
