// An answer cut off part-way (the connection dropped) is shown in one clear state: the partial answer, then one note —
// "Answer cut off · not saved", the cause once, Retry and Edit question — with no banner, no pills, and the question in
// no input box, so it cannot be sent twice. In the background it marks its chat's row, the row keeps its name, and the
// partial answer is there when the chat is opened. A restart forgets the partial answer but offers the question again.
import { expect, test, type Page } from '@playwright/test';
import {
  answerTexts,
  assistantMessages,
  screenshot,
  sendMessage,
  sessionItems,
  startHarness,
  userTexts,
  waitForAnswers,
} from './helpers.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const CUT = 'Day one: the temples of Higashiyama, then';

/** How many times `text` is written on the page (in what a person reads, not in attributes). */
function timesShown(page: Page, text: string): Promise<number> {
  return page.evaluate((needle) => document.body.innerText.split(needle).length - 1, text);
}

test('an answer cut off in the open chat: one note, the cause once, no banner or pill, and Retry sends it once', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: 'saved answer' });
    await sendMessage(page, 'first');
    await waitForAnswers(page, 1);

    server.enqueue({ text: `${CUT} tea in Gion.`, chunkSize: CUT.length, disconnectAfterChunks: 1 });
    await sendMessage(page, 'Plan three days in Kyoto');
    const note = page.getByTestId('answer-interrupted');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Answer cut off · not saved');
    await expect(assistantMessages(page).last().getByTestId('message-content')).toHaveText(CUT);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    await expect(page.getByTestId('message-unsaved')).toHaveCount(0);
    await expect(page.getByTestId('message-error')).toHaveCount(0);
    expect(await timesShown(page, 'The connection dropped while the answer was arriving.')).toBe(1);
    // The question is shown once, in the chat; the input box is empty.
    await expect(page.getByTestId('composer-input')).toHaveValue('');
    expect(await timesShown(page, 'Plan three days in Kyoto')).toBe(1);
    // Its row is marked, and keeps its name.
    await expect(sessionItems(page).first().getByTestId('session-failed')).toBeVisible();
    await screenshot(page, 'interrupted-light-en');

    // A double click retries once.
    const before = server.chatRequests.length;
    server.enqueue({ text: 'Day one: temples. Day two: Arashiyama. Day three: Nara.' });
    await page.getByTestId('interrupted-retry').dblclick();
    await waitForAnswers(page, 2);
    await expect(answerTexts(page)).toHaveText(['saved answer', 'Day one: temples. Day two: Arashiyama. Day three: Nara.']);
    expect(server.chatRequests.length - before).toBe(1);
    await expect(note).toHaveCount(0);
    await expect(sessionItems(page).first().getByTestId('session-failed')).toHaveCount(0);
    await expect(userTexts(page)).toHaveText(['first', 'Plan three days in Kyoto']);
  } finally {
    await h.close();
  }
});

test('a provider error frame mid-answer names the provider’s own words once, under the answer', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({
      text: `${CUT} tea in Gion.`,
      chunkSize: CUT.length,
      errorFrameAt: 1,
      errorMessage: 'The model crashed while generating.',
    });
    await sendMessage(page, 'Plan three days in Kyoto');
    const note = page.getByTestId('answer-interrupted');
    await expect(note).toContainText('The model crashed while generating.');
    expect(await timesShown(page, 'The model crashed while generating.')).toBe(1);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

test('Edit question puts the cut-off question back into the input box and the partial answer goes', async () => {
  const h = await startHarness({ locale: 'zh-CN', colorScheme: 'dark' });
  try {
    const { page, server } = h;
    server.enqueue({ text: `${CUT} tea in Gion.`, chunkSize: CUT.length, disconnectAfterChunks: 1 });
    await sendMessage(page, '规划京都三日游');
    await expect(page.getByTestId('answer-interrupted')).toContainText('回答中断 · 未保存');
    await expect(page.getByTestId('interrupted-cause')).toHaveText('回答传输过程中连接断开了。');
    // Said once: the detail "the connection closed before the answer finished" only restates it.
    await expect(page.getByTestId('answer-interrupted')).not.toContainText('回答完成之前连接已断开');
    await screenshot(page, 'interrupted-dark-zh');
    await page.getByTestId('interrupted-set-aside').click();
    await expect(page.getByTestId('composer-input')).toHaveValue('规划京都三日游');
    await expect(page.getByTestId('answer-interrupted')).toHaveCount(0);
    await expect(assistantMessages(page)).toHaveCount(0);
    await expect(sessionItems(page).first().getByTestId('session-failed')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

for (const [locale, colorScheme, width] of [
  ['en-US', 'dark', 1600],
  ['zh-CN', 'light', 420],
] as const) {
  test(`an answer cut off in the background marks its row, keeps its name, and is there when opened (${locale}, ${colorScheme}, ${width} px)`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport: { width, height: 800 } });
    try {
      const { page, server } = h;
      const zh = locale === 'zh-CN';
      const question = zh ? '规划京都三日游' : 'Plan three days in Kyoto';
      const hold = gate();
      server.enqueue({ text: `${CUT} tea in Gion.`, chunkSize: 14, gate: hold.promise, gateAfterChunks: 2, disconnectAfterChunks: 2 });
      await sendMessage(page, question);
      await expect(answerTexts(page)).toHaveText(CUT.slice(0, 28));

      if (width < 768) await page.getByTestId('sidebar-toggle').click();
      await page.getByTestId('new-session').click();
      server.enqueue({ text: zh ? '很快的回答。' : 'Quick answer.' });
      await sendMessage(page, zh ? '一个小问题' : 'Quick question');
      await waitForAnswers(page, 1);
      hold.open();

      if (width < 768) await page.getByTestId('sidebar-toggle').click();
      const row = sessionItems(page).filter({ hasText: question });
      await expect(row.getByTestId('session-failed')).toBeVisible();
      await expect(row.getByTestId('session-streaming')).toHaveCount(0);
      await expect(sessionItems(page).filter({ hasText: zh ? '新对话' : 'New chat' })).toHaveCount(0);
      await screenshot(page, `interrupted-row-${colorScheme}-${locale}-${width}`);

      await row.click();
      await expect(userTexts(page)).toHaveText([question]);
      await expect(answerTexts(page)).toHaveText(CUT.slice(0, 28));
      await expect(page.getByTestId('answer-interrupted')).toBeVisible();
      await expect(page.getByTestId('error-banner')).toHaveCount(0);
      await expect(page.getByTestId('composer-input')).toHaveValue('');
      await screenshot(page, `interrupted-opened-${colorScheme}-${locale}-${width}`);

      server.enqueue({ text: zh ? '第一天：寺庙。' : 'Day one: temples.' });
      await page.getByTestId('interrupted-retry').click();
      await waitForAnswers(page, 1);
      await expect(answerTexts(page)).toHaveText([zh ? '第一天：寺庙。' : 'Day one: temples.']);
      await expect(page.getByTestId('answer-interrupted')).toHaveCount(0);
    } finally {
      await h.close();
    }
  });
}

test('after a restart the cut-off answer is gone (it was never saved) and the question waits in the input box', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: 'saved answer' });
    await sendMessage(page, 'first');
    await waitForAnswers(page, 1);
    server.enqueue({ text: `${CUT} tea in Gion.`, chunkSize: CUT.length, disconnectAfterChunks: 1 });
    await sendMessage(page, 'Plan three days in Kyoto');
    await expect(page.getByTestId('answer-interrupted')).toBeVisible();
    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(userTexts(h.page)).toHaveText(['first']);
    await expect(h.page.getByTestId('answer-interrupted')).toHaveCount(0);
    await expect(h.page.getByTestId('composer-input')).toHaveValue('Plan three days in Kyoto');
  } finally {
    await h.close();
  }
});
