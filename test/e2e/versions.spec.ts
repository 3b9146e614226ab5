// Edit, regenerate and versions end to end: what each request carries after an edit, a regenerate of a middle answer
// and a switch back with ‹ 1/2 ›, across a restart; a failed run's streamed text kept on screen as not saved (and
// never on disk); the edit box and the version switch captured in both themes, both languages and a narrow window.
import { expect, test, type Page } from '@playwright/test';
import type { FakeOpenAIServer } from '../fixtures/fake-openai.js';
import {
  answerTexts,
  assistantMessages,
  screenshot,
  sendMessage,
  sessionItems,
  startHarness,
  userMessages,
  userTexts,
  waitForAnswers,
} from './helpers.js';

const SYSTEM = 'You are Tiny Agent, a concise and friendly AI assistant.';

/** The contents of the last chat request after its system prompt (which must be the default one). */
function lastRequest(server: FakeOpenAIServer): unknown[] {
  const messages = server.chatRequests.at(-1)!.body.messages as Array<{ role: string; content: unknown }>;
  expect(messages[0]).toEqual({ role: 'system', content: SYSTEM });
  return messages.slice(1).map((m) => m.content);
}

/** Three exchanges: q1 → a1, q2 → a2, q3 → a3. */
async function threeExchanges(page: Page, server: FakeOpenAIServer): Promise<void> {
  for (const n of [1, 2, 3]) {
    server.enqueue({ text: `a${n}` });
    await sendMessage(page, `q${n}`);
    await waitForAnswers(page, n);
  }
}

test('editing the first of three questions sends only the edited branch; ‹ 1/2 › brings the old one back, also after a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    await threeExchanges(page, server);

    const first = userMessages(page).first();
    await first.hover();
    await first.getByTestId('message-edit').click();
    const input = page.getByTestId('message-edit-input');
    await expect(input).toHaveValue('q1');
    await expect(input).toBeFocused();
    // Escape leaves everything as it was.
    await input.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(userTexts(page)).toHaveText(['q1', 'q2', 'q3']);

    await first.getByTestId('message-edit').click();
    await input.fill('q1 edited');
    server.enqueue({ text: 'a1 edited' });
    await page.getByTestId('message-edit-save').click();
    await waitForAnswers(page, 1);
    await expect(userTexts(page)).toHaveText(['q1 edited']);
    await expect(answerTexts(page)).toHaveText(['a1 edited']);
    expect(lastRequest(server)).toEqual(['q1 edited']);
    await expect(page.getByTestId('branch-indicator')).toHaveText('2/2');
    await expect(page.getByTestId('branch-next')).toBeDisabled();

    await page.getByTestId('branch-prev').click();
    await expect(page.getByTestId('branch-indicator')).toHaveText('1/2');
    await expect(userTexts(page)).toHaveText(['q1', 'q2', 'q3']);
    await expect(answerTexts(page)).toHaveText(['a1', 'a2', 'a3']);
    console.log(`[screenshot] ${await screenshot(page, 'versions-question-light-en')}`);
    server.enqueue({ text: 'a4' });
    await sendMessage(page, 'q4');
    await waitForAnswers(page, 4);
    expect(lastRequest(server)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4']);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(userTexts(h.page)).toHaveText(['q1', 'q2', 'q3', 'q4']);
    await expect(h.page.getByTestId('branch-indicator')).toHaveText('1/2');
    await h.page.getByTestId('branch-next').click();
    await expect(userTexts(h.page)).toHaveText(['q1 edited']);
    await expect(answerTexts(h.page)).toHaveText(['a1 edited']);
  } finally {
    await h.close();
  }
});

test('regenerating the middle answer sends what came before it; both versions stay reachable', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    await threeExchanges(page, server);
    server.enqueue({ text: 'a2 again' });
    const middle = assistantMessages(page).nth(1);
    await middle.hover();
    await middle.getByTestId('message-regenerate').click();
    await waitForAnswers(page, 2);
    expect(lastRequest(server)).toEqual(['q1', 'a1', 'q2']);
    await expect(answerTexts(page)).toHaveText(['a1', 'a2 again']);
    await expect(assistantMessages(page).nth(1).getByTestId('branch-indicator')).toHaveText('2/2');

    await page.getByTestId('branch-prev').click();
    await expect(answerTexts(page)).toHaveText(['a1', 'a2', 'a3']);
    await expect(userTexts(page)).toHaveText(['q1', 'q2', 'q3']);
    await expect(page.getByTestId('branch-indicator')).toHaveText('1/2');
  } finally {
    await h.close();
  }
});

test('a run that fails mid-answer keeps its text on screen as not saved; it is gone after a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: 'saved answer' });
    await sendMessage(page, 'first');
    await waitForAnswers(page, 1);

    server.enqueue({ text: 'Half of an answer that breaks off here and never', chunkSize: 8, disconnectAfterChunks: 3 });
    await sendMessage(page, 'second');
    await expect(page.getByTestId('answer-interrupted')).toContainText('Answer cut off · not saved');
    const failed = assistantMessages(page).last();
    await expect(failed.getByTestId('message-content')).toHaveText('Half of an answer that b');
    await expect(failed).toHaveAttribute('data-unsaved', 'true');
    await expect(userMessages(page).last()).toHaveAttribute('data-unsaved', 'true');
    await expect(page.getByTestId('composer-input')).toHaveValue('');
    await expect(failed.getByTestId('message-regenerate')).toHaveCount(0);
    console.log(`[screenshot] ${await screenshot(page, 'failed-not-saved-light-en')}`);

    // Setting it aside takes the unsaved text with it, and gives the question back to the input box.
    await page.getByTestId('interrupted-set-aside').click();
    await expect(answerTexts(page)).toHaveText(['saved answer']);
    await expect(page.getByTestId('composer-input')).toHaveValue('second');

    server.enqueue({ text: 'Cut again after a bit', chunkSize: 5, disconnectAfterChunks: 2 });
    await page.getByTestId('send').click();
    await expect(assistantMessages(page).last()).toHaveAttribute('data-unsaved', 'true');
    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(userTexts(h.page)).toHaveText(['first']);
    await expect(answerTexts(h.page)).toHaveText(['saved answer']);
    await expect(h.page.locator('[data-unsaved]')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

for (const [locale, colorScheme, viewport] of [
  ['en-US', 'light', undefined],
  ['zh-CN', 'dark', undefined],
  ['zh-CN', 'light', { width: 420, height: 760 }],
  ['en-US', 'dark', { width: 420, height: 760 }],
] as const) {
  const narrow = viewport !== undefined;
  test(`versions and the edit box in ${locale}, ${colorScheme}${narrow ? ', narrow' : ''}`, async () => {
    const h = await startHarness({ locale, colorScheme, ...(viewport && { viewport }) });
    try {
      const { page, server } = h;
      const zh = locale === 'zh-CN';
      const question = zh
        ? '用一句话解释什么是闭包，并给出一个适合初学者理解的小例子。'
        : 'Explain closures in one sentence, with a small example a beginner can follow.';
      server.enqueue({
        text: zh
          ? '闭包是能记住创建时所在作用域变量的函数。'
          : 'A closure is a function that remembers the variables of the scope it was created in.',
      });
      await sendMessage(page, question);
      await waitForAnswers(page, 1);
      server.enqueue({ text: zh ? '闭包：函数加上它出生时的环境。' : 'A closure: a function plus the environment it was born in.' });
      await assistantMessages(page).first().getByTestId('message-regenerate').click();
      await expect(page.getByTestId('branch-indicator')).toHaveText('2/2');
      await expect(page.getByTestId('branch-prev')).toHaveAccessibleName(zh ? '上一个版本' : 'Previous version');
      await page.getByTestId('send').waitFor({ state: 'visible' });
      const tag = `${colorScheme}-${zh ? 'zh' : 'en'}${narrow ? '-narrow' : ''}`;
      console.log(`[screenshot] ${await screenshot(page, `versions-${tag}`)}`);

      const user = userMessages(page).first();
      await user.hover();
      await user.getByTestId('message-edit').click();
      await expect(page.getByTestId('message-edit-save')).toHaveText(zh ? '发送' : 'Send');
      await expect(page.getByTestId('message-edit-input')).toHaveAccessibleName(zh ? '编辑你的消息' : 'Edit your message');
      console.log(`[screenshot] ${await screenshot(page, `edit-box-${tag}`)}`);
    } finally {
      await h.close();
    }
  });
}
