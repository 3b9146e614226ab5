// Shared set-up for session service tests: a fresh temp data folder, the real fake model server, and an event log.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SessionEvent, SessionEventEnvelope } from '../../../src/shared/events.js';
import type { AgentModel } from '../../../src/main/agent/index.js';
import { streamOpenAI } from '../../../src/main/llm/index.js';
import { SessionService, type SessionServiceOptions } from '../../../src/main/sessions/session-service.js';
import { DEFAULT_SYSTEM_PROMPTS, SESSION_MESSAGES } from '../../../src/main/sessions/session-messages.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../../fixtures/fake-openai.js';

export const SYSTEM_PROMPT = DEFAULT_SYSTEM_PROMPTS['zh-CN'];
export const WORDS = SESSION_MESSAGES.en;

export interface Harness {
  dir: string;
  server: FakeOpenAIServer;
  service: SessionService;
  events: SessionEventEnvelope[];
  model: AgentModel;
  /** Resolves with the run's events once its `run_end` has been emitted. */
  runEnd(runId: string): Promise<SessionEventEnvelope[]>;
  /** Resolves with the first event matching `test` (already emitted or future). */
  waitForEvent(test: (e: SessionEventEnvelope) => boolean): Promise<SessionEventEnvelope>;
  /**
   * Disposes the current service and opens a new one on the same folder (an app restart); resolves once it has
   * checked the folder in the background, unless `listedAtOnce` asks for the service as the start hands it over.
   */
  restart(options?: { listedAtOnce?: boolean }): Promise<SessionService>;
  close(): Promise<void>;
}

export type HarnessOptions = Partial<Omit<SessionServiceOptions, 'dataDir' | 'emit'>> & { model?: Partial<AgentModel> };

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-sessions-'));
  const server = await startFakeOpenAI();
  const events: SessionEventEnvelope[] = [];
  const waiters = new Set<() => void>();
  const model: AgentModel = { id: 'fake-model', baseUrl: server.url, apiKey: 'sk-test-key', ...options.model };
  const { model: _model, ...serviceOptions } = options;
  const open = () =>
    SessionService.open({
      dataDir: dir,
      emit: (envelope) => {
        events.push(structuredClone(envelope));
        for (const wake of [...waiters]) wake();
      },
      resolveModel: () => model,
      defaultSystemPrompt: () => SYSTEM_PROMPT,
      messages: () => WORDS,
      log: { info: () => undefined, error: () => undefined },
      ...serviceOptions,
      streamFn: serviceOptions.streamFn ?? streamOpenAI,
    });
  const waitForEvent = (test: (e: SessionEventEnvelope) => boolean): Promise<SessionEventEnvelope> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error('event did not arrive within 10 s'));
      }, 10_000);
      const check = (): void => {
        const found = events.find(test);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  const harness: Harness = {
    dir,
    server,
    service: await open(),
    events,
    model,
    async runEnd(runId) {
      await waitForEvent((e) => e.runId === runId && e.event.type === 'run_end');
      return events.filter((e) => e.runId === runId);
    },
    waitForEvent,
    async restart({ listedAtOnce = false } = {}) {
      await harness.service.dispose();
      harness.service = await open();
      if (!listedAtOnce) await harness.service.store.scanned();
      return harness.service;
    },
    async close() {
      await harness.service.dispose();
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Event types in order, deltas collapsed to one 'delta' per consecutive run of them. */
export function types(events: readonly SessionEventEnvelope[]): string[] {
  const out: string[] = [];
  for (const e of events) if (!(e.event.type === 'delta' && out.at(-1) === 'delta')) out.push(e.event.type);
  return out;
}

/** The event of a type (the last one if several). */
export function eventOf<T extends SessionEvent['type']>(
  events: readonly SessionEventEnvelope[],
  type: T,
): Extract<SessionEvent, { type: T }> {
  const found = [...events].reverse().find((e) => e.event.type === type);
  if (!found) throw new Error(`no ${type} event`);
  return found.event as Extract<SessionEvent, { type: T }>;
}

/** Concatenated text deltas. */
export function streamedText(events: readonly SessionEventEnvelope[]): string {
  return events.map((e) => (e.event.type === 'delta' ? (e.event.text ?? '') : '')).join('');
}

/** The lines of a session file, parsed. */
export async function fileLines(dir: string, sessionId: string): Promise<Array<Record<string, any>>> {
  const text = await fs.readFile(path.join(dir, 'sessions', `${sessionId}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
}

/** Role/content pairs of a chat request body, for compact assertions. */
export function sentMessages(body: any): Array<[string, string]> {
  return (body.messages as Array<{ role: string; content: unknown }>).map((m) => [
    m.role,
    typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
  ]);
}
