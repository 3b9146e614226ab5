// Export and import from the window: the header menu names the format and main does the rest; the sidebar's
// import opens the first imported chat; what happened is said in the status notice (failures until dismissed).
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../src/shared/transfer';
import { createFakeApi, type FakeEventInput } from './fake-api';
import { renderApp, settle, state } from './harness';

describe('export menu', () => {
  it('exports the open chat in the chosen format and says where it was saved', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 's1', name: 'Trip plan' });
    const { user } = await renderApp(fake);
    await state().openSession('s1');
    await settle();

    const button = screen.getByTestId('session-export');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Export chat' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.dataset.format ?? item.dataset.testid),
    ).toEqual(['markdown', 'json', 'html', 'export-all']);
    expect(document.activeElement?.getAttribute('data-format')).toBe('markdown');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-format')).toBe('json');
    await user.keyboard('{Enter}');
    await settle();

    expect(fake.callsOf('exportSession')).toEqual([{ sessionId: 's1', format: 'json' }]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(screen.getByTestId('status-notice').textContent).toBe('Saved “Trip plan.json”.');
  });

  it('in a new chat offers only "export all"; Escape closes the menu; a failure is said until dismissed', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 's1', name: 'One' });
    const { user } = await renderApp(fake);
    await user.click(screen.getByTestId('session-export'));
    const formats = screen.getAllByTestId('export-format');
    expect(formats.every((item) => (item as HTMLButtonElement).disabled)).toBe(true);
    expect(document.activeElement?.getAttribute('data-testid')).toBe('export-all');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();

    fake.failNext('exportAllSessions', 'storage', 'Could not save: the disk is full.');
    await user.click(screen.getByTestId('session-export'));
    await user.click(screen.getByTestId('export-all'));
    await settle();
    const notice = screen.getByTestId('status-notice');
    expect(notice.textContent).toBe('Export failed: Could not save: the disk is full.×');
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(notice.textContent).toBe('');
  });
});

describe('import button', () => {
  it('opens the first imported chat and lists what was not imported', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 'old', name: 'Existing' });
    const { user } = await renderApp(fake);
    fake.addSession({ id: 'new1', name: 'Packing for Kyoto' });
    fake.importResult = {
      cancelled: false,
      fileName: 'conversations.json',
      imported: [{ id: 'new1', name: 'Packing for Kyoto', leftOut: { pictures: 0, toolOutputs: 0, unreadable: 0 } }],
      failed: [{ title: '数学题', reason: 'its messages do not form a complete history' }],
      total: 2,
    };
    await user.click(screen.getByRole('button', { name: 'Import chats' }));
    await settle();
    await settle();
    expect(fake.callsOf('importSessions')).toHaveLength(1);
    expect(screen.getByTestId('session-title').textContent).toBe('Packing for Kyoto');
    expect(
      screen
        .getAllByTestId('session-item')
        .map((row) => row.dataset.sessionId)
        .sort(),
    ).toEqual(['new1', 'old']);
    expect(screen.getByTestId('status-notice').textContent).toBe(
      'Imported 1 of 2 chats from “conversations.json”. Not imported: “数学题”: its messages do not form a complete history×',
    );
  });

  it('draws a file with an arrow going into it, not the arrow into a tray that reads as "save"', async () => {
    await renderApp(createFakeApi());
    const drawing = screen.getByRole('button', { name: 'Import chats' }).querySelector('path')!.getAttribute('d')!;
    const tray = 'M4 14v5a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-5';
    expect(drawing).not.toContain(tray);
    // The page with its folded corner, and the arrow coming in from the left.
    expect(drawing).toContain('M14 3v5h5');
    expect(drawing).toContain('M2 12h10');
  });

  it('a cancelled dialog says nothing; a refused file says why, in Chinese too', async () => {
    const fake = createFakeApi();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    const { user } = await renderApp(fake);
    const button = screen.getByRole('button', { name: '导入对话' });
    await user.click(button);
    await settle();
    expect(screen.getByTestId('status-notice').textContent).toBe('');
    fake.failNext('importSessions', 'invalid_input', '文件不是有效的 JSON（可能不完整或已损坏）。未做任何更改。');
    await user.click(button);
    await settle();
    expect(screen.getByTestId('status-notice').textContent).toBe('导入失败：文件不是有效的 JSON（可能不完整或已损坏）。未做任何更改。×');
  });

  it('says per chat what was left out of it, in English and in Chinese, and keeps it until dismissed', async () => {
    const result = {
      cancelled: false as const,
      fileName: 'chatgpt-2025.zip',
      imported: [
        { id: 'cats', name: 'Cats in hats', leftOut: { pictures: 2, toolOutputs: 3, unreadable: 0 } },
        { id: 'whole', name: 'Nothing lost', leftOut: { pictures: 0, toolOutputs: 0, unreadable: 0 } },
        { id: 'odd', name: 'Exported elsewhere', leftOut: { pictures: 1, toolOutputs: 1, unreadable: 1 } },
      ],
      failed: [],
      total: 3,
    };
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    for (const chat of result.imported) fake.addSession({ id: chat.id, name: chat.name });
    fake.importResult = result;
    await user.click(screen.getByRole('button', { name: 'Import chats' }));
    await settle();
    await settle();
    const notice = screen.getByTestId('status-notice');
    expect(notice.textContent).toBe(
      'Imported 3 chats from “chatgpt-2025.zip”. Left out — “Cats in hats”: 2 pictures not in the export (marked in the chat), ' +
        '3 tool outputs (browsing results, quotes, code output, errors); “Exported elsewhere”: 1 picture not in the export ' +
        '(marked in the chat), 1 tool output (a browsing result, quote, code output or error), 1 message that could not be read.×',
    );
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByTestId('status-notice').textContent).toBe('');
  });

  it('says what was left out in Chinese', async () => {
    const fake = createFakeApi();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    const { user } = await renderApp(fake);
    fake.addSession({ id: 'cats', name: 'Cats in hats' });
    fake.importResult = {
      cancelled: false,
      fileName: 'chatgpt-2025.zip',
      imported: [{ id: 'cats', name: 'Cats in hats', leftOut: { pictures: 2, toolOutputs: 3, unreadable: 1 } }],
      failed: [],
      total: 1,
    };
    await user.click(screen.getByRole('button', { name: '导入对话' }));
    await settle();
    await settle();
    expect(screen.getByTestId('status-notice').textContent).toBe(
      '已从“chatgpt-2025.zip”导入“Cats in hats”。未导入的内容——“Cats in hats”：2 张图片不在导出文件中（已在对话中标注），' +
        '3 条工具输出（网页浏览结果、引用、代码输出、错误），1 条无法读取的消息。×',
    );
  });
});

describe('import progress and report', () => {
  const progress = (fields: Partial<ImportProgress>): FakeEventInput => ({
    type: 'import_progress',
    progress: { importId: IMPORT_ID, fileName: 'conversations.json', phase: 'importing', total: 2_000, done: 0, imported: 0, ...fields },
  });
  const IMPORT_ID = '6f1c2a9e-3b7d-4c55-9e0a-1d2e3f4a5b6c';
  const sidebar = () => screen.getByRole('navigation');

  it('shows the file and how many of how many in the sidebar; Cancel stops that import and the report says what stayed', async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    const release = fake.holdNext('importSessions');
    await user.click(screen.getByRole('button', { name: 'Import chats' }));
    await act(async () => fake.emit('', progress({ phase: 'reading', total: 0 }), { runId: '', seq: 0 }));
    const panel = within(sidebar()).getByTestId('import-progress');
    expect(panel.textContent).toBe('Importing “conversations.json”Reading the file…Cancel');
    await act(async () => fake.emit('', progress({ done: 12, imported: 12 }), { runId: '', seq: 0 }));
    expect(panel.textContent).toBe('Importing “conversations.json”12 of 2,000 chatsCancel');
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12');
    expect(screen.getByRole('button', { name: 'Import chats' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('cancelImport')).toEqual([{ importId: IMPORT_ID }]);
    expect(within(panel).getByRole('button', { name: 'Cancelling…' }).hasAttribute('disabled')).toBe(true);

    for (const id of ['c1', 'c2']) fake.addSession({ id, name: `Chat ${id}` });
    fake.importResult = {
      cancelled: false,
      fileName: 'conversations.json',
      imported: ['c1', 'c2'].map((id) => ({ id, name: `Chat ${id}`, leftOut: { pictures: 0, toolOutputs: 0, unreadable: 0 } })),
      failed: [],
      total: 2_000,
      stopped: 'cancelled',
    };
    await release();
    await settle();
    await settle();
    expect(screen.queryByTestId('import-progress')).toBeNull();
    const report = within(sidebar()).getByTestId('status-notice');
    expect(report.textContent).toBe('2 of 2,000 chats imported from “conversations.json”, then cancelled. The chats imported are kept.');
    // The chats imported are listed; the chat on screen stays, since the person asked to stop.
    expect(screen.getAllByTestId('session-item').map((row) => row.dataset.sessionId)).toEqual(['c2', 'c1']);
    expect(state().currentSession.id).toBeNull();
    // A progress event that arrives after the report changes nothing.
    await act(async () => fake.emit('', progress({ done: 13, imported: 13 }), { runId: '', seq: 0 }));
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  it('in Chinese; cancelled while the file was read, nothing was imported', async () => {
    const fake = createFakeApi();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    const { user } = await renderApp(fake);
    const release = fake.holdNext('importSessions');
    await user.click(screen.getByRole('button', { name: '导入对话' }));
    await act(async () => fake.emit('', progress({ done: 1_500, imported: 1_499 }), { runId: '', seq: 0 }));
    expect(screen.getByTestId('import-progress').textContent).toBe('正在导入“conversations.json”1,500 / 2,000 个对话取消');
    fake.importResult = { cancelled: false, fileName: 'conversations.json', imported: [], failed: [], total: 0, stopped: 'cancelled' };
    await release();
    await settle();
    expect(within(sidebar()).getByTestId('status-notice').textContent).toBe(
      '已取消导入“conversations.json”，没有导入任何对话。未做任何更改。',
    );
  });

  it('a report of thousands of refusals names five and counts the rest, and stays in the sidebar until dismissed', async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    fake.addSession({ id: 'kept', name: 'Kept' });
    fake.importResult = {
      cancelled: false,
      fileName: 'conversations.json',
      imported: [{ id: 'kept', name: 'Kept', leftOut: { pictures: 0, toolOutputs: 0, unreadable: 0 } }],
      failed: Array.from({ length: 1_999 }, (_, i) => ({ title: `#${i + 2}`, reason: 'it has no messages' })),
      total: 2_000,
    };
    await user.click(screen.getByRole('button', { name: 'Import chats' }));
    await settle();
    await settle();
    const report = within(sidebar()).getByTestId('status-notice');
    expect(report.textContent).toBe(
      'Imported 1 of 2,000 chats from “conversations.json”. Not imported: “#2”: it has no messages; “#3”: it has no messages; ' +
        '“#4”: it has no messages; “#5”: it has no messages; “#6”: it has no messages; and 1,994 more×',
    );
    expect(report.className).toBe('status-notice in-sidebar lasting');
    // Collapsed, the sidebar is gone: the report shows over the window instead, one notice at a time.
    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(screen.getAllByTestId('status-notice').map((notice) => notice.className)).toEqual(['status-notice lasting']);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByTestId('status-notice').textContent).toBe('');
  });

  it('an import refused as a whole says why in the sidebar', async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    fake.failNext('importSessions', 'invalid_input', 'The file is not valid JSON (it may be cut short or damaged). Nothing was changed.');
    await user.click(screen.getByRole('button', { name: 'Import chats' }));
    await settle();
    expect(within(sidebar()).getByTestId('status-notice').textContent).toBe(
      'Import failed: The file is not valid JSON (it may be cut short or damaged). Nothing was changed.×',
    );
  });
});
