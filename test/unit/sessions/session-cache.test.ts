// The cache and the views over an in-memory store (no disk): which sessions stay loaded (the least recently used idle
// ones go first, a running one never), one read per load however many ask at once, and what the window is sent.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors.js';
import { ActivityClock } from '../../../src/main/sessions/activity-clock.js';
import { SessionCache, type Runtime } from '../../../src/main/sessions/session-cache.js';
import type { SessionContext } from '../../../src/main/sessions/session-context.js';
import { SESSION_MESSAGES } from '../../../src/main/sessions/session-messages.js';
import { SessionViews } from '../../../src/main/sessions/session-views.js';
import type { MessageEntry, ParsedSession, SessionHeader } from '../../../src/main/sessions/store/session-file.js';
import type { IndexEntry, SessionStore } from '../../../src/main/sessions/store/session-store.js';
import type { SessionRun } from '../../../src/main/sessions/run/session-run.js';

const WORDS = SESSION_MESSAGES.en;
const quiet = { info: () => undefined, error: () => undefined };

const header = (id: string): SessionHeader => ({
  type: 'session',
  version: 2,
  id,
  createdAt: 1,
  systemPrompt: `prompt of ${id}`,
  model: 'm',
});
const entry = (id: string, fields: Partial<IndexEntry> = {}): IndexEntry => ({
  id,
  name: '',
  autoNamed: true,
  createdAt: 1,
  updatedAt: 1,
  messageCount: 1,
  model: 'm',
  size: 100,
  mtimeMs: 1,
  ...fields,
});
const message = (id: string, parentId: string | null, text: string): MessageEntry => ({
  type: 'message',
  id,
  parentId,
  runId: 'r',
  timestamp: 1,
  message: { role: 'user', content: text, timestamp: 1 },
});

/** The part of SessionStore the cache and the views use, over maps; `reads` counts file reads. */
function memoryStore(entries: IndexEntry[], messages: Record<string, MessageEntry[]> = {}) {
  const index = new Map(entries.map((e) => [e.id, e]));
  const unsent = new Map<string, string>();
  const reads: string[] = [];
  const store = {
    entry: (id: string) => index.get(id),
    entries: () => index.values(),
    unsentText: { get: (id: string) => unsent.get(id) },
    async load(id: string): Promise<ParsedSession> {
      reads.push(id);
      const own = messages[id] ?? [];
      return {
        header: header(id),
        entries: own,
        name: undefined,
        pinned: false,
        chat: {},
        activations: own.length ? [own.at(-1)!.id] : [],
        updatedAt: 1,
        validLength: 100,
        size: 100,
      };
    },
  };
  return { store: store as unknown as SessionStore, reads, unsent, index };
}

function contextOver(store: SessionStore): SessionContext {
  return {
    store,
    strings: () => WORDS,
    log: quiet,
    clock: new ActivityClock(() => 1, 0),
    attachments: undefined,
    beforeMigration: async () => undefined,
    emit: () => undefined,
    notify: () => undefined,
  };
}

const loadedIds = (cache: SessionCache) => [...cache.all()].filter((runtime) => runtime.loaded).map((runtime) => runtime.id);

describe('the session cache', () => {
  it('keeps the most recently used idle sessions and reads a dropped one again when it is used', async () => {
    const { store, reads } = memoryStore(['a', 'b', 'c', 'd'].map((id) => entry(id)));
    const cache = new SessionCache(contextOver(store), 2);
    for (const id of ['a', 'b', 'c']) await cache.ready(id);
    expect(loadedIds(cache)).toEqual(['b', 'c']);
    await cache.ready('b');
    await cache.ready('d');
    expect(loadedIds(cache)).toEqual(['b', 'd']);
    await cache.ready('a');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(cache.loadedCount).toBe(2);
  });

  it('never unloads a running session, however many idle ones come after it', async () => {
    const { store } = memoryStore(['a', 'b', 'c', 'd'].map((id) => entry(id)));
    const cache = new SessionCache(contextOver(store), 1);
    const { runtime, loaded } = await cache.ready('a');
    runtime.run = {} as SessionRun;
    cache.running(runtime, loaded);
    for (const id of ['b', 'c', 'd']) await cache.ready(id);
    expect(loadedIds(cache)).toEqual(['a', 'd']);
  });

  it('reads a file once for everyone asking at the same time', async () => {
    const { store, reads } = memoryStore([entry('a')]);
    const cache = new SessionCache(contextOver(store));
    const [first, second] = await Promise.all([cache.ready('a'), cache.ready('a')]);
    expect(reads).toEqual(['a']);
    expect(first.loaded).toBe(second.loaded);
  });

  it('refuses a session the index does not know, and one whose file cannot be read, in the person’s words', async () => {
    const { store } = memoryStore([entry('bad', { problem: { kind: 'corrupt', detail: 'garbage on line 3' } })]);
    const cache = new SessionCache(contextOver(store));
    await expect(cache.ready('nope')).rejects.toEqual(new AppError('not_found', WORDS.notFound));
    await expect(cache.ready('bad')).rejects.toEqual(new AppError('storage', WORDS.unreadable));
  });
});

describe('the views', () => {
  function viewsOver(entries: IndexEntry[], messages: Record<string, MessageEntry[]> = {}) {
    const memory = memoryStore(entries, messages);
    const cache = new SessionCache(contextOver(memory.store));
    const views = new SessionViews(contextOver(memory.store), (id) => cache.get(id));
    return { ...memory, cache, views };
  }

  it('lists pinned first, then newest activity, names the unnamed, and answers the same array until a change', () => {
    const { views } = viewsOver([
      entry('old', { updatedAt: 1, name: 'Old' }),
      entry('new', { updatedAt: 5 }),
      entry('pinned', { updatedAt: 0, pinned: true, name: 'Kept' }),
    ]);
    const first = views.list();
    expect(first.map((s) => [s.id, s.name])).toEqual([
      ['pinned', 'Kept'],
      ['new', WORDS.untitled],
      ['old', 'Old'],
    ]);
    expect(views.list()).toBe(first);
    views.listChanged();
    expect(views.list()).not.toBe(first);
    expect(views.list()).toEqual(first);
  });

  it('a running session is listed as streaming, named after the question it is answering', () => {
    const { views, cache } = viewsOver([entry('a')]);
    const runtime: Runtime = cache.runtime('a');
    runtime.run = {
      prompts: [{ role: 'user', content: 'What is a closure?', timestamp: 1 }],
      awaitingApproval: true,
    } as unknown as SessionRun;
    expect(views.summaryOfId('a')).toMatchObject({ name: 'What is a closure?', isStreaming: true, pendingApproval: true });
  });

  it('a detail holds the system message, the shown branch, the unsent text, and no run when none is going', async () => {
    const branch = [message('m1', null, 'one'), message('m2', 'm1', 'two')];
    const { views, cache, unsent } = viewsOver([entry('a', { messageCount: 3 })], { a: branch });
    unsent.set('a', 'half a question');
    const { runtime, loaded } = await cache.ready('a');
    const detail = views.detailOf(runtime, loaded, 'all');
    expect(detail.messages.map((m) => m.content)).toEqual(['prompt of a', 'one', 'two']);
    expect(detail.refs).toEqual([
      { id: 'm1', version: 1, versions: 1 },
      { id: 'm2', version: 1, versions: 1 },
    ]);
    expect([detail.start, detail.total, detail.draft, detail.activeRun]).toEqual([0, 2, 'half a question', undefined]);
  });

  it('a running regenerate shows its base branch: what it replaces is hidden until it is saved', async () => {
    const branch = [message('m1', null, 'one'), message('m2', 'm1', 'two')];
    const { views, cache } = viewsOver([entry('a')], { a: branch });
    const { runtime, loaded } = await cache.ready('a');
    runtime.run = {
      baseBranch: branch.slice(0, 1),
      prompts: [],
      snapshot: () => ({ runId: 'r1', messages: [], queue: { steering: [], followUp: [] } }),
    } as unknown as SessionRun;
    runtime.seq = 7;
    const detail = views.detailOf(runtime, loaded, 'all');
    expect(detail.messages.map((m) => m.content)).toEqual(['prompt of a', 'one']);
    expect(detail.activeRun).toEqual({ runId: 'r1', seq: 7, messages: [], queue: { steering: [], followUp: [] } });
  });
});
