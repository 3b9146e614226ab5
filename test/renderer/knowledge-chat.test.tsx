// A chat's choice of knowledge bases, like its MCP servers: hidden while no base exists; the new chat keeps its choice
// until its first send, which saves it on the chat before the question runs; a stored chat saves each change; a base
// gone meanwhile stops the send with the text kept. The sidebar's entry opens Settings at the knowledge section.
import { cleanup, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useKnowledge } from '../../src/renderer/src/knowledge/knowledgeStore';
import { useNewChatKnowledge } from '../../src/renderer/src/knowledge/newChatKnowledge';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(async () => {
  useKnowledge.setState({ view: null, error: null, revealRequested: false });
  useNewChatKnowledge.setState({ kbIds: [] });
  fake = createFakeApi();
  fake.knowledge = {
    bases: [
      { id: 'kb-a', name: 'Manuals', paths: ['/m'], status: 'ready', files: 4, chunks: 30 },
      { id: 'kb-b', name: 'Recipes', paths: ['/r'], status: 'indexing', files: 1, chunks: 5, progress: { done: 1, total: 4 } },
    ],
  };
});
afterEach(cleanup);

const picker = () => screen.getByTestId('chat-knowledge');
const box = (kbId: string) =>
  within(picker())
    .getAllByTestId('chat-knowledge-option')
    .find((b) => b.dataset.kbId === kbId) as HTMLInputElement;
const methods = () => fake.calls.map((call) => call.method).filter((m) => ['createSession', 'setSessionKnowledge', 'send'].includes(m));

describe('a chat’s knowledge bases', () => {
  it('the new chat is made with its choice, before its first question runs; a stored chat saves each change', async () => {
    ({ user } = await renderApp(fake));
    expect(screen.getByRole('group', { name: 'Knowledge:' })).toBe(picker());
    expect([box('kb-a').checked, box('kb-b').checked]).toEqual([false, false]);
    expect(box('kb-a').closest('label')!.title).toBe('Ready');
    expect(box('kb-b').closest('label')!.title).toBe('Indexing: 1 of 4 files');
    await user.click(box('kb-a'));
    expect(picker().dataset.on).toBe('1');
    expect(fake.callsOf('setSessionKnowledge')).toEqual([]);

    await user.type(screen.getByTestId('composer-input'), 'How long is the warranty?{Enter}');
    await settle();
    const sessionId = state().currentSession.id!;
    expect(methods()).toEqual(['createSession', 'send']);
    expect(fake.callsOf('createSession')).toEqual([{ knowledgeBases: ['kb-a'] }]);
    expect(state().currentSession.chat.knowledgeBases).toEqual(['kb-a']);
    expect(box('kb-a').checked).toBe(true);

    await user.click(box('kb-b'));
    await settle();
    await user.click(box('kb-a'));
    await settle();
    expect(fake.callsOf('setSessionKnowledge')).toEqual([
      { sessionId, kbIds: ['kb-a', 'kb-b'] },
      { sessionId, kbIds: ['kb-b'] },
    ]);
    expect([box('kb-a').checked, box('kb-b').checked]).toEqual([false, true]);
    // The next new chat starts with none.
    state().newChat();
    await settle();
    expect([box('kb-a').checked, box('kb-b').checked]).toEqual([false, false]);
  });

  it('a chat opened shows its own choice, skipping a base deleted since', async () => {
    const stored = fake.addSession({ name: 'Kitchen', chat: { model: null, params: {}, knowledgeBases: ['kb-b', 'kb-gone'] } });
    ({ user } = await renderApp(fake));
    await state().openSession(stored.id);
    await settle();
    expect(picker().dataset.on).toBe('1');
    expect([box('kb-a').checked, box('kb-b').checked]).toEqual([false, true]);
  });

  it('a base deleted before the first send stops it: no chat is made, nothing is asked, the text and choice wait', async () => {
    ({ user } = await renderApp(fake));
    await user.click(box('kb-b'));
    fake.knowledge.bases = fake.knowledge.bases.filter((base) => base.id !== 'kb-b');
    await user.type(screen.getByTestId('composer-input'), 'Soup?{Enter}');
    await settle();
    expect(methods()).toEqual(['createSession']);
    expect(state().currentSession.id).toBeNull();
    expect(state().sessions).toEqual([]);
    expect(screen.getByTestId('error-banner').textContent).toContain('No knowledge base "kb-b".');
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).value).toBe('Soup?');
    expect(useNewChatKnowledge.getState().kbIds).toEqual(['kb-b']);
  });

  it('is not shown while no knowledge base exists; the sidebar’s entry opens Settings at the section', async () => {
    fake.knowledge = { bases: [] };
    ({ user } = await renderApp(fake));
    expect(screen.queryByTestId('chat-knowledge')).toBeNull();
    const entry = screen.getByTestId('sidebar-knowledge');
    expect(entry.textContent).toBe('Knowledge bases');
    await user.click(entry);
    await settle();
    const section = screen.getByTestId('settings-knowledge');
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Knowledge bases' }));
    await user.click(within(section).getByTestId('knowledge-new'));
    await user.type(within(section).getByTestId('knowledge-name-input'), 'Notes{Enter}');
    await settle();
    expect(entry.textContent).toBe('Knowledge bases (1)');
    expect(
      within(picker())
        .getAllByTestId('chat-knowledge-option')
        .map((b) => [b.dataset.kbId, (b as HTMLInputElement).checked]),
    ).toEqual([[fake.knowledge.bases[0]!.id, false]]);
  });
});
