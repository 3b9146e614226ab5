// Export and import from the window: the header menu names the format and main does the rest; the sidebar's
// import opens the first imported chat; what happened is said in the status notice (failures until dismissed).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from './fake-api';
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
    expect(notice.textContent).toBe('');
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
