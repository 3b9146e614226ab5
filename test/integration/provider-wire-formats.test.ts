// streamOpenAI against the shapes real services send beyond the plain protocol (issue #11), and against hostile or
// odd responses (issue #10 items 7, 9, 11, 13): each test is named after what it protects.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeFrame, type FakeOpenAIServer, type FakeReply } from '../fixtures/fake-openai.js';
import { buildChatRequest, streamOpenAI } from '../../src/main/llm/index.js';
import { MAX_SSE_EVENT_BYTES } from '../../src/main/llm/sse.js';
import type { AgentModel, LlmContext } from '../../src/main/agent/types.js';
import type { AssistantMessage } from '../../src/shared/messages.js';

let server: FakeOpenAIServer;
let other: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAI();
  other = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
  await other.close();
});
afterEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
});

const hello: LlmContext = { messages: [{ role: 'user', content: 'hi', timestamp: 1 }], tools: [] };

async function run(reply: FakeReply, model: Partial<AgentModel> = {}): Promise<AssistantMessage> {
  server.enqueue(reply);
  const stream = streamOpenAI({ id: 'm', baseUrl: server.url, apiKey: 'sk-test-key-123', ...model }, hello, {
    signal: new AbortController().signal,
  });
  return (await stream).result();
}

const frames = (...list: FakeFrame[]): FakeReply => ({ frames: list });
const parts = (message: AssistantMessage): string[] =>
  message.content.map((p) => (p.type === 'text' ? `text:${p.text}` : p.type === 'thinking' ? `thinking:${p.thinking}` : `call:${p.name}`));

describe('content as real services send it', () => {
  it('maps Mistral content parts in order, and loses nothing when one chunk carries thinking and text ("391" stays "391")', async () => {
    const message = await run(
      frames(
        { delta: { content: [{ type: 'thinking', thinking: [{ type: 'text', text: '17 × 23 = 391' }] }] } },
        {
          delta: {
            content: [
              { type: 'thinking', thinking: [{ type: 'text', text: '.' }] },
              { type: 'text', text: '3' },
            ],
          },
        },
        { delta: { content: [{ type: 'text', text: '91' }] } },
        { delta: { content: '' }, finish_reason: 'stop' },
      ),
    );
    expect(parts(message)).toEqual(['thinking:17 × 23 = 391.', 'text:391']);
    expect(message.stopReason).toBe('stop');
  });

  it('keeps an answer that ends with usage and [DONE] but no finish reason (Snowflake Cortex)', async () => {
    const message = await run(
      frames({ delta: { content: 'Complete.' } }, { usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }),
    );
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'Complete.' }], usage: { totalTokens: 5 } });
  });

  it('reads reasoning_details when no reasoning string is present, ignoring encrypted entries', async () => {
    const message = await run(
      frames(
        { delta: { reasoning_details: [{ type: 'reasoning.encrypted', data: 'gAAA' }] } },
        { delta: { reasoning_details: [{ type: 'reasoning.summary', summary: 'Plan. ' }] } },
        { delta: { reasoning_details: [{ type: 'reasoning.text', text: 'Check.' }] } },
        { delta: { content: 'Done' }, finish_reason: 'stop' },
      ),
    );
    expect(parts(message)).toEqual(['thinking:Plan. Check.', 'text:Done']);
  });

  it('counts OpenRouter reasoning once when it arrives as both reasoning and reasoning_details', async () => {
    const both = (text: string): FakeFrame => ({ delta: { reasoning: text, reasoning_details: [{ type: 'reasoning.text', text }] } });
    const message = await run(frames(both('Think '), both('hard.'), { delta: { content: 'Yes' }, finish_reason: 'stop' }));
    expect(parts(message)).toEqual(['thinking:Think hard.', 'text:Yes']);
  });

  it('shows and saves a refusal as the answer, marked as a refusal', async () => {
    const message = await run({ refusal: "I'm sorry, I can't help with that." });
    expect(message).toMatchObject({
      stopReason: 'stop',
      refusal: true,
      content: [{ type: 'text', text: "I'm sorry, I can't help with that." }],
    });
  });

  it('turns leading <think> blocks into reasoning with tags split across chunks, and never replays them', async () => {
    const message = await run({ reasoningAs: 'think-tags', reasoning: 'Add them up.', text: 'The sum is 4.' });
    expect(parts(message)).toEqual(['thinking:Add them up.\n', 'text:The sum is 4.']);
    const next = buildChatRequest({ id: 'm', baseUrl: server.url }, { messages: [...hello.messages, message], tools: [] });
    expect(JSON.stringify(next.messages)).not.toContain('think');
    expect(next.messages.at(-1)).toEqual({ role: 'assistant', content: 'The sum is 4.' });
  });

  it('leaves a <think> tag that is not at the start of the answer as text', async () => {
    const message = await run({ text: 'Use <think> tags like <think>this</think>.', chunkSize: 5 });
    expect(parts(message)).toEqual(['text:Use <think> tags like <think>this</think>.']);
  });

  it('reads Groq x_groq.usage and normalizes xAI usage so output includes reasoning and totals match', async () => {
    const groq = await run(
      frames(
        { delta: { content: 'ok' }, finish_reason: 'stop' },
        {
          raw: JSON.stringify({
            id: 'x',
            object: 'chat.completion.chunk',
            choices: [],
            x_groq: { usage: { prompt_tokens: 45, completion_tokens: 662, total_tokens: 707 } },
          }),
        },
      ),
    );
    expect(groq.usage).toEqual({ input: 45, output: 662, reasoning: 0, cacheRead: 0, totalTokens: 707 });
    const xai = await run({
      text: 'ok',
      usage: {
        prompt_tokens: 14,
        completion_tokens: 40,
        total_tokens: 408,
        completion_tokens_details: { reasoning_tokens: 354 },
        prompt_tokens_details: { cached_tokens: 4 },
      },
    });
    expect(xai.usage).toEqual({ input: 10, output: 394, reasoning: 354, cacheRead: 4, totalTokens: 408 });
  });

  it('keeps the usage an in-stream error frame carries', async () => {
    const message = await run(
      frames(
        { delta: { content: 'part' } },
        {
          raw: JSON.stringify({
            error: { message: 'Upstream died', code: 502 },
            usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
          }),
        },
      ),
    );
    expect(message).toMatchObject({
      stopReason: 'error',
      errorMessage: 'Provider error: Upstream died',
      usage: { input: 9, output: 3, totalTokens: 12 },
    });
  });

  it('keeps tool_calls as the stop reason when a later chunk says stop (OpenRouter/Gemini)', async () => {
    const message = await run(
      frames(
        { delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } }] } },
        { delta: {}, finish_reason: 'tool_calls' },
        { delta: {}, finish_reason: 'stop' },
      ),
    );
    expect(message.stopReason).toBe('toolUse');
    expect(message.content).toEqual([{ type: 'toolCall', id: 'call_1', name: 'lookup', arguments: { q: 1 } }]);
  });

  it('reads choice 0 only', async () => {
    const choice = (index: number, content: string, finish: string | null = null): FakeFrame => ({
      raw: JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index, delta: { content }, finish_reason: finish }] }),
    });
    const message = await run(frames(choice(1, 'other '), choice(0, 'mine'), choice(1, ' more', 'length'), choice(0, '', 'stop')));
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'mine' }] });
  });
});

describe('error causes shown to the person', () => {
  const answer = (status: number, body: unknown): FakeReply => ({
    status,
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it.each<[string, number, unknown, string, string]>([
    [
      'a 404 that says something else keeps the provider sentence',
      404,
      { error: { message: 'No endpoints found that support tool use.', code: 404 } },
      'model_not_found',
      'No endpoints found that support tool use. (HTTP 404)',
    ],
    [
      'a plain unknown-model 404 names the model',
      404,
      { error: { message: 'The model `m` does not exist', code: 'model_not_found' } },
      'model_not_found',
      'Unknown model "m" or wrong endpoint (HTTP 404)',
    ],
    [
      '403 is a refusal, not a bad key',
      403,
      { error: { message: 'You are not allowed to sample from this model', type: 'invalid_request_error' } },
      'forbidden',
      'The provider refused the request (HTTP 403): You are not allowed to sample from this model',
    ],
    [
      'Gemini array-wrapped bodies keep their message',
      400,
      [{ error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } }],
      'unknown',
      'Request rejected (HTTP 400): Request contains an invalid argument.',
    ],
    [
      '429 insufficient_quota is out of quota, not rate limited',
      429,
      {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      },
      'out_of_quota',
      'The account is out of quota or balance (HTTP 429): You exceeded your current quota, please check your plan and billing details.',
    ],
    [
      '402 is out of balance',
      402,
      { error: { message: 'Insufficient Balance', type: 'unknown_error' } },
      'out_of_quota',
      'The account is out of quota or balance (HTTP 402): Insufficient Balance',
    ],
    [
      "OpenRouter's Provider returned error shows metadata.raw",
      429,
      {
        error: {
          code: 429,
          message: 'Provider returned error',
          metadata: { provider_name: 'Google', raw: 'google/gemini-2.0-flash-exp:free is temporarily rate-limited upstream.' },
        },
      },
      'rate_limited',
      'Rate limited by the provider (HTTP 429): Google: google/gemini-2.0-flash-exp:free is temporarily rate-limited upstream.',
    ],
  ])('%s', async (_name, status, body, code, errorMessage) => {
    const message = await run(answer(status, body));
    expect(message).toMatchObject({ stopReason: 'error', errorCode: code, errorMessage });
  });

  it('a 200 with a JSON error body shows the provider reason (insufficient balance)', async () => {
    const message = await run({
      rawBody: JSON.stringify({ error: { message: 'Insufficient Balance', type: 'unknown_error' } }),
      contentType: 'application/json',
    });
    expect(message).toMatchObject({
      stopReason: 'error',
      errorCode: 'out_of_quota',
      errorMessage: 'The account is out of quota or balance: Insufficient Balance',
    });
  });
});

describe('hostile and odd responses (issue #10)', () => {
  it('reads a whole completion sent as plain JSON by a server that ignores stream: true', async () => {
    const body = {
      id: 'c',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Not streamed.', reasoning_content: 'Hm.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
    };
    const message = await run({ rawBody: JSON.stringify(body), contentType: 'application/json' });
    expect(parts(message)).toEqual(['thinking:Hm.', 'text:Not streamed.']);
    expect(message).toMatchObject({ stopReason: 'stop', usage: { totalTokens: 7 } });
  });

  it('an SSE event that never ends is cut at the cap as a bad response, not buffered without bound', async () => {
    const endless = `data: {"choices":[{"index":0,"delta":{"content":"${'x'.repeat(MAX_SSE_EVENT_BYTES + 1024)}`;
    const message = await run({ rawBody: endless, sliceBytes: 256 * 1024 });
    expect(message).toMatchObject({
      stopReason: 'error',
      errorCode: 'bad_response',
      errorMessage: 'The provider sent a stream event larger than 4 MB',
    });
  });

  it('SSE comments and trickled bytes keep a stream alive past the idle limit', async () => {
    const chunk = (content: string, finish: string | null = null): string =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
    // 12 keep-alive comments, then one frame trickled a few bytes at a time: about 2.8 s in all, against a 0.8 s idle limit.
    const body = `${': OPENROUTER PROCESSING\n\n'.repeat(12)}${chunk('alive', 'stop')}data: [DONE]\n\n`;
    const message = await run({ rawBody: body, sliceBytes: 6, sliceDelayMs: 40 }, { requestTimeoutMs: 800 });
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'alive' }] });
  });

  it('bytes trickled every 40 ms are a live stream, not "no response"', async () => {
    const body = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'slow but sure' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
    // About 1.6 s of trickling, 40 ms apart, against a 0.6 s idle limit.
    const message = await run({ rawBody: body, sliceBytes: 4, sliceDelayMs: 40 }, { requestTimeoutMs: 600 });
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'slow but sure' }] });
  });

  it('never follows a redirect to another origin: nothing reaches the other host and the error names it', async () => {
    const target = new URL(other.url);
    const message = await run({ redirectTo: `${other.url}/chat/completions`, redirectStatus: 307 });
    expect(message).toMatchObject({
      stopReason: 'error',
      errorCode: 'bad_response',
      errorMessage: `The provider redirected the request to another host (${target.host}); it was not sent there`,
    });
    expect(other.requests).toHaveLength(0);
  });

  it('follows a 308 within the same origin, body included', async () => {
    server.enqueue({ redirectTo: `${server.url}/chat/completions?moved=1`, redirectStatus: 308 }, { text: 'moved fine' });
    const stream = streamOpenAI({ id: 'm', baseUrl: server.url }, hello, { signal: new AbortController().signal });
    const message = await (await stream).result();
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'moved fine' }] });
    expect(server.chatRequests[1]?.body?.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it.each([['[DONE] '], ['ping']])('keeps a complete answer when a junk frame (data: %s) follows the finish reason', async (junk) => {
    const message = await run({
      ...frames({ delta: { content: 'Kept.' } }, { delta: {}, finish_reason: 'stop' }, { raw: junk }),
      omitDone: true,
    });
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'Kept.' }] });
    expect(message.errorCode).toBeUndefined();
  });
});
