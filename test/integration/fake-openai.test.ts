// The fake model server itself, driven with plain fetch: SSE frames, [DONE], usage, errors, /models, recording.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAI();
});
afterEach(async () => {
  await server.close();
});

function chat(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-fixture', ...headers },
    body: JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'hi there' }], ...body }),
  });
}

/** The `data:` payloads of an SSE body, in order. */
async function frames(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
}

const deltas = (payloads: string[]): unknown[] =>
  payloads.filter((p) => p !== '[DONE]').map((p) => JSON.parse(p).choices[0]?.delta ?? null);

describe('fake OpenAI server', () => {
  it('listens on loopback and exposes a /v1 base URL', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/v1`);
  });

  it('streams word chunks, a finish chunk, a usage chunk and [DONE]', async () => {
    server.enqueue({ text: 'Hello big world', usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } });
    const response = await chat({ stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const payloads = await frames(response);
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((p) => JSON.parse(p));
    expect(chunks.map((c) => c.object)).toEqual(Array(5).fill('chat.completion.chunk'));
    expect(chunks.map((c) => c.choices[0]?.delta)).toEqual([
      { role: 'assistant', content: 'Hello ' },
      { content: 'big ' },
      { content: 'world' },
      {},
      undefined,
    ]);
    expect(chunks[3].choices[0].finish_reason).toBe('stop');
    expect(chunks[4]).toMatchObject({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } });
  });

  it('sends no usage chunk unless the request asks for it', async () => {
    server.enqueue({ text: 'ok' });
    expect(deltas(await frames(await chat({})))).toEqual([{ role: 'assistant', content: 'ok' }, {}]);
  });

  it('echoes the last user text by default and honours chunkSize', async () => {
    expect(deltas(await frames(await chat({})))).toEqual([
      { role: 'assistant', content: 'You ' },
      { content: 'said: ' },
      { content: 'hi ' },
      { content: 'there' },
      {},
    ]);
    server.setDefaultReply((req) => ({ text: `model=${req.body.model}`, chunkSize: 4 }));
    expect(deltas(await frames(await chat({})))).toEqual([
      { role: 'assistant', content: 'mode' },
      { content: 'l=fa' },
      { content: 'ke-m' },
      { content: 'odel' },
      {},
    ]);
  });

  it('streams reasoning under the chosen field, then text, then tool call fragments', async () => {
    server.enqueue({
      reasoning: 'think',
      reasoningField: 'reasoning',
      text: 'ok',
      toolCalls: [{ id: 'call_1', name: 'lookup', arguments: ['{"q":', '"x"}'] }],
    });
    const payloads = await frames(await chat({}));
    expect(deltas(payloads)).toEqual([
      { role: 'assistant', reasoning: 'think' },
      { content: 'ok' },
      { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] },
      {},
    ]);
    expect(JSON.parse(payloads.at(-2)!).choices[0].finish_reason).toBe('tool_calls');
  });

  it('answers HTTP errors with OpenAI-shaped bodies and retry-after', async () => {
    server.enqueue({ status: 429, retryAfter: 7 }, { status: 401 }, { status: 503, errorMessage: 'busy' });
    const limited = await chat({});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toEqual({
      error: { message: 'Rate limit reached for requests.', type: 'requests', code: 'rate_limit_exceeded' },
    });
    expect((await chat({})).status).toBe(401);
    const busy = await chat({});
    expect([busy.status, (await busy.json()).error.message]).toEqual([503, 'busy']);
  });

  it('can omit the finish chunk, send an empty stream, and omit [DONE]', async () => {
    server.enqueue({ text: 'a', finishReason: null }, { empty: true }, { text: 'b', omitDone: true });
    expect(deltas(await frames(await chat({})))).toEqual([{ role: 'assistant', content: 'a' }]);
    const empty = await frames(await chat({}));
    expect(empty).toHaveLength(2);
    expect(JSON.parse(empty[0]!).choices[0]).toEqual({ index: 0, delta: { role: 'assistant' }, finish_reason: 'stop' });
    expect((await frames(await chat({}))).includes('[DONE]')).toBe(false);
  });

  it('inserts a malformed frame and an error frame at the given positions', async () => {
    server.enqueue({ text: 'a b', malformedChunkAt: 1 }, { text: 'a b', errorFrameAt: 1, errorMessage: 'overloaded' });
    const malformed = await frames(await chat({}));
    expect(malformed[1]).toBe('{"id": "broken", "choices": [');
    expect(malformed.at(-1)).toBe('[DONE]');
    const errored = await frames(await chat({}));
    expect(errored).toHaveLength(2);
    expect(JSON.parse(errored[1]!)).toEqual({ error: { message: 'overloaded', type: 'server_error', code: null } });
  });

  it('destroys the socket after N chunks', async () => {
    server.enqueue({ text: 'one two three', disconnectAfterChunks: 1, delayMs: 20 });
    const response = await chat({});
    await expect(response.text()).rejects.toThrow();
  });

  it('holds a gated stream until the gate opens, and records the client leaving a stalled one', async () => {
    let open!: () => void;
    server.enqueue({ text: 'one two', gate: new Promise<void>((resolve) => (open = resolve)), gateAfterChunks: 1 });
    const reader = (await chat({})).body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"content":"one "');
    open();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('"content":"two"');
    expect(rest).toContain('[DONE]');

    server.enqueue({ text: 'x y', stallAfterChunks: 1 });
    const controller = new AbortController();
    const stalled = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', stream: true, messages: [] }),
      signal: controller.signal,
    });
    await stalled.body!.getReader().read();
    controller.abort();
    await expect.poll(() => server.requests.at(-1)?.disconnected).toBe(true);
  });

  it('lists models on /models and /v1/models, and checks the key when one is set', async () => {
    server.setModels(['b-model', 'a-model']);
    const root = `http://127.0.0.1:${server.port}`;
    for (const path of ['/models', '/v1/models']) {
      const body = await (await fetch(root + path)).json();
      expect(body.object).toBe('list');
      expect(body.data.map((m: { id: string }) => m.id)).toEqual(['b-model', 'a-model']);
    }
    expect((await fetch(`${root}/nope`)).status).toBe(404);
    server.setApiKey('sk-right');
    expect((await fetch(`${server.url}/models`, { headers: { authorization: 'Bearer sk-wrong' } })).status).toBe(401);
    expect((await fetch(`${server.url}/models`, { headers: { authorization: 'Bearer sk-right' } })).status).toBe(200);
  });

  it('records method, path, headers and parsed body; waitForRequests resolves on arrival', async () => {
    const waiting = server.waitForRequests(1);
    await (await chat({ temperature: 0.5 })).text();
    const [request] = await waiting;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', disconnected: false });
    expect(request!.headers.authorization).toBe('Bearer sk-fixture');
    expect(request!.body).toMatchObject({ model: 'fake-model', stream: true, temperature: 0.5 });
    expect(server.chatRequests).toHaveLength(1);
    await expect(server.waitForRequests(2, 50)).rejects.toThrow('1 of 2 requests arrived within 50 ms');
  });

  it('answers a non-streaming request with one chat.completion', async () => {
    server.enqueue({ text: 'whole', toolCalls: [{ id: 'c1', name: 't', arguments: '{}' }] });
    const body = await (await chat({ stream: false })).json();
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: 'whole', tool_calls: [{ id: 'c1' }] } });
  });

  it('close() ends stalled streams and open sockets', async () => {
    server.enqueue({ text: 'a', stallAfterChunks: 0 });
    const response = await chat({});
    const reading = response.text().catch(() => 'closed');
    await server.close();
    expect(await reading).toBe('closed');
    server = await startFakeOpenAI(); // afterEach closes a live server
  });
});
