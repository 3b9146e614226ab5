// Compare: 4 streams at once in one chat against a real fake server, next to one stream alone. Each stream's delta
// rate (events per second reaching the window) stays within the single stream's, and main's longest task (event-loop
// delay, max) stays within the ≤ 50 ms rule the single stream keeps.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createAppCore } from '../src/main/app-core.js';
import type { SessionEventEnvelope } from '../src/shared/events.js';
import type { SessionDetail } from '../src/shared/sessions.js';
import type { SettingsView } from '../src/shared/settings.js';
import { startFakeOpenAI } from '../test/fixtures/fake-openai.js';
import { testSecretBox } from '../test/fixtures/test-secret-box.js';
import type { Reporter } from './report.js';

const WORDS = 600;
const TEXT = Array.from({ length: WORDS }, (_, i) => `word${i}`).join(' ');

export async function run(report: Reporter): Promise<void> {
  const server = await startFakeOpenAI();
  server.setDefaultReply({ text: TEXT, delayMs: 2 });
  const events: (SessionEventEnvelope & { at: number })[] = [];
  const core = await createAppCore({
    dataDir: mkdtempSync(join(tmpdir(), 'tiny-agent-bench-compare-')),
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push({ ...envelope, at: performance.now() }),
    openExternal: async () => {},
    writeLog: () => {},
  });
  const call = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await core.router.handle(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  try {
    const view = await call<SettingsView>('settings:saveProvider', {
      baseUrl: server.url,
      model: 'm1',
      models: ['m1', 'm2', 'm3', 'm4'],
      apiKey: 'sk-bench-0000000000000000',
    });
    const providerId = view.providers[0]!.id;
    /** Delta events per second of one run, first delta to last. */
    const rate = (runId: string) => {
      const deltas = events.filter((e) => e.runId === runId && e.event.type === 'delta');
      const span = (deltas.at(-1)!.at - deltas[0]!.at) / 1000;
      return deltas.length / Math.max(span, 0.001);
    };
    const measure = async (start: () => Promise<string[]>, ended: (from: number) => boolean) => {
      const lag = monitorEventLoopDelay({ resolution: 5 });
      const from = events.length;
      lag.enable();
      const runIds = await start();
      await until(() => ended(from));
      lag.disable();
      return { rates: runIds.map(rate), longestMs: lag.max / 1e6 };
    };

    // Warm-up (first request, module and JIT work), not measured.
    const warm = await call<SessionDetail>('sessions:create', {});
    await measure(
      async () => [(await call<{ runId: string }>('chat:send', { sessionId: warm.id, text: 'warm' })).runId],
      (from) => events.slice(from).some((e) => e.event.type === 'run_end'),
    );
    const single = await call<SessionDetail>('sessions:create', {});
    const one = await measure(
      async () => [(await call<{ runId: string }>('chat:send', { sessionId: single.id, text: 'one' })).runId],
      (from) => events.slice(from).some((e) => e.event.type === 'run_end'),
    );
    const chat = await call<SessionDetail>('sessions:create', {});
    const four = await measure(
      async () =>
        (
          await call<{ runIds: string[] }>('compare:start', {
            sessionId: chat.id,
            text: 'four',
            models: ['m1', 'm2', 'm3', 'm4'].map((model) => ({ providerId, model })),
          })
        ).runIds,
      (from) => events.slice(from).some((e) => e.event.type === 'compare_end'),
    );
    const slowest = Math.min(...four.rates);
    report.figure('compare: single stream delta rate', one.rates[0]!, '/s');
    report.figure('compare: slowest of 4 streams delta rate', slowest, '/s');
    report.figure('compare: slowest of 4 streams / single stream delta rate', slowest / one.rates[0]!, '×', { min: 0.8 });
    report.figure('compare: main longest task, single stream', one.longestMs, 'ms', { max: 50 });
    report.figure('compare: main longest task, 4 streams', four.longestMs, 'ms', { max: 50 });
  } finally {
    await core.dispose();
    await server.close();
  }
}
