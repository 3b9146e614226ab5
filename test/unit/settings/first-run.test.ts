// The rule for "no provider configured" and for a send that must stop at the welcome panel, by table.
import { describe, expect, it } from 'vitest';
import { noProviderReady, providerReady, sendNeedsSetup } from '../../../src/shared/first-run.js';
import type { ProviderView } from '../../../src/shared/settings.js';

function provider(id: string, fields: Partial<ProviderView>): ProviderView {
  return {
    id,
    name: id,
    presetId: 'openai',
    baseUrl: '',
    model: 'm',
    models: ['m'],
    enabled: true,
    hasApiKey: false,
    fromEnv: false,
    ...fields,
  };
}

describe('a provider is ready', () => {
  it.each([
    ['a cloud preset with its key', { presetId: 'openai', hasApiKey: true }, true],
    ['a cloud preset without a key', { presetId: 'deepseek', hasApiKey: false }, false],
    ['Ollama without a key', { presetId: 'ollama', hasApiKey: false }, true],
    ['LM Studio without a key', { presetId: 'lmstudio', hasApiKey: false }, true],
    ['a custom address without a key', { presetId: 'custom', hasApiKey: false }, true],
    ['a switched-off provider with its key', { presetId: 'openai', hasApiKey: true, enabled: false }, false],
  ] as const)('%s → %s', (_name, fields, ready) => {
    expect(providerReady(provider('p', fields))).toBe(ready);
  });
});

describe('a send stops at the welcome panel', () => {
  const keyless = provider('cloud', { presetId: 'openai' });
  const keyed = provider('keyed', { presetId: 'deepseek', hasApiKey: true });
  const local = provider('local', { presetId: 'ollama' });
  const off = provider('off', { presetId: 'openai', hasApiKey: true, enabled: false });

  it.each([
    ['the only provider lacks its key', [keyless], null, true],
    ['no provider at all', [], null, true],
    ['only a switched-off provider', [off], null, true],
    ['the default is a local server', [keyless, local], { providerId: 'local', model: 'm' }, false],
    ["the chat's provider lacks its key though another is ready", [keyless, keyed], { providerId: 'cloud', model: 'm' }, true],
    ["the chat's provider was removed and another is ready (main names that)", [keyed], { providerId: 'gone', model: 'm' }, false],
    ["the chat's provider is switched off and another is ready (main names that)", [off, keyed], { providerId: 'off', model: 'm' }, false],
  ] as const)('%s → %s', (_name, providers, defaultModel, blocked) => {
    const settings = { providers: [...providers], defaultModel };
    expect(sendNeedsSetup(settings)).toBe(blocked);
  });

  it("the chat's own model decides over the default", () => {
    const settings = { providers: [keyless, keyed], defaultModel: { providerId: 'keyed', model: 'm' } };
    expect(sendNeedsSetup(settings)).toBe(false);
    expect(sendNeedsSetup(settings, { providerId: 'cloud', model: 'm' })).toBe(true);
    expect(noProviderReady(settings)).toBe(false);
  });
});
