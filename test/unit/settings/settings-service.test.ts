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

const OTHER_KEY = 'sk-other-SECRET-fedcba9876543210';

function fileOf(dir: string) {
  return JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'));
}

/** A keychain that cannot decrypt (what the OS does after a keychain reset or profile move). */
const brokenKeychain = {
  ...testSecretBox,
  decryptStringAsync: async () => {
    throw new Error('keychain locked');
  },
};

describe('settings', () => {
  it('with nothing saved, lists the provider from OPENAI_* and never shows the key', async () => {
    const settings = await open(tempDir(), { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/', OPENAI_API_KEY: KEY, OPENAI_MODEL: 'm1' });
    expect(settings.view().providers).toEqual([
      {
        id: 'env',
        name: '127.0.0.1:9',
        presetId: 'custom',
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'm1',
        models: ['m1'],
        enabled: true,
        hasApiKey: true,
        fromEnv: true,
      },
    ]);
    expect(settings.view().defaultModel).toEqual({ providerId: 'env', model: 'm1' });
    expect(JSON.stringify(settings.view())).not.toContain(KEY);
    expect(settings.resolveModel()).toMatchObject({ id: 'm1', baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY });
  });

  it('with nothing saved and no OPENAI_* variable, no provider exists: none is listed, none is the default, none resolves', async () => {
    const settings = await open(tempDir(), { OPENAI_API_KEY: ' ', TINY_AGENT_AUTO_TITLE: '0' });
    expect(settings.view()).toMatchObject({ providers: [], defaultModel: null });
    expect(() => settings.resolveModel()).toThrow('No provider is available');
    // Any one of the three variables names the environment's provider.
    const named: Record<string, string>[] = [{ OPENAI_API_KEY: KEY }, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, { OPENAI_MODEL: 'm' }];
    for (const env of named) {
      expect((await open(tempDir(), env)).view().providers).toEqual([expect.objectContaining({ id: 'env', fromEnv: true })]);
    }
  });

  it('stores the key encrypted with its origin: the file never holds it in plaintext, and a restart decrypts it', async () => {
    const dir = tempDir();
    const first = await open(dir);
    const view = await first.saveProvider({ presetId: 'deepseek', apiKey: KEY });
    const id = view.providers[0]!.id;
    expect(view.providers).toEqual([
      {
        id,
        name: 'DeepSeek',
        presetId: 'deepseek',
        baseUrl: 'https://api.deepseek.com/v1',
        model: 'deepseek-chat',
        models: ['deepseek-chat'],
        enabled: true,
        hasApiKey: true,
        fromEnv: false,
      },
    ]);
    const onDisk = readFileSync(join(dir, 'settings.json'), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(onDisk).not.toContain('SECRET');
    expect(fileOf(dir).providers[0]).toMatchObject({
      keyOrigin: 'https://api.deepseek.com',
      encryptedApiKey: expect.stringMatching(/^[A-Za-z0-9+/=]{40,}$/),
    });

    const reopened = await open(dir);
    expect(reopened.resolveModel()).toMatchObject({ id: 'deepseek-chat', apiKey: KEY });
    expect(reopened.view().providers[0]!.hasApiKey).toBe(true);
  });

  it('removes the key when asked, and keeps it when an edit does not mention it', async () => {
    const dir = tempDir();
    const settings = await open(dir);
    const id = (await settings.saveProvider({ presetId: 'openai', apiKey: KEY })).providers[0]!.id;
    await settings.saveProvider({ id, model: 'gpt-4o' });
    expect(settings.resolveModel()).toMatchObject({ id: 'gpt-4o', apiKey: KEY });
    await settings.saveProvider({ id, apiKey: null });
    expect(settings.view().providers[0]!.hasApiKey).toBe(false);
    expect(fileOf(dir).providers[0].encryptedApiKey).toBeUndefined();
  });

  it('without OS encryption keeps the key in memory only', async () => {
    const dir = tempDir();
    const settings = await open(dir, {}, 'en-US', unavailableSecretBox);
    await settings.saveProvider({ presetId: 'openai', apiKey: KEY });
    expect(settings.resolveModel().apiKey).toBe(KEY);
    expect(settings.view().secretsEncrypted).toBe(false);
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain(KEY);
    expect((await open(dir, {}, 'en-US', unavailableSecretBox)).view().providers[0]!.hasApiKey).toBe(false);
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
    expect(JSON.parse(readFileSync(join(dir, 'settings.json.v0.bak'), 'utf8'))).toEqual({
      ...JSON.parse(legacy),
      apiKey: '[moved to encrypted storage]',
    });
    expect(readFileSync(join(dir, 'settings.json.v0.bak'), 'utf8')).not.toContain(KEY);
    const migrated = fileOf(dir);
    expect(migrated.version).toBe(2);
    expect(migrated.providers[0].keyOrigin).toBe('http://127.0.0.1:9');
    expect(JSON.stringify(migrated)).not.toContain(KEY);
    expect(settings.resolveModel()).toMatchObject({ id: 'old-model', baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY });
    expect(settings.view().theme).toBe('dark');
  });

  it('migrates a version-1 file after a byte-identical backup: its provider becomes the first entry, key kept and bound to its origin', async () => {
    const dir = tempDir();
    const sealed = (await testSecretBox.encryptStringAsync(KEY)).toString('base64');
    const v1 = `${JSON.stringify({ version: 1, provider: { presetId: 'custom', baseUrl: 'https://x.example/v1', model: 'x-model', encryptedApiKey: sealed }, systemPrompt: 'Be brief.', language: 'en', theme: 'dark' }, null, 2)}\n`;
    writeFileSync(join(dir, 'settings.json'), v1);
    const settings = await open(dir);
    expect(readFileSync(join(dir, 'settings.json.v1.bak'), 'utf8')).toBe(v1);
    const migrated = fileOf(dir);
    expect(migrated).toMatchObject({ version: 2, systemPrompt: 'Be brief.', language: 'en', theme: 'dark', presets: null });
    expect(migrated.providers).toEqual([
      expect.objectContaining({
        name: 'x.example',
        baseUrl: 'https://x.example/v1',
        model: 'x-model',
        encryptedApiKey: sealed,
        keyOrigin: 'https://x.example',
      }),
    ]);
    expect(migrated.defaultModel).toEqual({ providerId: migrated.providers[0].id, model: 'x-model' });
    expect(settings.resolveModel()).toMatchObject({ id: 'x-model', baseUrl: 'https://x.example/v1', apiKey: KEY });
  });

  it('refuses a newer format: the file stays byte-identical and updates are refused', async () => {
    const dir = tempDir();
    const future = JSON.stringify({ version: 99, provider: { something: 'new' } });
    writeFileSync(join(dir, 'settings.json'), future);
    const settings = await open(dir);
    expect(settings.loadProblem?.code).toBe('unsupported_version');
    await expect(settings.update({ theme: 'dark' })).rejects.toMatchObject({ code: 'unsupported_version' });
    await expect(settings.saveProvider({ presetId: 'openai', apiKey: KEY })).rejects.toMatchObject({ code: 'unsupported_version' });
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

describe('several providers', () => {
  it("adding a second provider never touches the first one's key; each model resolves with its own key only", async () => {
    const dir = tempDir();
    const settings = await open(dir);
    const a = (await settings.saveProvider({ baseUrl: 'https://a.example/v1', model: 'model-a', apiKey: KEY })).providers[0]!.id;
    const before = fileOf(dir).providers[0];
    const view = await settings.saveProvider({ baseUrl: 'http://b.example:8080/v1', model: 'model-b', apiKey: OTHER_KEY });
    const b = view.providers[1]!.id;
    expect(view.providers.map((p) => [p.name, p.hasApiKey])).toEqual([
      ['a.example', true],
      ['b.example:8080', true],
    ]);
    expect(fileOf(dir).providers[0]).toEqual(before);
    const reopened = await open(dir);
    expect(reopened.resolveModel({ providerId: a, model: 'model-a' })).toMatchObject({ baseUrl: 'https://a.example/v1', apiKey: KEY });
    expect(reopened.resolveModel({ providerId: b, model: 'model-b' })).toMatchObject({
      baseUrl: 'http://b.example:8080/v1',
      apiKey: OTHER_KEY,
    });
    // The first provider stays the default for new chats.
    expect(reopened.defaultModel()).toEqual({ providerId: a, model: 'model-a' });
  });

  it('keeps the model list, makes another model the default, and says which provider is gone or off', async () => {
    const settings = await open(tempDir());
    const a = (await settings.saveProvider({ baseUrl: 'https://a.example/v1', model: 'a1', models: ['a0', 'a2'] })).providers[0]!.id;
    const b = (await settings.saveProvider({ baseUrl: 'https://b.example/v1', model: 'b1' })).providers[1]!.id;
    expect(settings.view().providers[0]!.models).toEqual(['a0', 'a2', 'a1']);
    await settings.update({ defaultModel: { providerId: b, model: 'b1' } });
    expect(settings.defaultModel()).toEqual({ providerId: b, model: 'b1' });
    await settings.saveProvider({ id: b, enabled: false });
    expect(settings.defaultModel()).toEqual({ providerId: a, model: 'a1' });
    expect(() => settings.resolveModel({ providerId: b, model: 'b1' })).toThrow('"b.example" is turned off');
    await settings.deleteProvider(b);
    expect(() => settings.resolveModel({ providerId: b, model: 'b1' })).toThrow('provider was removed, so "b1" can no longer be used');
    await expect(settings.update({ defaultModel: { providerId: b, model: 'b1' } })).rejects.toMatchObject({ code: 'not_found' });
  });

  it("saving the environment's provider keeps its id (chats on it keep working) and its environment key", async () => {
    const settings = await open(tempDir(), { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: KEY, OPENAI_MODEL: 'm1' });
    const view = await settings.saveProvider({ id: 'env', model: 'm2' });
    expect(view.providers).toEqual([expect.objectContaining({ id: 'env', model: 'm2', fromEnv: false, hasApiKey: true })]);
    expect(settings.resolveModel({ providerId: 'env', model: 'm2' }).apiKey).toBe(KEY);
  });
});

describe('a key belongs to the origin it was entered for', () => {
  it('changing the base URL to another origin without a new key drops the key (the default answer), so it never reaches another host', async () => {
    const dir = tempDir();
    const settings = await open(dir);
    const id = (await settings.saveProvider({ presetId: 'openai', apiKey: KEY })).providers[0]!.id;
    await settings.saveProvider({ id, presetId: 'custom', baseUrl: 'https://other.example.com/v1' });
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://other.example.com/v1', apiKey: undefined });
    expect(settings.view().providers[0]!.hasApiKey).toBe(false);
    expect(fileOf(dir).providers[0].encryptedApiKey).toBeUndefined();
  });

  it('keeps the key for a new path on the same origin, and for a new origin only when the person confirms it', async () => {
    const settings = await open(tempDir());
    const id = (await settings.saveProvider({ baseUrl: 'https://a.example/v1', model: 'm', apiKey: KEY })).providers[0]!.id;
    await settings.saveProvider({ id, baseUrl: 'https://a.example/openai/v1' });
    expect(settings.resolveModel().apiKey).toBe(KEY);
    await settings.saveProvider({ id, baseUrl: 'https://b.example/v1', keepKeyForNewOrigin: true });
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://b.example/v1', apiKey: KEY });
  });

  it('a new key given with the new base URL is kept', async () => {
    const settings = await open(tempDir());
    const id = (await settings.saveProvider({ presetId: 'openai', apiKey: KEY })).providers[0]!.id;
    await settings.saveProvider({ id, presetId: 'deepseek', apiKey: OTHER_KEY });
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://api.deepseek.com/v1', apiKey: OTHER_KEY });
  });

  it("issue 10 #3: a key the keychain could not decrypt is still dropped when the URL moves, so the next start never sends X's key to Y", async () => {
    const dir = tempDir();
    // Start 1: a key saved for host X.
    const id = (await (await open(dir)).saveProvider({ baseUrl: 'https://x.example/v1', model: 'm', apiKey: KEY })).providers[0]!.id;
    // Start 2: the keychain fails to decrypt; the person switches the URL to host Y without entering a key.
    const locked = await open(dir, {}, 'en-US', brokenKeychain);
    expect(locked.view().providers[0]!.hasApiKey).toBe(false);
    await locked.saveProvider({ id, baseUrl: 'https://y.example/v1' });
    expect(fileOf(dir).providers[0].encryptedApiKey).toBeUndefined();
    // Start 3: the keychain works again; Y gets no key.
    const working = await open(dir);
    expect(working.resolveModel()).toMatchObject({ baseUrl: 'https://y.example/v1', apiKey: undefined });
    expect(working.view().providers[0]!.hasApiKey).toBe(false);
  });

  it("a stored key whose recorded origin differs from its provider's (a hand-edited file) is never used", async () => {
    const dir = tempDir();
    await (await open(dir)).saveProvider({ baseUrl: 'https://x.example/v1', model: 'm', apiKey: KEY });
    const file = fileOf(dir);
    file.providers[0].baseUrl = 'https://y.example/v1';
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(file));
    const settings = await open(dir);
    expect(settings.resolveModel()).toMatchObject({ baseUrl: 'https://y.example/v1', apiKey: undefined });
    expect(settings.completeProbe({}).apiKey).toBeUndefined();
  });

  it('a connection probe to another origin never carries the saved key', async () => {
    const settings = await open(tempDir());
    const id = (await settings.saveProvider({ baseUrl: 'https://x.example/v1', model: 'm', apiKey: KEY })).providers[0]!.id;
    expect(settings.completeProbe({ providerId: id }).apiKey).toBe(KEY);
    expect(settings.completeProbe({ providerId: id, baseUrl: 'https://x.example/other/v1' }).apiKey).toBe(KEY);
    expect(settings.completeProbe({ providerId: id, baseUrl: 'https://y.example/v1' }).apiKey).toBeUndefined();
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
    await expect(settings.update({ theme: 'dark' })).rejects.toThrow();
    await expect(settings.saveProvider({ presetId: 'openai', apiKey: KEY })).rejects.toThrow();
    expect(settings.view()).toMatchObject({ theme: 'light', providers: [] });
  });
});

describe('prompt presets', () => {
  it('ships presets in the current language until the person changes the list', async () => {
    const dir = tempDir();
    const settings = await open(dir, {}, 'zh-CN');
    expect(settings.view().presets.map((p) => p.name)).toEqual(['翻译', '代码审查', '文字润色', '耐心讲解', '摘要']);
    await settings.update({ language: 'en' });
    expect(settings.view().presets.map((p) => p.id)).toEqual([
      'translator',
      'code-reviewer',
      'writing-polisher',
      'explainer',
      'summarizer',
    ]);
    expect(settings.view().presets[0]!.name).toBe('Translator');
    const mine = [{ id: 'mine', name: 'Pirate', systemPrompt: 'Talk like a pirate.', params: { temperature: 1.2 } }];
    await settings.update({ presets: mine });
    expect((await open(dir)).view().presets).toEqual(mine);
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
