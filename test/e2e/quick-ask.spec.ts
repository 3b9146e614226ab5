// The quick-ask window's view (`#quick-ask`, what the tray and the global shortcut open): type, Enter, the answer
// streams; it is a real chat that "Open in Tiny Agent" opens in the full window; Escape hides the window.
import { expect, test, type Page } from '@playwright/test';
import { answerTexts, screenshot, startHarness, userTexts } from './helpers.js';

async function openQuickAsk(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.location.hash = 'quick-ask';
    window.location.reload();
  });
  await expect(page.getByTestId('quick-ask')).toBeVisible();
}

test('quick ask: Enter sends, the answer streams in, Open in Tiny Agent shows it as a chat, Escape hides', async () => {
  // Wide enough that the full app shows its sidebar once the chat moves there.
  const h = await startHarness({ viewport: { width: 1100, height: 700 } });
  try {
    await openQuickAsk(h.page);
    const quick = h.page.getByTestId('quick-ask');
    await expect(quick.getByTestId('quick-ask-open')).toBeDisabled();
    await quick.getByRole('textbox').fill('What is a tray icon?');
    await quick.getByRole('textbox').press('Enter');
    await expect(quick.getByTestId('message-content')).toHaveText('You said: What is a tray icon?');
    await expect(quick.getByRole('textbox')).toHaveValue('');
    expect(h.server.chatRequests).toHaveLength(1);

    await quick.getByRole('textbox').press('Escape');
    await expect.poll(() => h.app.invokes.filter((i) => i.channel === 'quickAsk:hide').length).toBe(1);

    // No main window to move it to in this mode: the view becomes the full app with that chat open.
    await quick.getByTestId('quick-ask-open').click();
    await expect(h.page.getByTestId('session-item')).toHaveCount(1);
    await expect(userTexts(h.page)).toHaveText(['What is a tray icon?']);
    await expect(answerTexts(h.page)).toHaveText(['You said: What is a tray icon?']);
    expect(h.app.invokes.filter((i) => i.channel === 'quickAsk:openInApp').map((i) => i.request)).toHaveLength(1);
  } finally {
    await h.close();
  }
});

test('quick ask: a second question goes on in the same chat; a model failure is said in the window', async () => {
  const h = await startHarness({ viewport: { width: 640, height: 420 } });
  try {
    await openQuickAsk(h.page);
    const box = h.page.getByTestId('quick-ask').getByRole('textbox');
    await box.fill('One');
    await box.press('Enter');
    await expect(h.page.getByTestId('message-content')).toHaveText('You said: One');
    h.server.enqueue({ status: 500 });
    await box.fill('Two');
    await box.press('Enter');
    await expect(h.page.getByTestId('error-banner')).toContainText('Provider server error (HTTP 500)');
    expect(h.app.invokes.filter((i) => i.channel === 'sessions:create')).toHaveLength(1);
  } finally {
    await h.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [420, 1600]) {
      test(`screenshot: the quick-ask window (${locale}, ${colorScheme}, ${width} px)`, async () => {
        const h = await startHarness({ locale, colorScheme, viewport: { width, height: 420 } });
        try {
          await openQuickAsk(h.page);
          const box = h.page.getByTestId('quick-ask').getByRole('textbox');
          await box.fill(locale === 'zh-CN' ? '托盘图标是什么？' : 'What is a tray icon?');
          await box.press('Enter');
          await expect(h.page.getByTestId('message-content')).toContainText(/You said/);
          await screenshot(h.page, `quick-ask-${locale}-${colorScheme}-${width}`);
        } finally {
          await h.close();
        }
      });
    }
  }
}
