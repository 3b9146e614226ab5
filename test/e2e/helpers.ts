// Shared steps of the end-to-end specs: a fake model server, the app pointed at it, and locators by test id.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { launchApp, type LaunchedApp, type LaunchOptions } from './launch.js';

export const TEST_KEY = 'sk-e2e-test-key-7f3a9c2b';
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

export interface Harness {
  server: FakeOpenAIServer;
  app: LaunchedApp;
  page: Page;
  /** Quits and reopens the app on the same data folder. */
  relaunch(opts?: Omit<LaunchOptions, 'dataDir' | 'env'>): Promise<void>;
  close(): Promise<void>;
}

/** Starts a fake model server and the app configured for it through OPENAI_* variables. */
export async function startHarness(opts: Omit<LaunchOptions, 'env'> & { env?: Record<string, string> } = {}): Promise<Harness> {
  const server = await startFakeOpenAI();
  const env = { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: TEST_KEY, OPENAI_MODEL: 'fake-model', ...opts.env };
  const launchOpts = { ...opts, env };
  const harness: Harness = {
    server,
    app: await launchApp(launchOpts),
    get page() {
      return this.app.page;
    },
    async relaunch(more = {}) {
      const dataDir = this.app.dataDir;
      await this.app.close();
      this.app = await launchApp({ ...launchOpts, ...more, dataDir });
    },
    async close() {
      await this.app.close();
      await server.close();
    },
  };
  return harness;
}

export const assistantMessages = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
export const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');
/** The visible texts of user messages, in order. */
export const userTexts = (page: Page) => userMessages(page).getByTestId('message-content');
/** The visible texts of assistant answers, in order. */
export const answerTexts = (page: Page) => assistantMessages(page).getByTestId('message-content');
export const sessionItems = (page: Page) => page.getByTestId('session-item');

/** Types `text` into the composer and sends it with the Send button. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('send').click();
}

/** The last answer on screen (long chats are virtualized: count rows only in short ones). */
export const lastAnswerText = (page: Page) => assistantMessages(page).last().getByTestId('message-content');

/** Waits until the last answer reads `text` and the session is idle again (no Stop button). */
export async function waitForAnswerText(page: Page, text: string | RegExp): Promise<void> {
  await expect(lastAnswerText(page)).toHaveText(text);
  await expect(page.getByTestId('stop')).toHaveCount(0);
}

/** Waits until the open session is idle (no Stop button) and the answer count reached `count` (short chats only). */
export async function waitForAnswers(page: Page, count: number): Promise<void> {
  await expect(assistantMessages(page)).toHaveCount(count);
  await expect(page.getByTestId('stop')).toHaveCount(0);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The texts of the messages the model received in chat request `index`. */
export function sentMessages(server: FakeOpenAIServer, index: number): Array<{ role: string; content: unknown }> {
  const request = server.chatRequests[index];
  if (!request) throw new Error(`no chat request #${index}`);
  return (request.body.messages as Array<{ role: string; content: unknown }>).map(({ role, content }) => ({ role, content }));
}

/** The message row at the top of the chat view and how many pixels of it are above the view. */
export function topOfView(page: Page): Promise<{ text: string; offset: number }> {
  return page.getByTestId('message-list').evaluate((list) => {
    const top = list.getBoundingClientRect().top;
    for (const el of list.querySelectorAll<HTMLElement>('.chat-row')) {
      const box = el.getBoundingClientRect();
      if (box.top <= top && box.bottom > top) {
        return { text: (el.textContent ?? '').trim().slice(0, 40), offset: Math.round(top - box.top) };
      }
    }
    return { text: '', offset: -1 };
  });
}

/** The row at the top of the view once it is loaded and stays the same between two looks. */
export async function settledTopOfView(page: Page): Promise<{ text: string; offset: number }> {
  let last = await topOfView(page);
  await expect
    .poll(async () => {
      const now = await topOfView(page);
      const same = now.text !== '' && now.text === last.text && now.offset === last.offset;
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

/** Scrolls the chat view by a wheel over it, as a person would. */
export async function scrollChat(page: Page, deltaY: number): Promise<void> {
  const box = (await page.getByTestId('message-list').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, deltaY);
}
