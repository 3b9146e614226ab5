// streamOpenAI against the real fake server: event sequences, reasoning, tool calls, finish reasons, usage,
// every failure class, abort, the request body, and that the API key never shows up in anything we emit.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer, type FakeReply } from '../fixtures/fake-openai.js';
import { streamOpenAI } from '../../src/main/llm/index.js';
import type { AgentModel, AssistantMessageEvent, LlmContext } from '../../src/main/agent/types.js';
import type { AssistantMessage, Message } from '../../src/shared/messages.js';

const KEY = 'sk-secret-test-key-0123456789';
let server: FakeOpenAIServer;
let closedPortUrl: string;

beforeAll(async () => {
  server = await startFakeOpenAI();
  const closed = await startFakeOpenAI();
  closedPortUrl = closed.url;
  await closed.close();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

const model = (overrides: Partial<AgentModel> = {}): AgentModel => ({ id: 'fake-model', baseUrl: server.url, apiKey: KEY, ...overrides });
const hello: LlmContext = { messages: [{ role: 'user', content: 'hi', timestamp: 1 }], tools: [] };

/** One event as a short line: type, block index, and the delta / content / reason it carries. */
function line(e: AssistantMessageEvent): string {
  switch (e.type) {
    case 'text_delta':
    case 'thinking_delta':
    case 'toolcall_delta':
      return `${e.type} ${e.contentIndex} ${JSON.stringify(e.delta)}`;
    case 'text_end':
    case 'thinking_end':
      return `${e.type} ${e.contentIndex} ${JSON.stringify(e.content)}`;
    case 'toolcall_end':
      return `${e.type} ${e.contentIndex} ${JSON.stringify(e.toolCall.arguments)}`;
    case 'done':
      return `done ${e.reason}`;
    case 'error':
      return `error ${e.reason}`;
    case 'start':
      return 'start';
    default:
      return `${e.type} ${e.contentIndex}`;
  }
}

async function run(
  reply: FakeReply | undefined,
  options: { model?: Partial<AgentModel>; context?: LlmContext; signal?: AbortSignal; onEvent?: (e: AssistantMessageEvent) => void } = {},
): Promise<{ lines: string[]; events: AssistantMessageEvent[]; message: AssistantMessage }> {
  if (reply) server.enqueue(reply);
  const stream = streamOpenAI(model(options.model), options.context ?? hello, { signal: options.signal ?? new AbortController().signal });
  const events: AssistantMessageEvent[] = [];
  for await (const event of await stream) {
    events.push(event);
    options.onEvent?.(event);
  }
  return { lines: events.map(line), events, message: await (await stream).result() };
}

describe('streamOpenAI: content mapping', () => {
  it('streams text: the deltas concatenate to the sent text, in the exact event order', async () => {
    const { lines, message } = await run({ text: 'Hello big world' });
    expect(lines).toEqual([
      'start',
      'text_start 0',
      'text_delta 0 "Hello "',
      'text_delta 0 "big "',
      'text_delta 0 "world"',
      'text_end 0 "Hello big world"',
      'done stop',
    ]);
    expect(message).toMatchObject({
      role: 'assistant',
      model: 'fake-model',
      stopReason: 'stop',
      content: [{ type: 'text', text: 'Hello big world' }],
    });
    expect(message.errorMessage).toBeUndefined();
  });

  it.each(['reasoning_content', 'reasoning'] as const)('maps delta.%s to a thinking block signed with the field name', async (field) => {
    const { lines, message } = await run({ reasoning: 'Let me think.', reasoningField: field, text: 'Four.' });
    expect(lines).toEqual([
      'start',
      'thinking_start 0',
      'thinking_delta 0 "Let "',
      'thinking_delta 0 "me "',
      'thinking_delta 0 "think."',
      'thinking_end 0 "Let me think."',
      'text_start 1',
      'text_delta 1 "Four."',
      'text_end 1 "Four."',
      'done stop',
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: field },
      { type: 'text', text: 'Four.' },
    ]);
  });

  it('counts only the first non-empty reasoning field of a delta', async () => {
    const { message } = await run({
      frames: [
        { delta: { reasoning_content: 'One', reasoning: 'One' } },
        { delta: { reasoning_content: '', reasoning: ' two' } },
        { delta: { content: 'Done' } },
        { delta: {}, finish_reason: 'stop' },
      ],
    });
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'One two', signature: 'reasoning_content' },
      { type: 'text', text: 'Done' },
    ]);
  });

  it('keeps arrival order when text and reasoning alternate', async () => {
    const { lines } = await run({
      frames: [
        { delta: { content: 'A' } },
        { delta: { reasoning: 'r' } },
        { delta: { content: 'B' } },
        { delta: {}, finish_reason: 'stop' },
      ],
    });
    expect(lines).toEqual([
      'start',
      'text_start 0',
      'text_delta 0 "A"',
      'text_end 0 "A"',
      'thinking_start 1',
      'thinking_delta 1 "r"',
      'thinking_end 1 "r"',
      'text_start 2',
      'text_delta 2 "B"',
      'text_end 2 "B"',
      'done stop',
    ]);
  });

  it('assembles several tool calls from argument fragments across chunks', async () => {
    const { lines, message } = await run({
      text: 'Checking.',
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: ['{"city":', '"Paris",', '"unit":"c"}'] },
        { id: 'call_b', name: 'get_time', arguments: ['{"tz":"Europe/', 'Paris"}'] },
      ],
    });
    expect(lines).toEqual([
      'start',
      'text_start 0',
      'text_delta 0 "Checking."',
      'text_end 0 "Checking."',
      'toolcall_start 1',
      'toolcall_delta 1 "{\\"city\\":"',
      'toolcall_delta 1 "\\"Paris\\","',
      'toolcall_delta 1 "\\"unit\\":\\"c\\"}"',
      'toolcall_start 2',
      'toolcall_delta 2 "{\\"tz\\":\\"Europe/"',
      'toolcall_delta 2 "Paris\\"}"',
      'toolcall_end 1 {"city":"Paris","unit":"c"}',
      'toolcall_end 2 {"tz":"Europe/Paris"}',
      'done toolUse',
    ]);
    expect(message.content.slice(1)).toEqual([
      { type: 'toolCall', id: 'call_a', name: 'get_weather', arguments: { city: 'Paris', unit: 'c' } },
      { type: 'toolCall', id: 'call_b', name: 'get_time', arguments: { tz: 'Europe/Paris' } },
    ]);
  });

  it('matches interleaved fragments by index, and by id when a server reuses an index', async () => {
    const { message } = await run({
      frames: [
        {
          delta: {
            tool_calls: [
              { index: 0, id: 'c1', function: { name: 'a', arguments: '{"x"' } },
              { index: 1, id: 'c2', function: { name: 'b', arguments: '{"y"' } },
            ],
          },
        },
        {
          delta: {
            tool_calls: [
              { index: 1, function: { arguments: ':2}' } },
              { index: 0, function: { arguments: ':1}' } },
            ],
          },
        },
        { delta: { tool_calls: [{ index: 0, id: 'c3', function: { name: 'c', arguments: '{}' } }] } },
        { delta: {}, finish_reason: 'tool_calls' },
      ],
    });
    expect(message.content).toEqual([
      { type: 'toolCall', id: 'c1', name: 'a', arguments: { x: 1 } },
      { type: 'toolCall', id: 'c2', name: 'b', arguments: { y: 2 } },
      { type: 'toolCall', id: 'c3', name: 'c', arguments: {} },
    ]);
  });

  it('gives invalid argument JSON as {} and still finishes', async () => {
    const { message } = await run({ toolCalls: [{ id: 'c1', name: 'broken', arguments: '{"a": tru' }] });
    expect(message.stopReason).toBe('toolUse');
    expect(message.content).toEqual([{ type: 'toolCall', id: 'c1', name: 'broken', arguments: {} }]);
  });

  it.each([
    ['stop', 'stop'],
    ['end', 'stop'],
    ['length', 'length'],
    ['tool_calls', 'toolUse'],
    ['function_call', 'toolUse'],
  ])('maps finish_reason %s to %s', async (finishReason, stopReason) => {
    const { lines, message } = await run({ text: 'ok', finishReason });
    expect(lines.at(-1)).toBe(`done ${stopReason}`);
    expect(message.stopReason).toBe(stopReason);
  });

  it('fails on an unknown finish_reason, naming it, with the content kept and its blocks ended', async () => {
    const { lines, message } = await run({ text: 'Partial answer', finishReason: 'content_filter' });
    expect(lines.slice(-2)).toEqual(['text_end 0 "Partial answer"', 'error error']);
    expect(message).toMatchObject({
      stopReason: 'error',
      errorCode: 'bad_response',
      errorMessage: 'Provider finish_reason: content_filter',
      content: [{ type: 'text', text: 'Partial answer' }],
    });
  });

  it('maps usage: input excludes cached tokens, reasoning from completion details', async () => {
    const { message } = await run({
      text: 'ok',
      usage: {
        prompt_tokens: 100,
        completion_tokens: 40,
        prompt_tokens_details: { cached_tokens: 30 },
        completion_tokens_details: { reasoning_tokens: 12 },
      },
    });
    expect(message.usage).toEqual({ input: 70, output: 40, reasoning: 12, cacheRead: 30, totalTokens: 140 });
  });

  it('reads DeepSeek prompt_cache_hit_tokens, and the last usage chunk overwrites earlier ones', async () => {
    const { message } = await run({
      frames: [
        { delta: { content: 'ok' }, usage: { prompt_tokens: 5, completion_tokens: 1 } },
        { delta: {}, finish_reason: 'stop' },
        { usage: { prompt_tokens: 50, completion_tokens: 9, prompt_cache_hit_tokens: 20 } },
      ],
    });
    expect(message.usage).toEqual({ input: 30, output: 9, reasoning: 0, cacheRead: 20, totalTokens: 59 });
  });

  it('finishes normally without [DONE] when the finish reason arrived', async () => {
    const { lines } = await run({ text: 'ok', omitDone: true });
    expect(lines.at(-1)).toBe('done stop');
  });

  it('treats a connection dropped after the finish chunk as a complete answer', async () => {
    const { lines, message } = await run({ text: 'a b', disconnectAfterChunks: 3 }); // "a ", "b", finish | usage
    expect(lines.at(-1)).toBe('done stop');
    expect(message.content).toEqual([{ type: 'text', text: 'a b' }]);
  });

  it('finishes an empty stream as stop with no content (the session layer calls it an empty reply)', async () => {
    const { lines, message } = await run({ empty: true });
    expect(lines).toEqual(['start', 'done stop']);
    expect(message.content).toEqual([]);
  });
});

describe('streamOpenAI: failures', () => {
  it.each<[number, FakeReply, string, string]>([
    [401, {}, 'auth', 'HTTP 401'],
    [
      403,
      { errorMessage: 'You are not allowed to sample from this model' },
      'forbidden',
      'The provider refused the request (HTTP 403): You are not allowed to sample from this model',
    ],
    [404, {}, 'model_not_found', 'Unknown model "fake-model" or wrong endpoint (HTTP 404)'],
    [429, { retryAfter: 7 }, 'rate_limited', 'Rate limited by the provider (HTTP 429), retry after 7 s: Rate limit reached for requests.'],
    [429, {}, 'rate_limited', 'Rate limited by the provider (HTTP 429): Rate limit reached for requests.'],
    [500, {}, 'server_error', 'Provider server error (HTTP 500): The server had an error while processing your request.'],
    [503, { errorMessage: 'Overloaded' }, 'server_error', 'Provider server error (HTTP 503): Overloaded'],
    [400, { errorMessage: 'context too long' }, 'unknown', 'Request rejected (HTTP 400): context too long'],
  ])('HTTP %i → %s with a readable message, no start event, no retry', async (status, extra, code, errorMessage) => {
    const { lines, message } = await run({ status, ...extra });
    expect(lines).toEqual(['error error']);
    expect(message).toMatchObject({ stopReason: 'error', errorCode: code, errorMessage, content: [] });
    expect(server.chatRequests).toHaveLength(1);
  });

  it('reports a closed port as unreachable, naming the host', async () => {
    const { lines, message } = await run(undefined, { model: { baseUrl: closedPortUrl } });
    expect(lines).toEqual(['error error']);
    expect(message).toMatchObject({
      errorCode: 'unreachable',
      errorMessage: `Cannot reach ${new URL(closedPortUrl).host} (connection refused)`,
    });
  });

  it('keeps the partial answer when the connection drops mid-stream', async () => {
    const { lines, message } = await run({ text: 'one two three four', disconnectAfterChunks: 2 });
    expect(lines).toEqual(['start', 'text_start 0', 'text_delta 0 "one "', 'text_delta 0 "two "', 'error error']);
    expect(message).toMatchObject({
      stopReason: 'error',
      errorCode: 'interrupted',
      errorMessage: 'The connection closed before the answer finished',
      content: [{ type: 'text', text: 'one two ' }],
    });
  });

  it('calls a stream that stops with content but neither a finish reason nor [DONE] interrupted', async () => {
    const { message } = await run({ text: 'half an', finishReason: null, omitDone: true });
    expect(message).toMatchObject({ errorCode: 'interrupted', content: [{ type: 'text', text: 'half an' }] });
  });

  it('keeps an answer that ends with usage and [DONE] but never sends a finish reason (Snowflake Cortex)', async () => {
    const { lines, message } = await run({ text: 'all of it', finishReason: null });
    expect(lines.at(-1)).toBe('done stop');
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'all of it' }] });
    expect(message.errorCode).toBeUndefined();
  });

  it('calls a stream with neither content nor finish reason a bad response', async () => {
    const { lines, message } = await run({ empty: true, finishReason: null });
    expect(lines).toEqual(['start', 'error error']);
    expect(message).toMatchObject({ errorCode: 'bad_response', errorMessage: 'The stream ended without an answer or a finish reason' });
  });

  it('reports a malformed chunk as a bad response, partial kept', async () => {
    const { message } = await run({ text: 'one two', malformedChunkAt: 1 });
    expect(message).toMatchObject({
      errorCode: 'bad_response',
      errorMessage: 'The provider sent a malformed stream chunk',
      content: [{ type: 'text', text: 'one ' }],
    });
  });

  it("reports an error frame as the provider's own error (not an unreadable reply), its message and partial kept", async () => {
    const { message } = await run({ text: 'one two', errorFrameAt: 1, errorMessage: 'The model crashed' });
    expect(message).toMatchObject({
      errorCode: 'server_error',
      errorMessage: 'Provider error: The model crashed',
      content: [{ type: 'text', text: 'one ' }],
    });
  });

  it('times out when no first token arrives within firstTokenTimeoutMs', async () => {
    const { lines, message } = await run({ text: 'late', stallAfterChunks: 0 }, { model: { firstTokenTimeoutMs: 300 } });
    expect(lines).toEqual(['start', 'error error']);
    expect(message).toMatchObject({ stopReason: 'error', errorCode: 'timeout', errorMessage: 'No response within 0.3 s' });
    await expect.poll(() => server.requests[0]?.disconnected).toBe(true);
  });

  it('times out when the response headers do not arrive within requestTimeoutMs', async () => {
    const { lines, message } = await run({ text: 'late', headersDelayMs: 60_000 }, { model: { requestTimeoutMs: 300 } });
    expect(lines).toEqual(['error error']);
    expect(message).toMatchObject({ errorCode: 'timeout', errorMessage: 'No response within 0.3 s' });
  });

  it('times out a stream that stalls after it started answering, keeping the partial', async () => {
    const { message } = await run({ text: 'one two', stallAfterChunks: 1 }, { model: { requestTimeoutMs: 300 } });
    expect(message).toMatchObject({
      errorCode: 'timeout',
      errorMessage: 'The stream stalled: no data for 0.3 s',
      content: [{ type: 'text', text: 'one ' }],
    });
  });

  it('stops on abort mid-stream: aborted, partial kept, connection closed', async () => {
    const controller = new AbortController();
    const gate = new Promise<void>(() => {}); // never opens: only the abort ends this stream
    const { lines, message } = await run(
      { text: 'one two three', gate, gateAfterChunks: 1 },
      { signal: controller.signal, onEvent: (e) => e.type === 'text_delta' && controller.abort() },
    );
    expect(lines).toEqual(['start', 'text_start 0', 'text_delta 0 "one "', 'error aborted']);
    expect(message).toMatchObject({
      stopReason: 'aborted',
      errorCode: 'aborted',
      errorMessage: 'Stopped by user',
      content: [{ type: 'text', text: 'one ' }],
    });
    await expect.poll(() => server.requests[0]?.disconnected).toBe(true);
  });

  it('stops on abort before the response arrives, and sends nothing when already aborted', async () => {
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 100);
    const before = await run({ text: 'x', headersDelayMs: 60_000 }, { signal: waiting.signal });
    expect(before.lines).toEqual(['error aborted']);
    expect(before.message.errorMessage).toBe('Stopped by user');

    server.requests.length = 0;
    const { lines } = await run(undefined, { signal: AbortSignal.abort() });
    expect(lines).toEqual(['error aborted']);
    expect(server.requests).toHaveLength(0);
  });

  it('never puts the API key in events, messages or console output', async () => {
    const printed: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' '))),
    );
    try {
      const outcomes = [
        await run({ status: 401, errorMessage: `Incorrect API key provided: ${KEY}` }),
        await run({ status: 500, errorMessage: `upstream rejected Bearer ${KEY}` }),
        await run({ text: 'a b', errorFrameAt: 1, errorMessage: `bad key ${KEY} and sk-another-live-key-999` }),
        await run({ text: 'a b', malformedChunkAt: 1 }),
        await run(undefined, { model: { baseUrl: closedPortUrl } }),
      ];
      expect(outcomes.map((o) => o.message.errorMessage)).toEqual([
        'HTTP 401',
        'Provider server error (HTTP 500): upstream rejected Bearer ***',
        'Provider error: bad key *** and sk-***',
        'The provider sent a malformed stream chunk',
        `Cannot reach ${new URL(closedPortUrl).host} (connection refused)`,
      ]);
      expect(JSON.stringify(outcomes.map((o) => o.events))).not.toContain(KEY);
      expect(printed).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('streamOpenAI: the request', () => {
  it('sends the key as a bearer token, and no Authorization header when there is no key', async () => {
    await run({ text: 'ok' });
    await run({ text: 'ok' }, { model: { apiKey: undefined } });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, undefined]);
  });

  it('posts model, messages, stream and stream_options, without tools or a token limit unless set', async () => {
    await run({ text: 'ok' });
    expect(server.requests[0]?.body).toEqual({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('adds tools and max_tokens when the context and model have them', async () => {
    const context: LlmContext = {
      messages: hello.messages,
      tools: [{ name: 'get_time', description: 'Current time', parameters: { type: 'object', properties: { tz: { type: 'string' } } } }],
    };
    await run({ text: 'ok' }, { context, model: { maxOutputTokens: 256 } });
    expect(server.requests[0]?.body).toMatchObject({
      max_tokens: 256,
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_time',
            description: 'Current time',
            parameters: { type: 'object', properties: { tz: { type: 'string' } } },
          },
        },
      ],
    });
  });

  it('replays a transcript in OpenAI form', async () => {
    const usage = { input: 0, output: 0, reasoning: 0, cacheRead: 0, totalTokens: 0 };
    const assistant = (content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): Message => ({
      role: 'assistant',
      content,
      model: 'fake-model',
      usage,
      stopReason,
      timestamp: 1,
    });
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.', timestamp: 1 },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is ' },
          { type: 'text', text: 'this?' },
        ],
        timestamp: 1,
      },
      assistant([{ type: 'text', text: 'Half' }], 'error'),
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        ],
        timestamp: 1,
      },
      assistant([
        { type: 'thinking', thinking: 'The user wants', signature: 'reasoning_content' },
        { type: 'thinking', thinking: 'a lookup', signature: 'reasoning_content' },
        { type: 'thinking', thinking: 'unsigned, stays here' },
        { type: 'text', text: 'Let me ' },
        { type: 'text', text: '  ' },
        { type: 'text', text: 'check.' },
        { type: 'toolCall', id: 'call_1', name: 'lookup', arguments: { q: 'png' } },
        { type: 'toolCall', id: 'call_2', name: 'size', arguments: {} },
      ]),
      {
        role: 'toolResult',
        toolCallId: 'call_1',
        toolName: 'lookup',
        content: [
          { type: 'text', text: 'line 1' },
          { type: 'text', text: 'line 2' },
        ],
        isError: false,
        timestamp: 1,
      },
      { role: 'user', content: 'And?', timestamp: 1 },
      assistant([{ type: 'text', text: '   ' }]),
      assistant([{ type: 'toolCall', id: 'call_3', name: 'size', arguments: { x: 1 } }]),
      { role: 'toolResult', toolCallId: 'call_3', toolName: 'size', content: [], isError: false, timestamp: 1 },
      {
        role: 'toolResult',
        toolCallId: 'call_orphan',
        toolName: 'size',
        content: [{ type: 'text', text: 'late' }],
        isError: false,
        timestamp: 1,
      },
    ];
    await run({ text: 'ok' }, { context: { messages, tools: [] } });
    expect(server.requests[0]?.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is this?' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"png"}' } },
          { id: 'call_2', type: 'function', function: { name: 'size', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'line 1\nline 2' },
      { role: 'tool', tool_call_id: 'call_2', content: 'No result provided' },
      { role: 'user', content: 'And?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'size', arguments: '{"x":1}' } }],
      },
      { role: 'tool', tool_call_id: 'call_3', content: '(no tool output)' },
    ]);
  });
});
