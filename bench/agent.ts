// The agent's per-delta cost: 100,000 small text deltas through Agent.prompt with one listener, against iterating
// the very same stream alone. Both sides run the same producer (same deltas, same partial message built), so the
// ratio is what the agent adds per event: the event object, the shallow copy, the state update, the listener call.
import { performance } from 'node:perf_hooks';
import { Agent } from '../src/main/agent/agent.js';
import { EventStream } from '../src/main/agent/event-stream.js';
import type { AgentModel, AssistantMessage } from '../src/main/agent/types.js';
import { emptyAssistantMessage } from '../src/shared/messages.js';
import type { Reporter } from './report.js';

const DELTAS = 100_000;
const WARMUP_RUNS = 3;
const MEASURED_RUNS = 7;
const MODEL: AgentModel = { id: 'bench-model', baseUrl: 'http://127.0.0.1:0/v1' };

/** A provider-shaped stream, fed synchronously: start, one text block of DELTAS small deltas, done. */
function producedStream(): EventStream {
  const stream = new EventStream();
  const partial: AssistantMessage = emptyAssistantMessage(MODEL.id);
  stream.push({ type: 'start', partial });
  const block = { type: 'text' as const, text: '' };
  partial.content.push(block);
  stream.push({ type: 'text_start', contentIndex: 0, partial });
  for (let i = 0; i < DELTAS; i++) {
    const delta = i % 2 === 0 ? 'tok' : 'en ';
    block.text += delta;
    stream.push({ type: 'text_delta', contentIndex: 0, delta, partial });
  }
  stream.push({ type: 'text_end', contentIndex: 0, content: block.text, partial });
  partial.stopReason = 'stop';
  stream.push({ type: 'done', reason: 'stop', message: partial });
  return stream;
}

/** The raw stream alone: produce, iterate, count the delta characters. */
async function baselineRun(): Promise<number> {
  const started = performance.now();
  let chars = 0;
  for await (const event of producedStream()) {
    if (event.type === 'text_delta') chars += event.delta.length;
  }
  const elapsed = performance.now() - started;
  assertCount(chars);
  return elapsed;
}

/** The same stream through a prompt, with one listener counting delta characters. */
async function agentRun(agent: Agent, counter: { chars: number }): Promise<number> {
  agent.reset();
  counter.chars = 0;
  const started = performance.now();
  await agent.prompt('go');
  const elapsed = performance.now() - started;
  assertCount(counter.chars);
  return elapsed;
}

function assertCount(chars: number): void {
  if (chars !== DELTAS * 3) throw new Error(`bench: expected ${DELTAS * 3} delta characters, counted ${chars}`);
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Prints `agent.events_per_second` and `agent.overhead_ratio` (target ≤ 1.5). */
export async function run(report: Reporter): Promise<void> {
  const counter = { chars: 0 };
  const agent = new Agent({ systemPrompt: 'bench', model: MODEL, streamFn: () => producedStream() });
  agent.subscribe((event) => {
    if (event.type === 'message_update' && event.assistantMessageEvent.type === 'text_delta') {
      counter.chars += event.assistantMessageEvent.delta.length;
    }
  });

  for (let i = 0; i < WARMUP_RUNS; i++) {
    await baselineRun();
    await agentRun(agent, counter);
  }
  const baseline: number[] = [];
  const withAgent: number[] = [];
  // Interleaved, so drift (GC pressure, CPU frequency) lands on both sides alike.
  for (let i = 0; i < MEASURED_RUNS; i++) {
    baseline.push(await baselineRun());
    withAgent.push(await agentRun(agent, counter));
  }
  const agentMs = median(withAgent);
  const baselineMs = median(baseline);
  report.note(
    `agent ${agentMs.toFixed(1)} ms, raw stream ${baselineMs.toFixed(1)} ms ` + `for ${DELTAS} deltas (median of ${MEASURED_RUNS})`,
  );
  report.figure('agent.events_per_second', Math.round(DELTAS / (agentMs / 1000)), 'events/s');
  report.figure('agent.overhead_ratio', agentMs / baselineMs, '×', { max: 1.5 });
}
