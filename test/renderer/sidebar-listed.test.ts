// Sessions main finds after a start (a rebuild without an index) reach the sidebar in batches: merged in order,
// dropped ones removed, and none lost when a batch arrives while the first list is still on its way.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIST_ENVELOPE } from '../../src/shared/events';
import type { SessionSummary } from '../../src/shared/sessions';
import { mergeListed } from '../../src/renderer/src/store/sessionList';
import { createFakeApi, summaryOf, type FakeApi } from './fake-api';
import { emit, renderApp, startStore, state } from './harness';

let fake: FakeApi;

function summary(id: string, updatedAt: number, extra: Partial<SessionSummary> = {}): SessionSummary {
  return { id, name: `Session ${id}`, createdAt: 1, updatedAt, messageCount: 3, model: 'm', isStreaming: false, pinned: false, ...extra };
}

const listed = (summaries: SessionSummary[], removed: string[] = [], finding = false) =>
  emit(
    fake,
    LIST_ENVELOPE.sessionId,
    { type: 'sessions_listed', summaries, removed, finding },
    { runId: LIST_ENVELOPE.runId, seq: LIST_ENVELOPE.seq },
  );

const ids = () => state().sessions.map((s) => s.id);

beforeEach(() => {
  fake = createFakeApi();
});

describe('sessions listed in the background', () => {
  it('are merged into the sidebar in order of activity, pinned first; dropped ones leave', async () => {
    fake.addSession({ id: 'known', name: 'Known', updatedAt: 50 });
    await startStore(fake);
    listed([summary('old', 10), summary('new', 90), summary('pinned', 5, { pinned: true })]);
    expect(ids()).toEqual(['pinned', 'new', 'known', 'old']);
    listed([summary('newer', 95)], ['old', 'known']);
    expect(ids()).toEqual(['pinned', 'newer', 'new']);
  });

  it('a session answering keeps its streaming mark when a batch re-reads it', () => {
    const streaming = [summary('a', 10, { isStreaming: true })];
    expect(mergeListed(streaming, [summary('a', 10, { name: 'Renamed elsewhere' })], [])).toEqual([
      summary('a', 10, { name: 'Renamed elsewhere', isStreaming: true }),
    ]);
  });

  it('an empty batch changes nothing and keeps the same array', () => {
    const list = [summary('a', 10)];
    expect(mergeListed(list, [], ['unknown'])).toBe(list);
  });

  it('a batch that arrives before the first list answers is kept when the list lands', async () => {
    fake.addSession({ id: 'first', name: 'First', updatedAt: 20 });
    const release = fake.holdNext('listFirstSessions');
    const started = startStore(fake);
    listed([summary('early', 30)]);
    await release();
    await started;
    expect(ids()).toEqual(['early', 'first']);
    expect(state().sessions[1]).toEqual(summaryOf(fake.sessions.get('first')!));
  });

  it('while main rebuilds a missing index the sidebar says it is finding chats, never "no chats yet", until the last batch', async () => {
    fake.finding = true;
    await renderApp(fake);
    const empty = () => screen.queryByText('No chats yet. Start one with “New chat”.');
    expect(screen.getByTestId('sidebar-finding').textContent).toBe('Finding your chats…');
    expect(empty()).toBeNull();
    listed([summary('found', 10)], [], true);
    expect(ids()).toEqual(['found']);
    expect(screen.getByTestId('sidebar-finding')).toBeTruthy();
    listed([], [], false);
    expect(screen.queryByTestId('sidebar-finding')).toBeNull();
    listed([], ['found'], false);
    expect(empty()).not.toBeNull();
  });
});
