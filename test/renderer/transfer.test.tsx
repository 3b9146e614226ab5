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
      imported: [{ id: 'new1', name: 'Packing for Kyoto' }],
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
});
