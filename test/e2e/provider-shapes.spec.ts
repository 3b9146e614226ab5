// What providers really send, as the person sees it: <think> blocks shown as reasoning (not as answer text),
// Mistral content parts, an answer without a finish reason kept, and a refusal shown as the answer with a mark —
// in both languages and both themes, and after a restart.
import { expect, test } from '@playwright/test';
import {
  answerTexts,
  assistantMessages,
  screenshot,
  sendMessage,
  sentMessages,
  sessionItems,
  startHarness,
  waitForAnswers,
} from './helpers.js';

test('<think> blocks show as reasoning, the answer stays clean, and the model never gets them back', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({
      reasoningAs: 'think-tags',
      reasoning: 'The person wants a sum. 2 + 2 = 4.',
      text: 'The answer is **4**.',
      chunkSize: 5,
    });
    await sendMessage(page, 'What is 2 + 2?');
    await waitForAnswers(page, 1);
    await expect(answerTexts(page)).toHaveText('The answer is 4.');
    const reasoning = assistantMessages(page).getByTestId('message-reasoning');
    await expect(reasoning).toHaveCount(1);
    await reasoning.getByRole('button').click();
    await expect(reasoning).toContainText('The person wants a sum. 2 + 2 = 4.');
    await expect(assistantMessages(page)).not.toContainText('<think>');

    server.enqueue({ reasoningAs: 'content-parts', reasoning: 'Multiply.', text: '391', chunkSize: 2 });
    await sendMessage(page, 'And 17 × 23?');
    await waitForAnswers(page, 2);
    await expect(answerTexts(page).last()).toHaveText('391');
    expect(sentMessages(server, 1)).toContainEqual({ role: 'assistant', content: 'The answer is **4**.' });
    expect(server.chatRequests[1]!.rawBody).not.toContain('think');
  } finally {
    await h.close();
  }
});

test('an answer with [DONE] but no finish reason is kept and survives a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: 'Snowflake style, complete.', finishReason: null });
    await sendMessage(page, 'Answer without a finish reason');
    await waitForAnswers(page, 1);
    await expect(answerTexts(page)).toHaveText('Snowflake style, complete.');
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(answerTexts(h.page)).toHaveText('Snowflake style, complete.');
  } finally {
    await h.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a refusal is shown as the answer with a mark (${locale}, ${colorScheme})`, async () => {
      const h = await startHarness({ locale, colorScheme });
      try {
        const { page, server } = h;
        server.enqueue({ refusal: "I'm sorry, but I can't help with that request." });
        await sendMessage(page, 'Something the model declines');
        await waitForAnswers(page, 1);
        await expect(answerTexts(page)).toHaveText("I'm sorry, but I can't help with that request.");
        const mark = assistantMessages(page).getByTestId('message-refusal');
        await expect(mark).toHaveText(locale === 'zh-CN' ? '已拒绝' : 'Declined');
        await expect(page.getByTestId('error-banner')).toHaveCount(0);
        await screenshot(page, `provider-refusal-${locale}-${colorScheme}`);
        if (locale === 'en-US' && colorScheme === 'light') {
          await h.relaunch();
          await sessionItems(h.page).first().click();
          await expect(assistantMessages(h.page).getByTestId('message-refusal')).toHaveText('Declined');
          await h.page.setViewportSize({ width: 480, height: 720 });
          await screenshot(h.page, 'provider-refusal-narrow');
        }
      } finally {
        await h.close();
      }
    });
  }
}
