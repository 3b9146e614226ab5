// The conversation: failures, stop, steer, reasoning, markdown safety.
import { expect, test } from '@playwright/test';
import {
  answerTexts,
  assistantMessages,
  screenshot,
  sendMessage,
  sentMessages,
  sessionItems,
  startHarness,
  userMessages,
  userTexts,
  waitForAnswers,
} from './helpers.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

test('a failed request shows the banner, saves nothing, restores the text, and the next message works', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ status: 500 });
    await sendMessage(page, 'Will this fail?');
    const banner = page.getByTestId('error-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText('The model service reported an error');
    await expect(page.getByTestId('composer-input')).toHaveValue('Will this fail?');
    await expect(assistantMessages(page)).toHaveCount(0);
    await expect(userMessages(page)).toHaveCount(0);

    await page.getByTestId('send').click();
    await waitForAnswers(page, 1);
    await expect(answerTexts(page)).toHaveText('You said: Will this fail?');
    await expect(banner).toHaveCount(0);
    // The failed turn never reaches the model again.
    expect(sentMessages(server, 1).filter((m) => m.role === 'user')).toEqual([{ role: 'user', content: 'Will this fail?' }]);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(userTexts(h.page)).toHaveText(['Will this fail?']);
    await expect(assistantMessages(h.page)).toHaveCount(1);
  } finally {
    await h.close();
  }
});

test('Stop keeps the text already shown, marked as stopped, and it survives a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const hold = gate();
    server.enqueue({
      text: 'First part of a long answer that the person stops halfway through.',
      chunkSize: 6,
      gate: hold.promise,
      gateAfterChunks: 3,
    });
    await sendMessage(page, 'Tell me a long story');
    const content = assistantMessages(page).getByTestId('message-content');
    await expect(content).toHaveText('First part of a lo');
    await page.getByTestId('stop').click();
    await expect(page.getByTestId('stop')).toHaveCount(0);
    await expect(content).toHaveText('First part of a lo');
    // The provider's usage never came (it is the stream's last chunk): the counts are estimated, and marked so.
    const meta = assistantMessages(page).getByTestId('message-meta');
    await expect(meta).toHaveText(/^fake-model · ≈\d+ in · ≈\d+ out · /);
    await expect(meta).toHaveAttribute('data-estimated', 'true');
    await screenshot(page, 'stopped-estimated-tokens');
    hold.open();

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(answerTexts(h.page)).toHaveText('First part of a lo');
    await expect(assistantMessages(h.page).getByTestId('message-meta')).toHaveText(/^fake-model · ≈\d+ in · ≈\d+ out · /);

    // The model sees what the person saw, so "go on" continues from there.
    await sendMessage(h.page, 'go on');
    await waitForAnswers(h.page, 2);
    expect(sentMessages(server, 1).slice(1)).toEqual([
      { role: 'user', content: 'Tell me a long story' },
      { role: 'assistant', content: 'First part of a lo' },
      { role: 'user', content: 'go on' },
    ]);
  } finally {
    await h.close();
  }
});

test('Escape stops an answer before any text: nothing is saved and the text comes back', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const hold = gate();
    server.enqueue({ text: 'never shown', gate: hold.promise, gateAfterChunks: 0 });
    await sendMessage(page, 'Stop me early');
    await expect(page.getByTestId('stop')).toBeVisible();
    await server.waitForRequests(1);
    await page.getByTestId('composer-input').press('Escape');
    await expect(page.getByTestId('stop')).toHaveCount(0);
    await expect(page.getByTestId('composer-input')).toHaveValue('Stop me early');
    await expect(assistantMessages(page)).toHaveCount(0);
    hold.open();
  } finally {
    await h.close();
  }
});

test('typing while an answer streams steers it: the next request carries the steering message', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const hold = gate();
    server.enqueue({ text: 'Here is a very long and detailed answer.', chunkSize: 5, gate: hold.promise, gateAfterChunks: 1 });
    server.enqueue({ text: 'Short version.' });
    await sendMessage(page, 'Explain closures');
    await expect(answerTexts(page)).toHaveText('Here ');
    await page.getByTestId('composer-input').fill('Actually, keep it short');
    await page.getByTestId('composer-input').press('Enter');
    await expect(page.getByTestId('queue-list')).toContainText('Actually, keep it short');
    hold.open();
    await waitForAnswers(page, 2);
    await expect(userTexts(page)).toHaveText(['Explain closures', 'Actually, keep it short']);
    expect(sentMessages(server, 1)).toEqual([
      { role: 'system', content: 'You are Tiny Agent, a concise and friendly AI assistant.' },
      { role: 'user', content: 'Explain closures' },
      { role: 'assistant', content: 'Here is a very long and detailed answer.' },
      { role: 'user', content: 'Actually, keep it short' },
    ]);
  } finally {
    await h.close();
  }
});

test('reasoning streams open, apart from the answer, collapses when done, and is restored collapsed after a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const hold = gate();
    server.enqueue({
      reasoning: 'The user greets me; I should greet back.',
      text: 'Hello!',
      chunkSize: 4,
      gate: hold.promise,
      gateAfterChunks: 3,
    });
    await sendMessage(page, 'Hi');
    const reasoning = assistantMessages(page).getByTestId('message-reasoning');
    const toggle = reasoning.getByRole('button');
    await expect(reasoning).toContainText('The user gre');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    hold.open();
    await waitForAnswers(page, 1);
    await expect(answerTexts(page)).toHaveText('Hello!');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(reasoning.getByText('The user greets me; I should greet back.')).toBeHidden();

    await h.relaunch();
    await sessionItems(h.page).first().click();
    const restored = assistantMessages(h.page).getByTestId('message-reasoning');
    await expect(restored.getByRole('button')).toHaveAttribute('aria-expanded', 'false');
    await restored.getByRole('button').click();
    await expect(restored.getByText('The user greets me; I should greet back.')).toBeVisible();
    await expect(answerTexts(h.page)).toHaveText('Hello!');
  } finally {
    await h.close();
  }
});

test('markdown is rendered and HTML from the model never executes', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const markdown = [
      '# Title',
      '',
      '- one',
      '- two',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '> quoted',
      '',
      'Inline `code` and a [link](https://example.com/docs).',
      '',
      '```js',
      'const answer = 42;',
      '```',
      '',
      '<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">x</a>',
    ].join('\n');
    server.enqueue({ text: markdown, chunkSize: 7 });
    await sendMessage(page, 'Show me markdown');
    await waitForAnswers(page, 1);
    const content = assistantMessages(page).getByTestId('message-content');
    await expect(content.locator('h1')).toHaveText('Title');
    await expect(content.locator('li')).toHaveText(['one', 'two']);
    await expect(content.locator('table td')).toHaveText(['1', '2']);
    await expect(content.locator('blockquote')).toContainText('quoted');
    await expect(content.locator('pre code')).toContainText('const answer = 42;');
    // Every block's element is a paint layer of its own (chat.css), so a block added below repaints only itself.
    const positions = await content.evaluate((root) =>
      [...root.querySelectorAll(':scope > .md-block > *')].map((block) => `${block.tagName}:${getComputedStyle(block).position}`),
    );
    expect(positions.length).toBeGreaterThanOrEqual(6);
    expect(positions.filter((entry) => !entry.endsWith(':relative'))).toEqual([]);
    expect(await content.locator('script').count()).toBe(0);
    expect(await content.locator('[onerror]').count()).toBe(0);
    expect(await content.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const appUrl = page.url();
    await content.getByRole('link', { name: 'link' }).click();
    await expect.poll(() => h.app.openedExternally).toEqual(['https://example.com/docs']);
    expect(page.url()).toBe(appUrl);
    expect(page.context().pages()).toHaveLength(1);
  } finally {
    await h.close();
  }
});

test('regenerate replaces the last answer in view and in what the model sees, and survives a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    server.enqueue({ text: 'First try.' });
    await sendMessage(page, 'Give me a name');
    await waitForAnswers(page, 1);
    server.enqueue({ text: 'Second try.' });
    await assistantMessages(page).last().getByTestId('message-regenerate').click();
    await expect(answerTexts(page)).toHaveText('Second try.');
    await expect(page.getByTestId('stop')).toHaveCount(0);
    expect(sentMessages(server, 1)).toEqual([
      { role: 'system', content: 'You are Tiny Agent, a concise and friendly AI assistant.' },
      { role: 'user', content: 'Give me a name' },
    ]);
    server.enqueue({ text: 'Noted.' });
    await sendMessage(page, 'Thanks');
    await waitForAnswers(page, 2);
    expect(sentMessages(server, 2).map((m) => m.content)).toEqual([
      'You are Tiny Agent, a concise and friendly AI assistant.',
      'Give me a name',
      'Second try.',
      'Thanks',
    ]);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(answerTexts(h.page)).toHaveText(['Second try.', 'Noted.']);
  } finally {
    await h.close();
  }
});

test('copy puts the raw markdown of an answer on the clipboard', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    server.enqueue({ text: 'Use **bold** and `code`.' });
    await sendMessage(page, 'Format something');
    await waitForAnswers(page, 1);
    await assistantMessages(page).getByTestId('message-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Use **bold** and `code`.');
  } finally {
    await h.close();
  }
});
