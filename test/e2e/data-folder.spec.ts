// Two copies of the app on one data folder: the second window opens, shows nothing of the first one's chats, says
// why in the person's language, and changes nothing. Screenshots of that window in both themes and languages.
import { expect, test } from '@playwright/test';
import { launchApp } from './launch.js';
import { screenshot, sendMessage, sessionItems, startHarness, waitForAnswers } from './helpers.js';

const CASES = [
  {
    locale: 'en-US',
    colorScheme: 'light',
    viewport: { width: 1180, height: 800 },
    text: 'Another Tiny Agent window is using this data folder.',
  },
  { locale: 'zh-CN', colorScheme: 'dark', viewport: { width: 420, height: 760 }, text: '另一个 Tiny Agent 窗口正在使用这个数据文件夹。' },
] as const;

for (const c of CASES) {
  test(`a second window on the same data folder says it is in use and changes nothing (${c.locale}, ${c.colorScheme})`, async () => {
    const first = await startHarness();
    try {
      await sendMessage(first.page, 'kept by the first window');
      await waitForAnswers(first.page, 1);
      const second = await launchApp({ dataDir: first.app.dataDir, locale: c.locale, colorScheme: c.colorScheme, viewport: c.viewport });
      try {
        const status = second.page.getByTestId('app-status');
        await expect(status).toContainText(c.text);
        await expect(status).toHaveAttribute('data-problems', 'locked');
        await expect(sessionItems(second.page)).toHaveCount(0);
        await screenshot(second.page, `data-folder-locked-${c.locale}-${c.colorScheme}`);
      } finally {
        await second.close();
      }
      // The first window is unaffected.
      await expect(sessionItems(first.page)).toHaveCount(1);
      await expect(first.page.getByTestId('app-status')).toHaveCount(0);
    } finally {
      await first.close();
    }
  });
}
