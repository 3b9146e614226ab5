// The queue strip above the composer while an answer streams: one queued message can be removed, or taken back into
// the input box to change it, and the rest stay queued and are sent; the kinds, the texts and the buttons of the rows
// line up in columns, in both languages and themes, narrow and wide.
import { expect, test, type Page } from '@playwright/test';
import { answerTexts, screenshot, sendMessage, startHarness, userTexts, waitForAnswers } from './helpers.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Left edges of each row's kind, text and buttons, and how far each row's kind and text centres are apart. */
function rowBoxes(page: Page): Promise<Array<{ kind: number; text: number; actions: number; offCentre: number }>> {
  return page.getByTestId('queue-item').evaluateAll((rows) =>
    rows.map((row) => {
      const box = (selector: string) => row.querySelector(selector)!.getBoundingClientRect();
      const [kind, text, actions] = [box('.queue-kind'), box('.queue-text'), box('.queue-actions')];
      const centre = (r: DOMRect) => r.top + r.height / 2;
      return {
        kind: Math.round(kind.left),
        text: Math.round(text.left),
        actions: Math.round(actions.left),
        offCentre: Math.abs(centre(kind) - centre(text)),
      };
    }),
  );
}

/** Queues a steering message and two follow-ups while the first answer is held. */
async function queueThree(page: Page, zh: boolean): Promise<void> {
  const composer = page.getByTestId('composer-input');
  await composer.fill(zh ? '请简短一些' : 'Shorter, please');
  await composer.press('Enter');
  await composer.fill(zh ? '然后翻译成英文' : 'Then translate it into French');
  await composer.press('Alt+Enter');
  await composer.fill(zh ? '最后总结一下' : 'And sum it up in a line');
  await composer.press('Alt+Enter');
  await expect(page.getByTestId('queue-item')).toHaveCount(3);
}

test('one queued message is removed, another taken back to be changed; the one left is sent, the removed one never', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const hold = gate();
    server.enqueue({ text: 'A long answer that is still being written.', chunkSize: 6, gate: hold.promise, gateAfterChunks: 1 });
    server.enqueue({ text: 'Here is the one-line summary.' });
    await sendMessage(page, 'Explain closures');
    await expect(answerTexts(page)).toHaveText('A long');
    await queueThree(page, false);

    // The middle one: the first follow-up.
    await page.getByRole('button', { name: 'Remove “Then translate it into French”' }).click();
    await expect(page.getByTestId('queue-item')).toHaveText(['SteeringShorter, please', 'Follow-upAnd sum it up in a line']);
    await page.getByRole('button', { name: 'Edit “Shorter, please”' }).click();
    await expect(page.getByTestId('queue-item')).toHaveText(['Follow-upAnd sum it up in a line']);
    await expect(page.getByTestId('composer-input')).toHaveValue('Shorter, please');

    hold.open();
    await waitForAnswers(page, 2);
    await expect(userTexts(page)).toHaveText(['Explain closures', 'And sum it up in a line']);
    const asked = server.chatRequests.flatMap((request) =>
      (request.body.messages as Array<{ role: string; content: unknown }>).filter((m) => m.role === 'user').map((m) => m.content),
    );
    expect(asked).not.toContain('Then translate it into French');
    expect(asked).not.toContain('Shorter, please');
    await expect(page.getByTestId('composer-input')).toHaveValue('Shorter, please');
  } finally {
    await h.close();
  }
});

for (const [locale, colorScheme, width] of [
  ['en-US', 'light', 1600],
  ['zh-CN', 'dark', 1600],
  ['zh-CN', 'light', 420],
  ['en-US', 'dark', 420],
] as const) {
  test(`the queue's rows line up in columns (${locale}, ${colorScheme}, ${width} px)`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport: { width, height: 800 } });
    try {
      const { page, server } = h;
      const hold = gate();
      const zh = locale === 'zh-CN';
      server.enqueue({
        text: zh ? '这是一个很长的回答，还在写。' : 'A long answer, still being written.',
        chunkSize: 4,
        gate: hold.promise,
        gateAfterChunks: 1,
      });
      await sendMessage(page, zh ? '解释闭包' : 'Explain closures');
      await expect(page.getByTestId('stop')).toBeVisible();
      await queueThree(page, zh);
      const rows = await rowBoxes(page);
      expect(new Set(rows.map((row) => row.kind)).size).toBe(1);
      expect(new Set(rows.map((row) => row.text)).size).toBe(1);
      expect(new Set(rows.map((row) => row.actions)).size).toBe(1);
      for (const row of rows) expect(row.offCentre).toBeLessThanOrEqual(1);
      await screenshot(page, `queue-${colorScheme}-${locale}-${width}`);
      hold.open();
    } finally {
      await h.close();
    }
  });
}
