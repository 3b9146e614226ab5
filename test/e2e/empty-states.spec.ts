// Empty states where the eye is: with no chats the sidebar says so right under its filter (it sat at the foot of an
// empty column), and a new chat shows, in the middle of its empty conversation, what to do and the keys worth
// knowing, gone once the first message is sent and back with the next new chat. Measured by boxes, both languages;
// screenshots at 420 and 1600 px in both themes and both languages.
import { expect, test, type Page } from '@playwright/test';
import { screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The boxes that say where the empty states sit. */
function layout(page: Page): Promise<{ filter: Box; sidebarEmpty: Box | null; conversation: Box; card: Box; composer: Box }> {
  return page.evaluate(() => {
    const box = (selector: string): Box | null => {
      const el = document.querySelector(selector);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
    };
    return {
      filter: box('[data-testid="session-filter"]') ?? { top: 0, bottom: 0, left: 0, right: 0 },
      sidebarEmpty: box('[data-testid="sidebar-empty"]'),
      conversation: box('.conversation')!,
      card: box('.empty-chat-card')!,
      composer: box('.main-bottom')!,
    };
  });
}

const middle = (b: Box) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`no chats: the sidebar says so under its filter; a new chat says what to do in the middle of the page, ${locale}`, async () => {
    const zh = locale === 'zh-CN';
    const h = await startHarness({ locale, viewport: { width: 1180, height: 800 } });
    try {
      const { page } = h;
      await expect(page.getByTestId('sidebar-empty')).toHaveText(
        zh ? '还没有对话，点击“新建对话”开始吧。' : 'No chats yet. Start one with “New chat”.',
      );
      const empty = page.getByTestId('empty-chat');
      await expect(empty.getByRole('heading')).toHaveText(zh ? '想问点什么？' : 'What would you like to ask?');
      await expect(empty.getByRole('list')).toContainText(
        zh ? '回答进行中：用你的消息引导当前回答' : 'While it answers: steer the answer with your message',
      );

      const boxes = await layout(page);
      // Right under the filter, not at the foot of the column.
      expect(boxes.sidebarEmpty!.top - boxes.filter.bottom).toBeGreaterThanOrEqual(0);
      expect(boxes.sidebarEmpty!.top - boxes.filter.bottom).toBeLessThanOrEqual(16);
      // In the middle of the empty conversation, clear of the composer.
      const card = middle(boxes.card);
      const view = middle(boxes.conversation);
      expect(Math.abs(card.x - view.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(card.y - view.y)).toBeLessThanOrEqual(2);
      expect(boxes.card.top).toBeGreaterThanOrEqual(boxes.conversation.top);
      expect(boxes.card.bottom).toBeLessThanOrEqual(boxes.composer.top);

      // The first message replaces it; the next new chat brings it back.
      h.server.enqueue({ text: zh ? '好的。' : 'Sure.' });
      await sendMessage(page, zh ? '你好' : 'Hello');
      await expect(empty).toHaveCount(0);
      await waitForAnswers(page, 1);
      await expect(page.getByTestId('sidebar-empty')).toHaveCount(0);
      await page.getByTestId('new-session').click();
      await expect(empty).toBeVisible();
      // A click where it sits reaches the page under it (it never takes the composer's clicks or dropped files).
      const centre = middle((await layout(page)).card);
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.empty-chat') ?? null, centre)).toBeNull();
    } finally {
      await h.close();
    }
  });
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a new chat's empty state at 420 and 1600 px, ${locale}, ${colorScheme}`, async () => {
      const zh = locale === 'zh-CN';
      const h = await startHarness({ locale, colorScheme, viewport: { width: 1600, height: 900 } });
      try {
        const { page } = h;
        await expect(page.getByTestId('empty-chat')).toBeVisible();
        await screenshot(page, `empty-chat-1600-${colorScheme}-${zh ? 'zh' : 'en'}`);
        await page.setViewportSize({ width: 420, height: 800 });
        await expect(page.locator('.app.narrow')).toHaveCount(1);
        const boxes = await layout(page);
        // Inside the window and the conversation, left and right.
        expect(boxes.card.left).toBeGreaterThanOrEqual(boxes.conversation.left);
        expect(boxes.card.right).toBeLessThanOrEqual(boxes.conversation.right);
        expect(boxes.card.bottom).toBeLessThanOrEqual(boxes.composer.top);
        await screenshot(page, `empty-chat-420-${colorScheme}-${zh ? 'zh' : 'en'}`);
      } finally {
        await h.close();
      }
    });
  }
}
