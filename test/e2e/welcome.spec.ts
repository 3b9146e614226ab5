// First run end to end: an empty data folder and no environment variables give the welcome panel; Send sends nothing
// and creates nothing; a fake "local Ollama" on 127.0.0.1 is offered; after setup the first message streams. Also a
// key checked by a real connection test, the panel in both themes, both languages and a narrow window, and
// Help › Keyboard shortcuts from the application menu.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { closedPort } from '../fixtures/closed-port.js';
import { startFakeOpenAI } from '../fixtures/fake-openai.js';
import { screenshot, sessionItems, startHarness, waitForAnswerText } from './helpers.js';
import { launchApp } from './launch.js';

/** Chat files in the data folder. */
const chatFiles = (dataDir: string) => readdirSync(dataDir, { recursive: true }).filter((name) => String(name).endsWith('.jsonl'));

async function setUpWith(page: Page, apply: () => Promise<void>): Promise<void> {
  await apply();
  await page.getByTestId('welcome-done').click();
  await expect(page.getByTestId('welcome')).toHaveCount(0);
}

test('no provider: the welcome panel; Send creates nothing; a local Ollama is offered; after setup the first message streams', async () => {
  const ollama = await startFakeOpenAI({ models: ['llama3.1:8b', 'qwen2.5:7b'] });
  const app = await launchApp({ env: {}, localServerPorts: { ollama: ollama.port, lmstudio: await closedPort() } });
  try {
    test.skip(app.mode === 'electron', 'Electron mode probes the real ports 11434 and 1234; the fake local server runs in Chromium mode');
    const { page } = app;
    const welcome = page.getByTestId('welcome');
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole('heading', { name: 'Welcome to Tiny Agent' })).toBeVisible();

    const composer = page.getByTestId('composer-input');
    await composer.fill('Hello, local model');
    await page.getByTestId('send').click();
    await expect(page.getByTestId('welcome-unsent')).toBeVisible();
    await expect(composer).toHaveValue('Hello, local model');
    expect(ollama.chatRequests).toHaveLength(0);
    await expect(sessionItems(page)).toHaveCount(0);
    expect(chatFiles(app.dataDir)).toEqual([]);

    const offered = page.getByTestId('welcome-local-server');
    await expect(offered).toHaveAttribute('data-preset', 'ollama');
    await expect(offered).toContainText('Ollama is running, with 2 models. No API key needed.');
    await screenshot(page, 'welcome-light-en-local');
    await setUpWith(page, async () => {
      await offered.getByRole('button', { name: 'Use Ollama' }).click();
      await page.getByTestId('welcome-model').selectOption('qwen2.5:7b');
      await page.getByTestId('welcome-test').click();
      await expect(page.getByTestId('welcome-test-result')).toHaveAttribute('data-ok', 'true');
      await expect(page.getByTestId('welcome-test-result')).toContainText('Connected');
    });

    ollama.enqueue({ text: 'Hello from your own computer.', chunkSize: 4 });
    await page.getByTestId('send').click();
    await waitForAnswerText(page, 'Hello from your own computer.');
    await expect(sessionItems(page)).toHaveCount(1);
    expect(ollama.chatRequests).toHaveLength(1);
    expect(ollama.chatRequests[0]!.body.model).toBe('qwen2.5:7b');
    expect(chatFiles(app.dataDir)).toHaveLength(1);
  } finally {
    await app.close();
    await ollama.close();
  }
});

test('a first send to a server that is down leaves no chat behind; the text waits in the composer, and Retry sends it once the server is up', async () => {
  const port = await closedPort();
  const app = await launchApp({
    env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'fake-model' },
  });
  let server: Awaited<ReturnType<typeof startFakeOpenAI>> | undefined;
  try {
    const { page } = app;
    await page.getByTestId('composer-input').fill('Are you there?');
    await page.getByTestId('send').click();
    await expect(page.getByTestId('error-banner')).toHaveAttribute('data-code', 'unreachable');
    await expect(page.getByTestId('composer-input')).toHaveValue('Are you there?');
    await expect(sessionItems(page)).toHaveCount(0);
    await expect.poll(() => chatFiles(app.dataDir)).toEqual([]);

    server = await startFakeOpenAI({ port });
    server.enqueue({ text: 'Here now.' });
    await page.getByTestId('error-retry').click();
    await waitForAnswerText(page, 'Here now.');
    await expect(sessionItems(page)).toHaveCount(1);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    expect(chatFiles(app.dataDir)).toHaveLength(1);
  } finally {
    await app.close();
    await server?.close();
  }
});

test('a key is checked by a real connection test before it is saved, and never shown again', async () => {
  const server = await startFakeOpenAI({ apiKey: 'sk-right-0123456789' });
  const app = await launchApp({ env: {}, localServerPorts: { ollama: await closedPort(), lmstudio: await closedPort() } });
  try {
    const { page } = app;
    await expect(page.getByTestId('welcome-local')).toContainText('Neither Ollama nor LM Studio is running.');
    await page.getByTestId('welcome-preset').selectOption('custom');
    await page.getByTestId('welcome-base-url').fill(server.url);
    await page.getByTestId('welcome-key').fill('sk-wrong');
    await page.getByTestId('welcome-test').click();
    const result = page.getByTestId('welcome-test-result');
    await expect(result).toHaveAttribute('data-ok', 'false');
    await expect(result).toContainText('API key');

    await setUpWith(page, async () => {
      await page.getByTestId('welcome-key').fill('sk-right-0123456789');
      await page.getByTestId('welcome-test').click();
      await expect(result).toHaveAttribute('data-ok', 'true');
      await page.getByTestId('welcome-model').selectOption('fake-model');
    });
    expect(await page.content()).not.toContain('sk-right-0123456789');

    server.enqueue({ text: 'The key works.' });
    await page.getByTestId('composer-input').fill('Does it work?');
    await page.getByTestId('send').click();
    await waitForAnswerText(page, 'The key works.');
    expect(server.chatRequests[0]!.headers.authorization).toBe('Bearer sk-right-0123456789');
  } finally {
    await app.close();
    await server.close();
  }
});

for (const [colorScheme, locale, width, title] of [
  ['light', 'en-US', 1100, 'Welcome to Tiny Agent'],
  ['dark', 'zh-CN', 1100, '欢迎使用 Tiny Agent'],
  ['dark', 'en-US', 400, 'Welcome to Tiny Agent'],
  ['light', 'zh-CN', 400, '欢迎使用 Tiny Agent'],
] as const) {
  test(`the welcome panel reads well: ${colorScheme}, ${locale}, ${width}px`, async () => {
    const app = await launchApp({
      env: {},
      locale,
      colorScheme,
      viewport: { width, height: 760 },
      localServerPorts: { ollama: await closedPort(), lmstudio: await closedPort() },
    });
    try {
      const welcome = app.page.getByTestId('welcome');
      await expect(welcome.getByRole('heading', { name: title })).toBeVisible();
      const local = app.page.getByTestId('welcome-local');
      await expect(local).not.toContainText(locale === 'zh-CN' ? '正在查找' : 'Looking');
      // The heading says where; the line under it does not say it again.
      const where = locale === 'zh-CN' ? '本机' : 'on this computer';
      expect((await local.innerText()).toLowerCase().split(where).length - 1).toBe(1);
      // Nothing of the panel runs off the window's right edge.
      const box = (await welcome.locator('.welcome-card').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(app.page, `welcome-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);
      // Further down, the one question about updates, clear of the buttons held at the bottom.
      await app.page.getByTestId('welcome').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(await inViewUncovered(app.page, 'welcome-updates')).toEqual({ inside: true, reached: true });
      await screenshot(app.page, `welcome-updates-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);
    } finally {
      await app.close();
    }
  });
}

/** Whether `testId` is wholly inside the welcome panel's visible area and is what a click at its centre reaches. */
function inViewUncovered(page: Page, testId: string) {
  return page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`)!;
    const box = el.getBoundingClientRect();
    const view = document.querySelector('[data-testid="welcome"]')!.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      inside: box.top >= view.top && box.bottom <= view.bottom && box.left >= view.left && box.right <= view.right,
      reached: hit !== null && el.contains(hit),
    };
  }, testId);
}

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1180],
  ['dark', 'zh-CN', 420],
] as const) {
  test(`with the unsent note, "Start chatting" stays in view above the composer; "Use Ollama" takes the server's first model: ${locale}, ${width}×800`, async () => {
    const zh = locale === 'zh-CN';
    // Listed as Ollama lists them (used last first), not by name.
    const ollama = await startFakeOpenAI({ models: ['qwen2.5:7b', 'llama3.1:8b', 'deepseek-r1:8b'] });
    const app = await launchApp({
      env: {},
      locale,
      colorScheme,
      viewport: { width, height: 800 },
      localServerPorts: { ollama: ollama.port, lmstudio: await closedPort() },
    });
    try {
      test.skip(app.mode === 'electron', 'Electron mode probes the real ports; the fake local server runs in Chromium mode');
      const { page } = app;
      await page.getByTestId('composer-input').fill(zh ? '你好' : 'Hello');
      await page.getByTestId('send').click();
      await expect(page.getByTestId('welcome-unsent')).toBeVisible();
      const offered = page.getByTestId('welcome-local-server');
      await expect(offered).toHaveText(
        zh ? /^Ollama 正在运行，有 3 个模型，无需 API 密钥。/ : /^Ollama is running, with 3 models\. No API key needed\./,
      );
      await offered.getByRole('button', { name: zh ? '使用 Ollama' : 'Use Ollama' }).click();
      await expect(page.getByTestId('welcome-model')).toHaveValue('qwen2.5:7b');
      expect(await page.getByTestId('welcome-model').locator('option').allTextContents()).toEqual([
        'qwen2.5:7b',
        'llama3.1:8b',
        'deepseek-r1:8b',
      ]);

      // The panel scrolls under its buttons: they are on screen and nothing (the composer) lies over them.
      expect(await inViewUncovered(page, 'welcome-done')).toEqual({ inside: true, reached: true });
      expect(await inViewUncovered(page, 'welcome-later')).toEqual({ inside: true, reached: true });
      await screenshot(page, `welcome-unsent-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);
      // Scrolled to its end, the model field is clear of them too.
      await page.getByTestId('welcome').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(await inViewUncovered(page, 'welcome-model')).toEqual({ inside: true, reached: true });

      // The header's title is whole while the panel shows, down to 360 px.
      for (const narrow of [420, 360]) {
        await page.setViewportSize({ width: narrow, height: 800 });
        // The layout a narrow window asks for (the sidebar a drawer, closed) before the title is measured.
        await expect(page.locator('.app.narrow')).toHaveCount(1);
        const title = await page
          .getByTestId('session-title')
          .evaluate((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth }));
        expect(title, `${narrow}px`).toEqual({ text: zh ? '新对话' : 'New chat', cut: false });
      }
      await page.setViewportSize({ width, height: 800 });

      ollama.enqueue({ text: zh ? '你好！' : 'Hi!' });
      await page.getByTestId('welcome-done').click();
      await expect(page.getByTestId('welcome')).toHaveCount(0);
      await page.getByTestId('send').click();
      await waitForAnswerText(page, zh ? '你好！' : 'Hi!');
      expect(ollama.chatRequests[0]!.body.model).toBe('qwen2.5:7b');
    } finally {
      await app.close();
      await ollama.close();
    }
  });
}

test('Help › Keyboard shortcuts in the application menu opens the shortcut sheet', async () => {
  const h = await startHarness();
  try {
    await expect(h.page.getByTestId('composer-input')).toBeVisible();
    await h.app.menuCommand('shortcuts');
    await expect(h.page.getByTestId('shortcut-help')).toBeVisible();
    await expect(h.page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  } finally {
    await h.close();
  }
});

test('the welcome panel opens again from Settings once a provider works', async () => {
  const h = await startHarness();
  try {
    const { page } = h;
    await expect(page.getByTestId('welcome')).toHaveCount(0);
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-open-welcome').click();
    await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.getByTestId('welcome-later').click();
    await expect(page.getByTestId('welcome')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

/** `updates.enabled` as desktop.json holds it; undefined while the file is not written. */
function updatesChosen(dataDir: string): unknown {
  const file = join(dataDir, 'desktop.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { updates: { enabled: unknown } }).updates.enabled : undefined;
}

test('the welcome panel asks once about updates: the answer is written to desktop.json and the question does not come back', async () => {
  const ports = { ollama: await closedPort(), lmstudio: await closedPort() };
  const first = await launchApp({ env: {}, localServerPorts: ports });
  const dataDir = first.dataDir;
  try {
    const question = first.page.getByTestId('welcome-updates');
    await expect(question).toContainText('that request is all it sends');
    await question.getByRole('radio', { name: 'Look for updates', exact: true }).check();
    await expect.poll(() => updatesChosen(dataDir)).toBe(true);
    // Changed on the panel before it closes: the last answer is the one kept.
    await question.getByRole('radio', { name: 'Do not look for updates' }).check();
    await expect.poll(() => updatesChosen(dataDir)).toBe(false);
    await expect(question).toBeVisible();
  } finally {
    await first.close();
  }
  const again = await launchApp({ env: {}, dataDir, localServerPorts: ports });
  try {
    await expect(again.page.getByTestId('welcome')).toBeVisible();
    await expect(again.page.getByTestId('welcome-local')).toContainText('Neither Ollama nor LM Studio is running.');
    await expect(again.page.getByTestId('welcome-updates')).toHaveCount(0);
    await again.page.getByTestId('settings-open').click();
    await expect(again.page.getByTestId('updates-enabled')).not.toBeChecked();
  } finally {
    await again.close();
  }
});
