// Recorded real traffic, replayed through streamOpenAI over a loopback HTTP server. Streams come from the
// Vercel AI SDK's `__fixtures__/*.chunks.txt` and pydantic-ai's VCR cassettes (test/fixtures/recordings/streams,
// sources.json names each file's repository, path and commit); error bodies (recordings/errors/*.json) carry
// their source in the file. Each stream is replayed whole and in small byte slices, and what the provider built is
// compared with what a small reducer below reads from the recording on its own: whole-stream rules (concatenate,
// then split leading <think> blocks with a regex; group tool-call fragments by index; usage from the last report,
// output = total - prompt), not the provider's incremental code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { streamOpenAI } from '../../src/main/llm/index.js';
import type { AgentModel, AssistantMessageEvent } from '../../src/main/agent/types.js';
import type { AssistantMessage } from '../../src/shared/messages.js';

const DIR = join(__dirname, '../fixtures/recordings');
const STREAMS = join(DIR, 'streams');
const ERRORS = join(DIR, 'errors');

interface Source {
  repository: string;
  path: string;
  commit: string;
  format: 'chunks' | 'sse';
}
const sources = JSON.parse(readFileSync(join(STREAMS, 'sources.json'), 'utf8')) as Record<string, Source>;
const streamFiles = readdirSync(STREAMS)
  .filter((f) => f !== 'sources.json')
  .sort();
const errorFiles = readdirSync(ERRORS).sort();

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
});

/** The HTTP body a recording stands for: `.chunks.txt` holds one chunk JSON per line, `.sse` the raw body. */
function bodyOf(file: string): string {
  const text = readFileSync(join(STREAMS, file), 'utf8');
  if (sources[file]?.format === 'sse') return text;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return `${lines.map((line) => `data: ${line}\n\n`).join('')}data: [DONE]\n\n`;
}

async function replay(body: string, sliceBytes?: number): Promise<AssistantMessage> {
  server.enqueue({ rawBody: body, ...(sliceBytes ? { sliceBytes } : {}) });
  const model: AgentModel = { id: 'recorded', baseUrl: server.url, apiKey: 'sk-test' };
  const stream = streamOpenAI(
    model,
    { messages: [{ role: 'user', content: 'hi', timestamp: 1 }], tools: [] },
    { signal: new AbortController().signal },
  );
  const events: AssistantMessageEvent[] = [];
  for await (const event of await stream) events.push(event);
  return (await stream).result();
}

// ---- the independent reducer ----

interface Expected {
  text: string;
  thinking: string;
  toolCalls: Array<{ name: string; arguments: unknown }>;
  usage: { input: number; output: number; reasoning: number; cacheRead: number; totalTokens: number } | undefined;
  stopReason: string;
  refusal: boolean;
}

type Json = Record<string, any>;

function dataPayloads(body: string): string[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter((data) => data !== '');
}

function reduce(body: string): Expected {
  let content = '';
  let thinking = '';
  let refusal = '';
  const calls = new Map<number, { name: string; args: string }>();
  let usage: Json | undefined;
  let finish: string | undefined;
  let errored = false;
  let done = false;
  for (const data of dataPayloads(body)) {
    if (data.trim() === '[DONE]') {
      done = true;
      break;
    }
    const chunk = JSON.parse(data) as Json;
    const choice = (chunk.choices ?? []).find((c: Json) => (c.index ?? 0) === 0) as Json | undefined;
    usage = chunk.usage ?? choice?.usage ?? chunk.x_groq?.usage ?? usage;
    if (chunk.error) {
      errored = true;
      break;
    }
    const delta = (choice?.delta ?? {}) as Json;
    const reasoningText =
      (typeof delta.reasoning_content === 'string' && delta.reasoning_content) ||
      (typeof delta.reasoning === 'string' && delta.reasoning) ||
      (delta.reasoning_details ?? [])
        .map((d: Json) => (d.type === 'reasoning.text' ? (d.text ?? '') : d.type === 'reasoning.summary' ? (d.summary ?? '') : ''))
        .join('');
    thinking += reasoningText;
    if (typeof delta.content === 'string') content += delta.content;
    for (const part of Array.isArray(delta.content) ? delta.content : []) {
      if (part.type === 'text') content += part.text;
      if (part.type === 'thinking') thinking += (part.thinking ?? []).map((t: Json) => t.text ?? '').join('');
    }
    if (typeof delta.refusal === 'string') refusal += delta.refusal;
    for (const call of delta.tool_calls ?? []) {
      const entry = calls.get(call.index) ?? { name: '', args: '' };
      entry.name ||= call.function?.name ?? '';
      entry.args += call.function?.arguments ?? '';
      calls.set(call.index, entry);
    }
    if (choice?.finish_reason) finish = finish === 'tool_calls' && choice.finish_reason === 'stop' ? finish : choice.finish_reason;
  }
  // Leading <think> blocks of the whole answer are reasoning.
  const lead = /^\s*<think>([\s\S]*?)(<\/think>|$)/;
  let match = lead.exec(content);
  while (match) {
    thinking += match[1]!.trimStart();
    content = content.slice(match[0].length);
    if (!match[2]) break;
    content = /^\s*<think>/.test(content) ? content : content.trimStart();
    match = lead.exec(content);
  }
  const stopReason = errored
    ? 'error'
    : finish === 'tool_calls'
      ? 'toolUse'
      : finish === 'stop' || finish === 'length'
        ? finish
        : finish === undefined && done && (content + thinking + refusal !== '' || calls.size > 0)
          ? 'stop'
          : 'error';
  return {
    text: content + refusal,
    thinking,
    toolCalls: [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => ({ name: c.name, arguments: parseOrEmpty(c.args) })),
    usage: usage ? expectedUsage(usage) : undefined,
    stopReason,
    refusal: refusal !== '',
  };
}

function parseOrEmpty(args: string): unknown {
  try {
    const value = JSON.parse(args) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** What the person should be shown for a usage report: output includes reasoning, total is the provider's. */
function expectedUsage(u: Json): Expected['usage'] {
  const prompt = u.prompt_tokens ?? 0;
  const cached = Math.min(prompt, u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens ?? u.cached_tokens ?? 0);
  const total = u.total_tokens ?? 0;
  const completion = u.completion_tokens ?? 0;
  const reasoning = u.completion_tokens_details?.reasoning_tokens ?? 0;
  // A provider whose total counts reasoning its completion leaves out: output is what the total says was produced.
  const output = total > 0 && total === prompt + completion + reasoning && reasoning > 0 ? total - prompt : completion;
  return { input: prompt - cached, output, reasoning, cacheRead: cached, totalTokens: total > 0 ? total : prompt + output };
}

function actual(message: AssistantMessage): Omit<Expected, 'usage'> & { usage: Expected['usage'] } {
  let text = '';
  let thinking = '';
  const toolCalls: Expected['toolCalls'] = [];
  for (const part of message.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'thinking') thinking += part.thinking;
    else toolCalls.push({ name: part.name, arguments: part.arguments });
  }
  const { input, output, reasoning, cacheRead, totalTokens } = message.usage;
  return {
    text,
    thinking,
    toolCalls,
    usage: { input, output, reasoning, cacheRead, totalTokens },
    stopReason: message.stopReason,
    refusal: message.refusal === true,
  };
}

describe('recorded streams from real services', () => {
  it('the corpus holds at least 40 distinct recordings from at least 8 services, each with its source', () => {
    expect(streamFiles.length).toBeGreaterThanOrEqual(40);
    const services = new Set(streamFiles.map((f) => (f.startsWith('pydantic-ai--') ? f.split('--')[1] : f.split('--')[0])));
    expect(services.size).toBeGreaterThanOrEqual(8);
    for (const file of streamFiles) expect(sources[file], file).toMatchObject({ repository: expect.any(String), path: expect.any(String) });
  });

  it.each(streamFiles)('%s: whole and byte-sliced give what the recording says', async (file) => {
    const body = bodyOf(file);
    const expected = reduce(body);
    // 7-byte slices split every frame and most multi-byte characters; the few large recordings use 997 to stay quick.
    for (const slice of [undefined, body.length > 50_000 ? 997 : 7]) {
      const got = actual(await replay(body, slice));
      const want = { ...expected, usage: expected.usage ?? got.usage };
      expect(got, `${file} sliced=${slice ?? 'no'}`).toEqual(want);
    }
  });
});

interface RecordedError {
  source: { repository: string; path?: string; thread?: string };
  status: number;
  body: string;
  expect: { code: string; mentions: string };
}

describe('recorded error bodies from real services', () => {
  it('the corpus holds at least 30 error bodies, each naming where it was recorded', () => {
    expect(errorFiles.length).toBeGreaterThanOrEqual(30);
    for (const file of errorFiles) {
      const record = JSON.parse(readFileSync(join(ERRORS, file), 'utf8')) as RecordedError;
      expect(record.source.repository, file).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(record.source.path ?? record.source.thread, file).toBeTruthy();
    }
  });

  it.each(errorFiles)("%s: the person sees the provider's reason under the right cause", async (file) => {
    const record = JSON.parse(readFileSync(join(ERRORS, file), 'utf8')) as RecordedError;
    server.enqueue({ status: record.status, rawBody: record.body });
    const model: AgentModel = { id: 'recorded', baseUrl: server.url, apiKey: 'sk-test' };
    const stream = streamOpenAI(
      model,
      { messages: [{ role: 'user', content: 'hi', timestamp: 1 }], tools: [] },
      { signal: new AbortController().signal },
    );
    const failed = await (await stream).result();
    expect(failed.stopReason).toBe('error');
    expect(failed.errorCode).toBe(record.expect.code);
    const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();
    expect(flat(failed.errorMessage ?? '')).toContain(flat(record.expect.mentions).slice(0, 50));
  });
});
