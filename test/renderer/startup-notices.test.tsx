// The files main set aside at start are said in the window, in the person's language, above the composer (the welcome
// panel's too): what was ignored and where the file as it was is kept. Dismissed, they stay away for this run.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StartupNotice } from '../../src/shared/app-status';
import { useAppState } from '../../src/renderer/src/store/appState';
import { pickBanner } from '../../src/renderer/src/status/banner-priority';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';

const NOTICES: StartupNotice[] = [
  { file: 'settings', problem: 'partlyUnreadable', parts: ['providers[1]', 'theme'], keptAs: 'settings.json.unread.bak' },
  { file: 'uiState', problem: 'tooLarge', limitBytes: 64 * 1024 * 1024, keptAs: 'ui-state.json.unread.bak' },
  { file: 'attachmentRefs', problem: 'newerVersion', keptAs: 'attachments/refs.json.unread.bak' },
];

let fake: FakeApi;
const lines = () => [...screen.getByTestId('startup-notices').querySelectorAll('li')].map((li) => li.textContent);

beforeEach(() => {
  useAppState.setState({ noticesDismissed: false });
  fake = createFakeApi();
  fake.appNotices = structuredClone(NOTICES);
});

describe('files set aside at start', () => {
  it('are listed, each with where the file as it was is kept', async () => {
    await renderApp(fake);
    expect(screen.getByTestId('startup-notices').getAttribute('role')).toBe('status');
    expect(lines()).toEqual([
      'Parts of settings.json could not be read and were left out: providers[1], theme. The file as it was is kept as settings.json.unread.bak.',
      'The saved window state (ui-state.json) is larger than 64 MB and was not read. The file as it was is kept as ui-state.json.unread.bak.',
      'The list of which chat uses which attachment (attachments/refs.json) comes from a newer Tiny Agent; it was rebuilt from the chats. The file as it was is kept as attachments/refs.json.unread.bak.',
    ]);
  });

  it('in Chinese', async () => {
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    fake.appNotices = [
      { file: 'settings', problem: 'unreadable', readOnly: true },
      { file: 'uiState', problem: 'partlyUnreadable', count: 3, keptAs: 'ui-state.json.unread.bak' },
    ];
    await renderApp(fake);
    expect(lines()).toEqual([
      'settings.json 无法读取（已损坏）。Tiny Agent 已使用默认设置启动，文件保持原样未修改：在修复或移走它之前，设置中的更改不会保存。',
      '保存的窗口状态（ui-state.json：未发送的文字、滚动位置）中有 3 项无法读取，已略过。原文件已保留为 ui-state.json.unread.bak。',
    ]);
    expect(screen.getByTestId('startup-notices-dismiss').textContent).toBe('知道了');
  });

  it('show above the composer while the welcome panel is up (no provider could be read)', async () => {
    fake.settings.providers = [];
    fake.settings.defaultModel = null;
    fake.appNotices = [{ file: 'settings', problem: 'newerVersion', readOnly: true }];
    await renderApp(fake);
    expect(screen.getByTestId('welcome')).toBeTruthy();
    expect(lines()).toEqual([
      'settings.json comes from a newer Tiny Agent. It was left as it is and default settings are used; changes in Settings are not saved. Update Tiny Agent to use it.',
    ]);
  });

  it('once dismissed stay away, however often main is asked again', async () => {
    const { user } = await renderApp(fake);
    await user.click(screen.getByTestId('startup-notices-dismiss'));
    expect(screen.queryByTestId('startup-notices')).toBeNull();
    await act(() => state().loadAppStatus());
    await settle();
    expect(screen.queryByTestId('startup-notices')).toBeNull();
  });

  it('rank below the data folder problems and above a chat error and the setup hint', () => {
    const base = { appProblems: [], errorCode: undefined, setupNeeded: false } as const;
    expect(pickBanner({ ...base, appProblems: ['diskFull'], notices: true })).toBe('app');
    expect(pickBanner({ ...base, errorCode: 'storage', notices: true })).toBe('notices');
    expect(pickBanner({ ...base, setupNeeded: true, notices: true })).toBe('notices');
  });
});
