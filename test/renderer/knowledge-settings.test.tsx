// Knowledge bases in Settings: none yet; one created by name, filled from main's dialog (a folder, then files), its
// indexing moving on from main's events (progress, then ready with its counts), renamed in place, what it searches
// with (keywords, or an embedding model of a provider), a refused change's words on its row, and delete asked first.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_ENVELOPE } from '../../src/shared/events';
import type { KnowledgeBaseView } from '../../src/shared/knowledge';
import { LocaleContext } from '../../src/renderer/src/i18n';
import { KnowledgeSettings } from '../../src/renderer/src/knowledge/KnowledgeSettings';
import { startKnowledge, useKnowledge } from '../../src/renderer/src/knowledge/knowledgeStore';
import { createFakeApi, type FakeApi } from './fake-api';
import { settle, startStore } from './harness';

let fake: FakeApi;
let stop: () => void;
beforeEach(async () => {
  useKnowledge.setState({ view: null, error: null, revealRequested: false });
  fake = createFakeApi();
  await startStore(fake);
  stop = startKnowledge();
});
afterEach(() => {
  stop();
  cleanup();
});

const row = () => screen.getByTestId('knowledge-base');
/** Main's `knowledge_status` event with these bases. */
const status = (bases: KnowledgeBaseView[]) =>
  act(() => {
    fake.emit(LIST_ENVELOPE.sessionId, { type: 'knowledge_status', knowledge: { bases } }, { seq: 0 });
  });

describe('Knowledge bases in Settings', () => {
  it('creates a base by name, fills it from main’s dialog, and follows its indexing to ready', async () => {
    const user = userEvent.setup();
    render(<KnowledgeSettings />);
    await settle();
    expect(screen.getByTestId('settings-knowledge').textContent).toContain('No knowledge base yet.');
    await user.click(screen.getByTestId('knowledge-new'));
    expect((screen.getByTestId('knowledge-create') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('knowledge-name-input'), 'Kettle manuals{Enter}');
    await settle();
    expect(fake.callsOf('createKnowledgeBase')).toEqual([{ name: 'Kettle manuals' }]);
    const kbId = fake.knowledge.bases[0]!.id;
    expect(row().dataset.kbId).toBe(kbId);
    expect(within(row()).getByTestId('knowledge-name').textContent).toBe('Kettle manuals');
    expect(within(row()).getByText('Nothing in it yet: add a folder or files.')).toBeTruthy();
    // Filling it is the next step: its Add folder button has the focus.
    expect(document.activeElement).toBe(within(row()).getByTestId('knowledge-add-folder'));

    fake.knowledgePathChoice = ['/home/me/manuals'];
    await user.click(within(row()).getByTestId('knowledge-add-folder'));
    await settle();
    fake.knowledgePathChoice = ['/home/me/warranty.pdf'];
    await user.click(within(row()).getByTestId('knowledge-add-files'));
    await settle();
    expect(fake.callsOf('addKnowledgePaths')).toEqual([
      { kbId, kind: 'folder' },
      { kbId, kind: 'files' },
    ]);
    expect(
      within(row())
        .getAllByTestId('knowledge-path')
        .map((li) => li.dataset.path),
    ).toEqual(['/home/me/manuals', '/home/me/warranty.pdf']);

    const base = { ...fake.knowledge.bases[0]!, paths: ['/home/me/manuals', '/home/me/warranty.pdf'] };
    status([{ ...base, status: 'indexing', files: 0, chunks: 0, progress: { done: 3, total: 10 } }]);
    expect(row().dataset.status).toBe('indexing');
    expect(within(row()).getByTestId('knowledge-status').textContent).toBe('Indexing: 3 of 10 files');
    const bar = within(row()).getByTestId('knowledge-progress') as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([3, 10]);
    expect((within(row()).getByTestId('knowledge-reindex') as HTMLButtonElement).disabled).toBe(true);

    status([{ ...base, status: 'ready', files: 10, chunks: 42 }]);
    expect(row().dataset.status).toBe('ready');
    expect(within(row()).getByTestId('knowledge-status').textContent).toBe('Ready');
    expect(within(row()).getByTestId('knowledge-counts').textContent).toBe('10 files · 42 passages');
    expect(within(row()).queryByTestId('knowledge-progress')).toBeNull();

    await user.click(within(row()).getAllByTestId('knowledge-path-remove')[1]!);
    await settle();
    expect(fake.callsOf('removeKnowledgePath')).toEqual([{ kbId, path: '/home/me/warranty.pdf' }]);
    expect(
      within(row())
        .getAllByTestId('knowledge-path')
        .map((li) => li.dataset.path),
    ).toEqual(['/home/me/manuals']);
  });

  it('renames in place (Escape keeps the name), and deletes only after asking', async () => {
    fake.knowledge = { bases: [{ id: 'kb-1', name: 'Notes', paths: ['/n'], status: 'ready', files: 1, chunks: 3 }] };
    const user = userEvent.setup();
    render(<KnowledgeSettings />);
    await settle();
    expect(within(row()).getByTestId('knowledge-counts').textContent).toBe('1 file · 3 passages');

    await user.click(within(row()).getByTestId('knowledge-rename'));
    await user.type(within(row()).getByTestId('knowledge-rename-input'), ' old{Escape}');
    expect(within(row()).getByTestId('knowledge-name').textContent).toBe('Notes');
    expect(fake.callsOf('renameKnowledgeBase')).toEqual([]);
    await user.click(within(row()).getByTestId('knowledge-rename'));
    const input = within(row()).getByTestId('knowledge-rename-input');
    await user.clear(input);
    await user.type(input, 'Work notes{Enter}');
    await settle();
    expect(fake.callsOf('renameKnowledgeBase')).toEqual([{ kbId: 'kb-1', name: 'Work notes' }]);
    expect(within(row()).getByTestId('knowledge-name').textContent).toBe('Work notes');

    await user.click(within(row()).getByTestId('knowledge-delete'));
    expect(within(row()).getByTestId('knowledge-delete-confirm').textContent).toContain(
      'Delete “Work notes”? Your files stay where they are; chats that use it stop searching it.',
    );
    expect(fake.callsOf('deleteKnowledgeBase')).toEqual([]);
    await user.click(within(row()).getByTestId('knowledge-delete-yes'));
    await settle();
    expect(fake.callsOf('deleteKnowledgeBase')).toEqual([{ kbId: 'kb-1' }]);
    expect(screen.queryByTestId('knowledge-base')).toBeNull();
    expect(screen.getByTestId('settings-knowledge').textContent).toContain('No knowledge base yet.');
  });

  it('searches by keywords until an embedding model of a provider is chosen; back to none turns it off', async () => {
    fake.settings.providers[0]!.models = ['gpt-4o-mini', 'text-embedding-3-small'];
    await startStore(fake);
    fake.knowledge = { bases: [{ id: 'kb-1', name: 'Notes', paths: ['/n'], status: 'ready', files: 1, chunks: 3 }] };
    render(<KnowledgeSettings />);
    await settle();
    const choice = within(row()).getByTestId('knowledge-embedding') as HTMLSelectElement;
    expect(choice.value).toBe('');
    expect(choice.selectedOptions[0]!.textContent).toBe('None (keyword search)');
    expect(within(row()).queryByTestId('knowledge-embedding-model')).toBeNull();

    fireEvent.change(choice, { target: { value: 'p-openai' } });
    await settle();
    // The provider's embedding model is picked and saved at once.
    expect((within(row()).getByTestId('knowledge-embedding-model') as HTMLInputElement).value).toBe('text-embedding-3-small');
    expect(fake.callsOf('setKnowledgeEmbedding')).toEqual([
      { kbId: 'kb-1', embedding: { providerId: 'p-openai', model: 'text-embedding-3-small' } },
    ]);
    // A typed name is saved when the field is left.
    const model = within(row()).getByTestId('knowledge-embedding-model');
    fireEvent.change(model, { target: { value: 'bge-m3' } });
    expect(fake.callsOf('setKnowledgeEmbedding')).toHaveLength(1);
    fireEvent.blur(model);
    await settle();
    expect(fake.callsOf('setKnowledgeEmbedding')[1]).toEqual({ kbId: 'kb-1', embedding: { providerId: 'p-openai', model: 'bge-m3' } });
    fireEvent.blur(model);
    await settle();
    expect(fake.callsOf('setKnowledgeEmbedding')).toHaveLength(2);

    fireEvent.change(choice, { target: { value: '' } });
    await settle();
    expect(fake.callsOf('setKnowledgeEmbedding')[2]).toEqual({ kbId: 'kb-1', embedding: null });
    expect(fake.knowledge.bases[0]!.embedding).toBeUndefined();
  });

  it('shows a refused change’s words on its row, an unreadable knowledge.json above the list, in Chinese', async () => {
    fake.knowledge = {
      bases: [{ id: 'kb-1', name: '笔记', paths: [], status: 'error', files: 0, chunks: 0, error: '无法读取文件夹 /n：权限不足' }],
      error: '第 3 行不是有效的 JSON',
    };
    const user = userEvent.setup();
    render(
      <LocaleContext.Provider value="zh-CN">
        <KnowledgeSettings />
      </LocaleContext.Provider>,
    );
    await settle();
    expect(screen.getByTestId('knowledge-config-error').textContent).toBe(
      '无法读取 knowledge.json，修复之前不会做任何更改：第 3 行不是有效的 JSON',
    );
    expect(row().dataset.status).toBe('error');
    expect(within(row()).getByTestId('knowledge-status').textContent).toBe('建立索引失败');
    expect(within(row()).getByTestId('knowledge-base-error').textContent).toBe('无法读取文件夹 /n：权限不足');
    expect(within(row()).getByTestId('knowledge-add-folder').textContent).toBe('添加文件夹…');
    fake.failNext('addKnowledgePaths', 'storage', '无法写入 knowledge.json');
    await user.click(within(row()).getByTestId('knowledge-add-folder'));
    await settle();
    expect(within(row()).getByTestId('knowledge-row-error').textContent).toBe('失败：无法写入 knowledge.json');
    fake.knowledgePathChoice = ['/n'];
    await user.click(within(row()).getByTestId('knowledge-add-folder'));
    await settle();
    expect(within(row()).queryByTestId('knowledge-row-error')).toBeNull();
  });

  it('makes a base of a folder from main’s dialog, named after it; a cancelled dialog leaves nothing behind', async () => {
    const user = userEvent.setup();
    render(<KnowledgeSettings />);
    await settle();
    await user.click(screen.getByTestId('knowledge-add'));
    await settle();
    expect(screen.queryByTestId('knowledge-base')).toBeNull();
    expect(fake.knowledge.bases).toEqual([]);
    expect(fake.callsOf('deleteKnowledgeBase')).toHaveLength(1);

    fake.knowledgePathChoice = ['/home/me/Kettle manuals'];
    await user.click(screen.getByTestId('knowledge-add'));
    await settle();
    const kbId = fake.knowledge.bases[0]!.id;
    expect(fake.callsOf('createKnowledgeBase').at(-1)).toEqual({ name: 'New knowledge base' });
    expect(fake.callsOf('addKnowledgePaths').at(-1)).toEqual({ kbId, kind: 'folder' });
    expect(fake.callsOf('renameKnowledgeBase')).toEqual([{ kbId, name: 'Kettle manuals' }]);
    expect(within(row()).getByTestId('knowledge-name').textContent).toBe('Kettle manuals');
    expect(
      within(row())
        .getAllByTestId('knowledge-path')
        .map((li) => li.dataset.path),
    ).toEqual(['/home/me/Kettle manuals']);
  });
});
