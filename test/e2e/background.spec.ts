// Two conversations at once: one keeps answering in the background while the person chats in another.
import { expect, test } from '@playwright/test';
import { answerTexts, sendMessage, sessionItems, startHarness, userTexts, waitForAnswers } from './helpers.js';

test('a session keeps streaming in the background, shows an indicator, and is complete when reopened', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    server.enqueue({
      text: 'A long answer that keeps arriving in the background while you do other things.',
      chunkSize: 6,
      gate: hold,
      gateAfterChunks: 2,
    });
    await sendMessage(page, 'Write something long');
    await expect(answerTexts(page)).toHaveText('A long answe');

    await page.getByTestId('new-session').click();
    server.enqueue({ text: 'Quick answer.' });
    await sendMessage(page, 'Quick question');
    await waitForAnswers(page, 1);
    await expect(answerTexts(page)).toHaveText('Quick answer.');

    const background = sessionItems(page).filter({ hasText: 'Write something long' });
    await expect(background.getByTestId('session-streaming')).toBeVisible();
    release();
    await expect(background.getByTestId('session-streaming')).toHaveCount(0);

    await background.click();
    await expect(userTexts(page)).toHaveText(['Write something long']);
    await expect(answerTexts(page)).toHaveText('A long answer that keeps arriving in the background while you do other things.');
    await expect(page.getByTestId('stop')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

test('switching to a session while it streams catches up and follows the rest of the answer', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: 'first answer' });
    await sendMessage(page, 'First chat');
    await waitForAnswers(page, 1);
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    server.enqueue({ text: 'streamed while away and then finished', chunkSize: 5, gate: hold, gateAfterChunks: 3 });
    await sendMessage(page, 'Second question');
    await expect(answerTexts(page).last()).toHaveText('streamed while');

    await page.getByTestId('new-session').click();
    await expect(userTexts(page)).toHaveCount(0);
    await sessionItems(page).filter({ hasText: 'First chat' }).click();
    await expect(answerTexts(page).last()).toHaveText('streamed while');
    await expect(page.getByTestId('stop')).toBeVisible();
    release();
    await expect(answerTexts(page).last()).toHaveText('streamed while away and then finished');
    await expect(page.getByTestId('stop')).toHaveCount(0);
  } finally {
    await h.close();
  }
});
