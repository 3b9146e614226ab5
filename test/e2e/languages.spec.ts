// Both languages and both themes: the interface follows the system locale, can be switched in Settings, and
// the main screen is captured in light and dark, Chinese and English (screenshots saved as test artifacts).
import { expect, test } from '@playwright/test';
import { screenshot, sendMessage, sentMessages, startHarness, waitForAnswers } from './helpers.js';

const DEMO_ANSWER = [
  '## Closures',
  '',
  'A **closure** keeps the variables of the scope it was created in:',
  '',
  '```js',
  'function counter() {',
  '  let n = 0;',
  '  return () => ++n;',
  '}',
  '```',
  '',
  '- remembers `n`',
  '- private state',
].join('\n');

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`main screen in ${locale}, ${colorScheme}`, async () => {
      const h = await startHarness({ locale, colorScheme });
      try {
        const { page, server } = h;
        const zh = locale === 'zh-CN';
        await expect(page.locator('html')).toHaveAttribute('lang', zh ? 'zh-CN' : 'en');
        await expect(page.getByTestId('new-session')).toHaveAccessibleName(zh ? '新建对话' : 'New chat');
        await expect(page.getByTestId('send')).toHaveAccessibleName(zh ? '发送' : 'Send');
        await expect(page.getByTestId('composer-input')).toHaveAttribute(
          'placeholder',
          zh ? '有什么想问的？Enter 发送，Shift+Enter 换行。' : 'Ask anything. Enter sends, Shift+Enter starts a new line.',
        );

        server.enqueue({
          reasoning: zh ? '用户想了解闭包，先给一个小例子。' : 'The user wants closures explained; start with a small example.',
          text: DEMO_ANSWER,
          chunkSize: 12,
        });
        await sendMessage(page, zh ? '什么是闭包？' : 'What is a closure?');
        await waitForAnswers(page, 1);
        // The system prompt follows the language too.
        expect(sentMessages(server, 0)[0]).toEqual({
          role: 'system',
          content: zh ? '你是 Tiny Agent，一个简洁、友好的 AI 助手。' : 'You are Tiny Agent, a concise and friendly AI assistant.',
        });
        const theme = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(theme).toBe(colorScheme === 'dark' ? await darkBackground(page) : await lightBackground(page));
        const path = await screenshot(page, `main-${colorScheme}-${zh ? 'zh' : 'en'}`);
        console.log(`[screenshot] ${path}`);
      } finally {
        await h.close();
      }
    });
  }
}

test('the language can be switched in Settings and persists across a restart', async () => {
  const h = await startHarness({ locale: 'en-US' });
  try {
    await h.page.getByTestId('settings-open').click();
    await h.page.getByTestId('settings-language').selectOption('zh-CN');
    await h.page.getByTestId('settings-save').click();
    await expect(h.page.getByTestId('new-session')).toHaveAccessibleName('新建对话');
    await h.relaunch({ locale: 'en-US' });
    await expect(h.page.getByTestId('new-session')).toHaveAccessibleName('新建对话');
    await expect(h.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  } finally {
    await h.close();
  }
});

/** The theme's background colours, read from the CSS variables the stylesheet defines. */
async function lightBackground(page: import('@playwright/test').Page): Promise<string> {
  return themeBackground(page, 'light');
}
async function darkBackground(page: import('@playwright/test').Page): Promise<string> {
  return themeBackground(page, 'dark');
}
async function themeBackground(page: import('@playwright/test').Page, theme: 'light' | 'dark'): Promise<string> {
  return page.evaluate((t) => {
    const probe = document.createElement('div');
    probe.setAttribute('data-theme', t);
    probe.style.background = 'var(--bg)';
    document.body.appendChild(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  }, theme);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`in a narrow window the composer's hint stays on the box's line, idle and while answering (${locale})`, async () => {
    const h = await startHarness({ locale, viewport: { width: 420, height: 760 } });
    try {
      const { page, server } = h;
      const zh = locale === 'zh-CN';
      const input = page.getByTestId('composer-input');
      /** How wide the hint is drawn in the box's own font, against the width the box has for text. */
      const fits = () =>
        input.evaluate((box: HTMLTextAreaElement) => {
          const style = getComputedStyle(box);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontSize} ${style.fontFamily}`;
          const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { hint: box.placeholder, fits: context.measureText(box.placeholder).width <= room };
        });
      expect(await fits()).toEqual({ hint: zh ? '有什么想问的？' : 'Ask anything', fits: true });
      let release!: () => void;
      server.enqueue({ text: 'one two three', gate: new Promise<void>((resolve) => (release = resolve)), gateAfterChunks: 1 });
      await sendMessage(page, zh ? '你好' : 'Hello');
      await expect(page.getByTestId('stop')).toBeVisible();
      expect(await fits()).toEqual({ hint: zh ? 'Enter 引导回答 · Esc 停止' : 'Enter steers · Esc stops', fits: true });
      release();
      await waitForAnswers(page, 1);
    } finally {
      await h.close();
    }
  });
}
