// Pictures returned by tools in the Chat Completions request: the `tool` messages keep the texts with a note per
// picture, then one user message carries the turn's pictures, each named by its call; a model without images gets
// the note alone; JSON text holding base64 picture data (`read_media_file`) counts as the picture.
import { describe, expect, it } from 'vitest';
import { convertResult, MAX_RESULT_CHARS } from '../../../src/main/mcp/tool-adapter.js';
import { buildChatRequest } from '../../../src/main/llm/request.js';
import { toOpenAIMessages } from '../../../src/main/llm/replay.js';
import { jsonPictures } from '../../../src/main/llm/tool-pictures.js';
import type { AssistantMessage, ImagePart, Message, TextPart, ToolResultMessage } from '../../../src/shared/messages.js';
import { emptyUsage } from '../../../src/shared/messages.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQ==';
const png: ImagePart = { type: 'image', data: PNG, mimeType: 'image/png' };
const jpeg: ImagePart = { type: 'image', data: JPEG, mimeType: 'image/jpeg' };
const text = (t: string): TextPart => ({ type: 'text', text: t });

const user = (content: string): Message => ({ role: 'user', content, timestamp: 1 });
const calls = (...ids: string[]): AssistantMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'toolCall' as const, id, name: `srv__${id}`, arguments: {} })),
  model: 'm',
  usage: emptyUsage(),
  stopReason: 'toolUse',
  timestamp: 2,
});
const result = (id: string, content: ToolResultMessage['content']): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: `srv__${id}`,
  content,
  isError: false,
  timestamp: 3,
});
const url = (image: ImagePart) => ({ type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
const note = (n: number, mimeType = 'image/png') => `[Picture ${n} (${mimeType}): sent in the user message after the tool results]`;

describe('tool pictures in the request', () => {
  it('text + picture + text: the tool message has both texts and a note in order, then a user message with the picture naming the call', () => {
    const out = toOpenAIMessages([user('draw'), calls('a'), result('a', [text('before'), png, text('after')])]);
    expect(out.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: `before\n${note(1)}\nafter` },
      { role: 'user', content: [{ type: 'text', text: 'Picture returned by srv__a (call a):' }, url(png)] },
    ]);
  });

  it('two calls with pictures in one turn: both tool messages first (and the unanswered third), then one user message with each picture named', () => {
    const out = toOpenAIMessages([
      user('draw two'),
      calls('a', 'b', 'c'),
      result('b', [jpeg]),
      result('a', [text('first'), png]),
      user('thanks'),
    ]);
    expect(out.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'b', content: note(1, 'image/jpeg') },
      { role: 'tool', tool_call_id: 'a', content: `first\n${note(1)}` },
      { role: 'tool', tool_call_id: 'c', content: 'No result provided' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Picture returned by srv__b (call b):' },
          url(jpeg),
          { type: 'text', text: 'Picture returned by srv__a (call a):' },
          url(png),
        ],
      },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('a model that takes no images gets a text note only, and no user message', () => {
    const out = toOpenAIMessages([user('draw'), calls('a'), result('a', [text('before'), png, text('after')])], { takesImages: false });
    expect(out.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'before\n[Picture 1 (image/png): not shown, this model does not take images]\nafter' },
    ]);
  });

  it('buildChatRequest sends tool pictures as image_url parts to a model that takes images', () => {
    const body = buildChatRequest(
      { id: 'm', baseUrl: 'http://x', takesImages: true },
      { messages: [user('draw'), calls('a'), result('a', [png])], tools: [] },
    );
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(body.messages[3]).toMatchObject({ content: [{ type: 'text' }, url(png)] });
  });

  it('read_media_file: the picture as a part and again as JSON text is sent once, without the base64 text', () => {
    const structured = JSON.stringify({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] });
    const out = toOpenAIMessages([user('show'), calls('a'), result('a', [png, text(structured)])]);
    expect(out.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: note(1) },
      { role: 'user', content: [{ type: 'text', text: 'Picture returned by srv__a (call a):' }, url(png)] },
    ]);
  });

  it('read_media_file: JSON text holding base64 picture data alone is sent as the picture', () => {
    const out = toOpenAIMessages([
      user('show'),
      calls('a'),
      result('a', [text(JSON.stringify({ type: 'image', data: PNG, mimeType: 'image/png' }))]),
    ]);
    expect(out.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: note(1) },
      { role: 'user', content: [{ type: 'text', text: 'Picture returned by srv__a (call a):' }, url(png)] },
    ]);
  });
});

describe('jsonPictures', () => {
  it.each([
    ['a picture', { type: 'image', data: PNG, mimeType: 'image/png' }, 1, undefined],
    [
      'a list of pictures',
      [
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'image', data: JPEG, mimeType: 'image/jpeg' },
      ],
      2,
      undefined,
    ],
    ['pictures under content', { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }, 1, undefined],
    [
      'a picture beside other fields',
      { path: 'a.png', file: { type: 'image', data: PNG, mimeType: 'image/png' } },
      1,
      '{"path":"a.png","file":"[picture 1]"}',
    ],
  ])('%s', (_name, value, count, rest) => {
    const found = jsonPictures(JSON.stringify(value));
    expect(found?.pictures).toHaveLength(count);
    expect(found?.rest).toBe(rest);
  });

  it.each([
    ['plain text', 'a "type": "image" in prose'],
    ['JSON without pictures', '{"type":"text","text":"hi"}'],
    ['a type pictures are not sent as', '{"type":"image","data":"PHN2Zz4=","mimeType":"image/svg+xml"}'],
    ['data that is not base64', '{"type":"image","data":"not base64!","mimeType":"image/png"}'],
    ['JSON cut short', `{"type":"image","data":"${PNG}`],
  ])('%s is left as text', (_name, value) => {
    expect(jsonPictures(value)).toBeUndefined();
  });
});

describe('MCP results with JSON pictures', () => {
  it('read_media_file (a picture part, and the same as structured content) keeps the whole picture once and no base64 text', () => {
    const big = 'A'.repeat(MAX_RESULT_CHARS + 8);
    const picture = { type: 'image' as const, data: big, mimeType: 'image/png' };
    const converted = convertResult({ content: [picture], structuredContent: { content: [picture] } });
    expect(converted.content).toEqual([picture]);
    expect(converted.originalChars).toBeUndefined();
  });

  it('a text part that is JSON holding a picture is kept as the picture, whole, beside the other texts', () => {
    const big = 'A'.repeat(MAX_RESULT_CHARS + 8);
    const converted = convertResult({
      content: [
        { type: 'text', text: 'read a.png' },
        { type: 'text', text: JSON.stringify({ type: 'image', data: big, mimeType: 'image/png' }) },
      ],
    });
    expect(converted.content).toEqual([text('read a.png'), { type: 'image', data: big, mimeType: 'image/png' }]);
  });
});
