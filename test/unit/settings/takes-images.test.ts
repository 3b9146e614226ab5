// Which models take images: the person's setting per model in the provider's editor, else a guess from the id. The
// resolved model carries it, and a request sends a tool's pictures as image parts only to a model that takes them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessTakesImages, takesImages } from '../../../src/shared/model-images.js';
import { buildChatRequest } from '../../../src/main/llm/request.js';
import { SettingsService } from '../../../src/main/settings/settings-service.js';
import type { Message } from '../../../src/shared/messages.js';
import { testSecretBox } from '../../fixtures/test-secret-box.js';

const open = (dataDir: string) => SettingsService.open({ dataDir, env: {}, secrets: testSecretBox, systemLocale: 'en-US' });

describe('the guess from a model id', () => {
  it.each([
    ['gpt-4o-mini', true],
    ['openai/gpt-4o', true],
    ['gpt-4.1', true],
    ['o3', true],
    ['o3-mini', false],
    ['claude-sonnet-4', true],
    ['gemini-2.5-pro', true],
    ['qwen-vl-max', true],
    ['Qwen/Qwen2.5-VL-72B-Instruct', true],
    ['glm-4v-plus', true],
    ['llama3.2-vision', true],
    ['deepseek-chat', false],
    ['deepseek-ai/DeepSeek-V3', false],
    ['qwen-plus', false],
    ['llama3.1', false],
    ['moonshot-v1-8k', false],
    ['fake-model', false],
  ])('%s → %s', (id, expected) => {
    expect(guessTakesImages(id)).toBe(expected);
  });

  it("the person's setting wins over the guess, either way; an id like a prototype key is only a name", () => {
    expect(takesImages('deepseek-chat', { 'deepseek-chat': true })).toBe(true);
    expect(takesImages('gpt-4o', { 'gpt-4o': false })).toBe(false);
    expect(takesImages('constructor', {})).toBe(false);
  });
});

describe('a provider saying which models take images', () => {
  it('resolves each model with its setting or guess, shows the setting, and keeps it after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tiny-images-'));
    const settings = await open(dir);
    const view = await settings.saveProvider({
      presetId: 'custom',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'local-vision',
      models: ['local-vision', 'gpt-4o', 'plain'],
      takesImages: { 'local-vision': true, 'gpt-4o': false },
    });
    const id = view.providers[0]!.id;
    expect(view.providers[0]!.takesImages).toEqual({ 'local-vision': true, 'gpt-4o': false });
    const resolved = (model: string, s: SettingsService) => s.resolveModel({ providerId: id, model }).takesImages;
    expect(['local-vision', 'gpt-4o', 'plain', 'gpt-4.1'].map((m) => resolved(m, settings))).toEqual([true, false, false, true]);

    const again = await open(dir);
    expect(['local-vision', 'gpt-4o', 'plain'].map((m) => resolved(m, again))).toEqual([true, false, false]);
    // An edit that does not mention the list keeps it.
    await again.saveProvider({ id, name: 'Renamed' });
    expect(again.view().providers[0]!.takesImages).toEqual({ 'local-vision': true, 'gpt-4o': false });
  });
});

describe('a request with a picture a tool returned', () => {
  const PNG = 'iVBORw0KGgo=';
  const messages: Message[] = [
    { role: 'user', content: 'draw', timestamp: 1 },
    {
      role: 'assistant',
      content: [{ type: 'toolCall', id: 'a', name: 'srv__draw', arguments: {} }],
      stopReason: 'toolUse',
      timestamp: 2,
    } as Message,
    {
      role: 'toolResult',
      toolCallId: 'a',
      toolName: 'srv__draw',
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
      isError: false,
      timestamp: 3,
    } as Message,
  ];

  it('goes to a model that takes images as an image part after the tool message', () => {
    const body = buildChatRequest({ id: 'm', baseUrl: 'http://x', takesImages: true }, { messages, tools: [] });
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(JSON.stringify(body.messages[3])).toContain(`data:image/png;base64,${PNG}`);
  });

  it('reaches a model that takes none as the note only: no image part anywhere in the request', () => {
    const body = buildChatRequest({ id: 'm', baseUrl: 'http://x', takesImages: false }, { messages, tools: [] });
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(body.messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'a',
      content: '[Picture 1 (image/png): not shown, this model does not take images]',
    });
    expect(JSON.stringify(body)).not.toContain('image_url');
  });
});
