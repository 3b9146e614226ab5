// Many conversations: the 003 walk-through, rename, delete, and everything surviving a restart.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seededId, seedSession } from '../fixtures/seed-sessions.js';
import { answerTexts, sendMessage, sentMessages, sessionItems, startHarness, userMessages, userTexts, waitForAnswers } from './helpers.js';

const SYSTEM = { role: 'system', content: 'You are Tiny Agent, a concise and friendly AI assistant.' };

test('the second question carries the first turn; a new chat carries none; switching back continues', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: '好的，我记住了：项目代号是极简。' });
    await sendMessage(page, '请记住项目代号是极简');
    await waitForAnswers(page, 1);

    server.enqueue({ text: '刚才的代号是极简。' });
    await sendMessage(page, '刚才的代号是什么？');
    await waitForAnswers(page, 2);
    expect(sentMessages(server, 1)).toEqual([
      SYSTEM,
      { role: 'user', content: '请记住项目代号是极简' },
      { role: 'assistant', content: '好的，我记住了：项目代号是极简。' },
      { role: 'user', content: '刚才的代号是什么？' },
    ]);

    await page.getByTestId('new-session').click();
    await expect(userMessages(page)).toHaveCount(0);
    server.enqueue({ text: '我不知道代号。' });
    await sendMessage(page, '代号是什么？');
    await waitForAnswers(page, 1);
    expect(sentMessages(server, 2)).toEqual([SYSTEM, { role: 'user', content: '代号是什么？' }]);

    await expect(sessionItems(page)).toHaveCount(2);
    const first = sessionItems(page).filter({ hasText: '请记住项目代号是极简' });
    await first.click();
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(userTexts(page)).toHaveText(['请记住项目代号是极简', '刚才的代号是什么？']);
    await expect(answerTexts(page)).toHaveText(['好的，我记住了：项目代号是极简。', '刚才的代号是极简。']);

    server.enqueue({ text: '还是极简。' });
    await sendMessage(page, '再说一遍？');
    await waitForAnswers(page, 3);
    expect(sentMessages(server, 3)).toHaveLength(6);
    expect(sentMessages(server, 3).at(-1)).toEqual({ role: 'user', content: '再说一遍？' });
  } finally {
    await h.close();
  }
});

test('new chat stays a draft: repeated clicks create nothing', async () => {
  const h = await startHarness();
  try {
    const { page } = h;
    for (let i = 0; i < 3; i++) await page.getByTestId('new-session').click();
    await expect(sessionItems(page)).toHaveCount(0);
    await sendMessage(page, 'First message names the chat');
    await waitForAnswers(page, 1);
    await expect(sessionItems(page)).toHaveCount(1);
    await expect(sessionItems(page).first()).toContainText('First message names the chat');
  } finally {
    await h.close();
  }
});

test('rename, delete and restart: sessions and messages survive quitting the app', async () => {
  const h = await startHarness();
  try {
    await sendMessage(h.page, 'Plan a trip to Hangzhou');
    await waitForAnswers(h.page, 1);
    await h.page.getByTestId('new-session').click();
    await sendMessage(h.page, 'Throwaway question');
    await waitForAnswers(h.page, 1);
    await expect(sessionItems(h.page)).toHaveCount(2);

    // Rename: Escape cancels, an empty name is refused, Enter saves.
    const trip = sessionItems(h.page).filter({ hasText: 'Plan a trip to Hangzhou' });
    await trip.hover();
    await trip.getByTestId('session-rename').click();
    await h.page.getByTestId('session-rename-input').fill('Ignored name');
    await h.page.getByTestId('session-rename-input').press('Escape');
    await expect(sessionItems(h.page).filter({ hasText: 'Ignored name' })).toHaveCount(0);
    await trip.hover();
    await trip.getByTestId('session-rename').click();
    await h.page.getByTestId('session-rename-input').fill('   ');
    await h.page.getByTestId('session-rename-input').press('Enter');
    await expect(h.page.getByTestId('session-rename-input')).toBeVisible();
    await h.page.getByTestId('session-rename-input').fill('Hangzhou trip');
    await h.page.getByTestId('session-rename-input').press('Enter');
    await expect(sessionItems(h.page).filter({ hasText: 'Hangzhou trip' })).toHaveCount(1);

    // Delete asks first.
    const throwaway = sessionItems(h.page).filter({ hasText: 'Throwaway question' });
    await throwaway.hover();
    await throwaway.getByTestId('session-delete').click();
    await h.page.getByTestId('confirm-delete').click();
    await expect(sessionItems(h.page)).toHaveCount(1);

    await h.relaunch();
    const { page } = h;
    await expect(sessionItems(page)).toHaveCount(1);
    await expect(sessionItems(page).first()).toContainText('Hangzhou trip');
    await sessionItems(page).first().click();
    await expect(userTexts(page)).toHaveText(['Plan a trip to Hangzhou']);
    await expect(answerTexts(page)).toHaveText('You said: Plan a trip to Hangzhou');

    // Continuing the restored session sends the restored history.
    await sendMessage(page, 'And the budget?');
    await waitForAnswers(page, 2);
    expect(sentMessages(h.server, h.server.chatRequests.length - 1)).toEqual([
      SYSTEM,
      { role: 'user', content: 'Plan a trip to Hangzhou' },
      { role: 'assistant', content: 'You said: Plan a trip to Hangzhou' },
      { role: 'user', content: 'And the budget?' },
    ]);
  } finally {
    await h.close();
  }
});

test('damaged and newer-version session files are listed with a warning, refused clearly, and left untouched', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-damaged-'));
  const good = seedSession(dataDir, { turns: 2, index: 1, name: 'Healthy chat' });
  const damaged = seedSession(dataDir, { turns: 2, index: 2, name: 'Damaged chat' });
  const damagedFile = join(dataDir, 'sessions', `${damaged}.jsonl`);
  const lines = readFileSync(damagedFile, 'utf8').split('\n');
  lines[2] = '{"type":"message", garbage in the middle';
  writeFileSync(damagedFile, lines.join('\n'));
  const newerId = seededId(3);
  const newerFile = join(dataDir, 'sessions', `${newerId}.jsonl`);
  writeFileSync(newerFile, `${JSON.stringify({ type: 'session', version: 9, id: newerId, createdAt: 1, systemPrompt: '', model: 'm' })}\n`);
  const before = { damaged: readFileSync(damagedFile), newer: readFileSync(newerFile) };

  const h = await startHarness({ dataDir });
  try {
    const { page } = h;
    await expect(sessionItems(page)).toHaveCount(3);
    await expect(sessionItems(page).first()).toContainText('Healthy chat');
    await expect(page.getByTestId('session-problem')).toHaveCount(2);

    await page.locator(`[data-session-id="${newerId}"]`).click();
    await expect(page.getByTestId('error-banner')).toContainText('newer version of Tiny Agent');
    await page.locator(`[data-session-id="${damaged}"]`).click();
    await expect(page.getByTestId('error-banner')).toContainText('Could not read or write the chat files');

    await page.locator(`[data-session-id="${good}"]`).click();
    await expect(userTexts(page)).toHaveText(['Question 1 of session 1', 'Question 2 of session 1']);
  } finally {
    await h.close();
  }
  expect(readFileSync(damagedFile)).toEqual(before.damaged);
  expect(readFileSync(newerFile)).toEqual(before.newer);
});

test('quitting while a question waits for its answer keeps the question for the next start', async () => {
  const h = await startHarness();
  try {
    let release!: () => void;
    h.server.enqueue({ text: 'too late', gate: new Promise<void>((resolve) => (release = resolve)), gateAfterChunks: 0 });
    await sendMessage(h.page, 'A question I do not want to type again');
    await h.server.waitForRequests(1);
    await h.relaunch();
    release();
    await sessionItems(h.page).first().click();
    await expect(h.page.getByTestId('composer-input')).toHaveValue('A question I do not want to type again');
    await h.page.getByTestId('send').click();
    await expect(answerTexts(h.page)).toHaveText('You said: A question I do not want to type again');
  } finally {
    await h.close();
  }
});
