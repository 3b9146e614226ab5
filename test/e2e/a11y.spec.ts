// Accessibility: axe-core on every main view — the main screen, Settings, a chat with messages, the delete dialog and
// the welcome panel — in the light and the dark theme. No serious or critical violation is allowed.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { closedPort } from '../fixtures/closed-port.js';
import { sendMessage, sessionItems, startHarness, waitForAnswerText } from './helpers.js';
import { launchApp } from './launch.js';

/** Serious and critical violations on the page as it is now, one readable line per offending element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    );
}

const ANSWER = [
  '## Steps',
  '',
  '1. Install it with `npm install`.',
  '2. Read [the guide](https://example.com/guide).',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  '| name | value |',
  '| --- | --- |',
  '| a | 1 |',
].join('\n');

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical violation on the main screen, a chat, Settings and the delete dialog (${colorScheme})`, async () => {
    const h = await startHarness({ colorScheme });
    try {
      const { page, server } = h;
      await expect(page.getByTestId('composer-input')).toBeVisible();
      expect(await seriousViolations(page), 'main screen').toEqual([]);

      server.enqueue({ text: ANSWER, reasoning: 'First the install, then the guide.' });
      await sendMessage(page, 'How do I start?');
      await waitForAnswerText(page, /Install it with/);
      expect(await seriousViolations(page), 'a chat with messages').toEqual([]);

      await page.getByTestId('settings-open').click();
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
      expect(await seriousViolations(page), 'settings').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await sessionItems(page).first().hover();
      await sessionItems(page).first().getByTestId('session-delete').click();
      await expect(page.getByTestId('confirm-delete')).toBeVisible();
      expect(await seriousViolations(page), 'delete dialog').toEqual([]);
    } finally {
      await h.close();
    }
  });

  test(`no serious or critical violation on the welcome panel (${colorScheme})`, async () => {
    const app = await launchApp({ env: {}, colorScheme, localServerPorts: { ollama: await closedPort(), lmstudio: await closedPort() } });
    try {
      await expect(app.page.getByTestId('welcome-local')).toContainText('Neither Ollama nor LM Studio');
      expect(await seriousViolations(app.page), 'welcome panel').toEqual([]);
    } finally {
      await app.close();
    }
  });
}
