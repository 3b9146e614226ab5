// The Backups section: no folder yet (buttons off), the folder from main's dialog, back up now with its result line,
// restore picked from the list after a confirmation, a refused restore's words shown as the error line.
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BackupSettings } from '../../src/renderer/src/backup/BackupSettings';
import { LocaleContext } from '../../src/renderer/src/i18n';
import { createFakeApi, type FakeApi } from './fake-api';
import { settle, startStore } from './harness';

let fake: FakeApi;
beforeEach(async () => {
  fake = createFakeApi();
  await startStore(fake);
});

describe('Backups in Settings', () => {
  it('without a folder nothing can be backed up; the dialog sets one; back up now says what it wrote and lists it', async () => {
    render(<BackupSettings locale="en" />);
    await settle();
    expect(screen.getByTestId('backup-folder').textContent).toBe('No folder chosen yet');
    expect((screen.getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(true);
    fake.backupFolderChoice = '/home/me/Backups';
    fireEvent.click(screen.getByTestId('backup-choose-folder'));
    await settle();
    expect(screen.getByTestId('backup-folder').textContent).toBe('/home/me/Backups');
    expect((screen.getByTestId('backup-enabled') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('No backups in this folder yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('backup-now'));
    await settle();
    expect(screen.getByTestId('backup-result').textContent).toBe('Backed up 3 files (2.0 KB).');
    const options = [...(screen.getByTestId('backup-list') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toHaveLength(1);
    expect(options[0]).toMatch(/ · by hand · 2\.0 KB$/);
  });

  it('restore asks first, then restores the picked backup; a refused one shows main’s words', async () => {
    fake.backups = {
      settings: { enabled: true, folder: '/b', keep: 7 },
      backups: [
        { name: 'tiny-agent-backup-2-daily', createdAt: '2026-12-02T08:00:00.000Z', reason: 'daily', files: 5, bytes: 3 * 1024 * 1024 },
        { name: 'tiny-agent-backup-1-manual', createdAt: '2026-12-01T08:00:00.000Z', reason: 'manual', files: 4, bytes: 500 },
      ],
    };
    render(
      <LocaleContext.Provider value="zh-CN">
        <BackupSettings locale="zh-CN" />
      </LocaleContext.Provider>,
    );
    await settle();
    fireEvent.change(screen.getByTestId('backup-list'), { target: { value: 'tiny-agent-backup-1-manual' } });
    fireEvent.click(screen.getByTestId('backup-restore'));
    expect(fake.callsOf('restoreBackup')).toEqual([]);
    fake.failNext('restoreBackup', 'storage', '该备份已损坏：缺少 settings.json；未做任何更改。');
    fireEvent.click(screen.getByTestId('backup-restore-confirm'));
    await settle();
    expect(fake.callsOf('restoreBackup')).toEqual([{ name: 'tiny-agent-backup-1-manual' }]);
    expect(screen.getByTestId('backup-result').textContent).toBe('失败：该备份已损坏：缺少 settings.json；未做任何更改。');
    fireEvent.click(screen.getByTestId('backup-restore'));
    fireEvent.click(screen.getByTestId('backup-restore-confirm'));
    await settle();
    expect(screen.getByTestId('backup-result').textContent).toBe('已恢复。恢复前的状态也已保存为备份。窗口将重新加载。');
  });
});
