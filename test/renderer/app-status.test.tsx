// The app-wide problem banner: what main reports about the data folder is said in the window, in the person's
// language, and goes away once main reports it gone.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from './fake-api';
import { emit, renderApp, settle } from './harness';

describe('app status banner', () => {
  it('a data folder held by another instance is explained at start, and no recheck is offered', async () => {
    const fake = createFakeApi();
    fake.appProblems = ['locked'];
    await renderApp(fake);
    const banner = screen.getByTestId('app-status');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toBe(
      'Another Tiny Agent window is using this data folder. Use that window; this one shows nothing and changes nothing.',
    );
    expect(screen.queryByTestId('app-status-recheck')).toBeNull();
  });

  it('a disk that fills up is reported after a storage error, in Chinese too, and cleared by a recheck', async () => {
    const fake = createFakeApi();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    fake.addSession({ id: 's1', name: 'Chat' });
    const { user } = await renderApp(fake);
    expect(screen.queryByTestId('app-status')).toBeNull();
    fake.appProblems = ['diskFull'];
    emit(fake, 's1', { type: 'error', code: 'storage', message: 'Could not save: The disk is full.', unsentText: 'hi' });
    await settle();
    expect(screen.getByTestId('app-status').textContent).toContain('磁盘已满：在腾出空间之前，新消息和设置都无法保存。');
    fake.appProblems = [];
    await act(async () => user.click(screen.getByRole('button', { name: '重新检查' })));
    await settle();
    expect(screen.queryByTestId('app-status')).toBeNull();
  });

  it('a run ended by its request limit says so in the session banner, with nothing to retry', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 's1', name: 'Chat' });
    const { user } = await renderApp(fake);
    await act(async () => user.click(screen.getByText('Chat')));
    await settle();
    emit(fake, 's1', { type: 'notice', code: 'request_limit', message: 'This message used its limit of 25 model requests.' });
    await settle();
    const banner = screen.getByTestId('error-banner');
    expect(banner.dataset.code).toBe('request_limit');
    expect(banner.textContent).toContain('Request limit reached');
    expect(banner.textContent).toContain('This message used its limit of 25 model requests.');
    expect(screen.queryByTestId('error-retry')).toBeNull();
  });
});
