// Compare and fork end to end, against two fake servers: one question to three models streams three columns at once;
// picking the second keeps it as the shown version (‹ n/3 ›, also after a restart) and the next request carries only
// it; Stop stops all three and each keeps what it had; a compare left without a pick comes back after a restart;
// "New chat from here" opens a fork. The compare view captured
// wide (1600) and narrow (420, tabs), in both themes and both languages.
import { expect, test, type Page } from '@playwright/test';
import type { TinyAgentApi } from '../../src/shared/ipc.js';
import { startFakeOpenAI, type FakeOpenAIServer, type FakeRequest } from '../fixtures/fake-openai.js';
import { answerTexts, screenshot, sessionItems, startHarness, TEST_KEY, userTexts, type Harness } from './helpers.js';

const MODELS = ['model-a', 'model-a2', 'model-b'] as const;

/** Two providers on two fake servers (A: model-a and model-a2; B: model-b), then a restart so the window reads them. */
async function threeModels(h: Harness, serverB: FakeOpenAIServer): Promise<void> {
  await h.page.evaluate(
    async ({ a, b, key }) => {
      const api = (window as unknown as { api: TinyAgentApi }).api;
      await api.saveProvider({ name: 'Server A', baseUrl: a, model: 'model-a', models: ['model-a', 'model-a2'], apiKey: key });
      await api.saveProvider({ name: 'Server B', baseUrl: b, model: 'model-b', models: ['model-b'], apiKey: key });
    },
    { a: h.server.url, b: serverB.url, key: TEST_KEY },
  );
  await h.relaunch();
}

/** Both servers answer `answers[model]`, holding after the first word until `gate` opens. */
function answer(servers: FakeOpenAIServer[], answers: Record<string, string>, gate: Promise<unknown>): void {
  const reply = (request: FakeRequest) => ({ text: answers[request.body.model as string] ?? 'unexpected', gate, gateAfterChunks: 1 });
  for (const server of servers) server.setDefaultReply(reply);
}

async function askAll(page: Page, text: string): Promise<void> {
  await page.getByTestId('compare-open').click();
  for (const model of MODELS) await page.locator(`[data-testid="compare-model"][data-model="${model}"]`).click();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('send').click();
}

const column = (page: Page, model: string) => page.locator(`[data-testid="compare-column"][data-model="${model}"]`);

test('three models stream at once; picking the second keeps it (after a restart too) and the next request carries only it', async () => {
  const h = await startHarness({ viewport: { width: 1600, height: 900 } });
  const serverB = await startFakeOpenAI();
  try {
    await threeModels(h, serverB);
    let open!: () => void;
    answer(
      [h.server, serverB],
      { 'model-a': 'Alpha answer here.', 'model-a2': 'Second answer here.', 'model-b': 'Bravo answer here.' },
      new Promise<void>((resolve) => (open = resolve)),
    );
    await askAll(h.page, 'Which answer is best?');
    // Three columns, all streaming at once: each shows its first word while every server holds the rest.
    await expect(h.page.getByTestId('compare-column')).toHaveCount(3);
    for (const model of MODELS) await expect(column(h.page, model).getByTestId('compare-content')).toHaveText(/^(Alpha|Second|Bravo)\s*$/);
    await expect(h.page.locator('[data-testid="compare-column"][data-state="streaming"]')).toHaveCount(3);
    open();
    await expect(h.page.locator('[data-testid="compare-column"][data-state="saved"]')).toHaveCount(3);
    for (const model of MODELS) await expect(column(h.page, model).getByTestId('message-meta')).toContainText(model);
    await expect(h.page.getByTestId('compare-pick')).toHaveCount(3);

    await column(h.page, 'model-a2').getByTestId('compare-pick').click();
    await expect(h.page.getByTestId('compare-column')).toHaveCount(0);
    await expect(answerTexts(h.page)).toHaveText(['Second answer here.']);
    const indicator = h.page.getByTestId('branch-indicator');
    await expect(indicator).toHaveText(/^[123]\/3$/);
    const picked = await indicator.textContent();

    h.server.setDefaultReply({ text: 'Next.' });
    await h.page.getByTestId('composer-input').fill('Why?');
    await h.page.getByTestId('send').click();
    await expect(answerTexts(h.page)).toHaveText(['Second answer here.', 'Next.']);
    const sent = (h.server.chatRequests.at(-1)!.body.messages as { role: string; content: string }[]).slice(1);
    expect(sent).toEqual([
      { role: 'user', content: 'Which answer is best?' },
      { role: 'assistant', content: 'Second answer here.' },
      { role: 'user', content: 'Why?' },
    ]);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(answerTexts(h.page)).toHaveText(['Second answer here.', 'Next.']);
    await expect(h.page.getByTestId('branch-indicator')).toHaveText(picked!);

    // New chat from here, at the picked answer: the fork holds the question and that answer only.
    const first = h.page.locator('[data-testid="message"][data-role="assistant"]').first();
    await first.hover();
    await first.getByTestId('message-fork').click();
    await expect(h.page.getByTestId('session-title')).toContainText('(fork)');
    await expect(userTexts(h.page)).toHaveText(['Which answer is best?']);
    await expect(answerTexts(h.page)).toHaveText(['Second answer here.']);
  } finally {
    await h.close();
    await serverB.close();
  }
});

test('Stop during a compare stops all three, and each keeps what it had shown', async () => {
  const h = await startHarness();
  const serverB = await startFakeOpenAI();
  try {
    await threeModels(h, serverB);
    answer(
      [h.server, serverB],
      { 'model-a': 'Alpha never ends', 'model-a2': 'Second never ends', 'model-b': 'Bravo never ends' },
      new Promise(() => {}),
    );
    await askAll(h.page, 'Go');
    await expect(h.page.locator('[data-testid="compare-column"][data-state="streaming"]')).toHaveCount(3);
    for (const model of MODELS) await expect(column(h.page, model).getByTestId('compare-content')).not.toHaveText(/Waiting|^$/);
    await h.page.getByTestId('stop').click();
    await expect(h.page.locator('[data-testid="compare-column"][data-state="saved"]')).toHaveCount(3);
    await expect(h.page.getByTestId('compare-pick')).toHaveCount(3);
    await expect(h.page.getByTestId('branch-indicator')).toHaveText(/\/3$/);
  } finally {
    await h.close();
    await serverB.close();
  }
});

test('a compare left without a pick comes back after a restart to pick from; the pick ends it', async () => {
  const h = await startHarness({ viewport: { width: 1600, height: 900 } });
  const serverB = await startFakeOpenAI();
  try {
    await threeModels(h, serverB);
    answer([h.server, serverB], { 'model-a': 'Alpha kept.', 'model-a2': 'Second kept.', 'model-b': 'Bravo kept.' }, Promise.resolve());
    await askAll(h.page, 'Pick later?');
    await expect(h.page.locator('[data-testid="compare-column"][data-state="saved"]')).toHaveCount(3);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(h.page.locator('[data-testid="compare-column"][data-state="saved"]')).toHaveCount(3);
    for (const [model, text] of [
      ['model-a', 'Alpha kept.'],
      ['model-a2', 'Second kept.'],
      ['model-b', 'Bravo kept.'],
    ] as const)
      await expect(column(h.page, model).getByTestId('compare-content')).toHaveText(text);
    await expect(h.page.getByTestId('compare-pick')).toHaveCount(3);
    // Its runs are long over: a column is not answered again from here.
    await expect(h.page.getByTestId('compare-regenerate')).toHaveCount(0);

    await column(h.page, 'model-b').getByTestId('compare-pick').click();
    await expect(h.page.getByTestId('compare-column')).toHaveCount(0);
    await expect(answerTexts(h.page)).toHaveText(['Bravo kept.']);
    await h.relaunch();
    await sessionItems(h.page).first().click();
    await expect(answerTexts(h.page)).toHaveText(['Bravo kept.']);
    await expect(h.page.getByTestId('compare-panel')).toHaveCount(0);
  } finally {
    await h.close();
    await serverB.close();
  }
});

for (const [locale, colorScheme, viewport] of [
  ['en-US', 'light', { width: 1600, height: 900 }],
  ['zh-CN', 'dark', { width: 1600, height: 900 }],
  ['zh-CN', 'light', { width: 420, height: 800 }],
  ['en-US', 'dark', { width: 420, height: 800 }],
] as const) {
  const narrow = viewport.width < 700;
  test(`the compare view in ${locale}, ${colorScheme}, ${viewport.width} px`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport });
    const serverB = await startFakeOpenAI();
    try {
      await threeModels(h, serverB);
      const zh = locale === 'zh-CN';
      let open!: () => void;
      answer(
        [h.server, serverB],
        zh
          ? {
              'model-a': '闭包是能记住创建时所在作用域变量的函数。\n\n```js\nconst add = (a) => (b) => a + b;\n```',
              'model-a2': '闭包 = 函数 + 它出生时的环境。内部函数即使在外部函数返回后，仍能访问外部变量。',
              'model-b': '可以把闭包想成一个随身背包：函数走到哪里，都带着定义它时的变量。',
            }
          : {
              'model-a':
                'A closure is a function that remembers the variables of the scope it was created in.\n\n```js\nconst add = (a) => (b) => a + b;\n```',
              'model-a2':
                'Closure = function + the environment it was born in. The inner function still sees outer variables after the outer one returns.',
              'model-b':
                'Think of a closure as a backpack: wherever the function goes, it carries the variables from where it was defined.',
            },
        new Promise<void>((resolve) => (open = resolve)),
      );
      await askAll(h.page, zh ? '用一句话解释什么是闭包。' : 'Explain closures in one sentence.');
      const tag = `${colorScheme}-${zh ? 'zh' : 'en'}-${viewport.width}`;
      await expect(h.page.getByTestId('compare-column')).toHaveCount(narrow ? 1 : 3);
      if (narrow) await expect(h.page.getByTestId('compare-tab')).toHaveCount(3);
      await expect(h.page.getByTestId('compare-stop').first()).toHaveText(zh ? '停止' : 'Stop');
      console.log(`[screenshot] ${await screenshot(h.page, `compare-streaming-${tag}`)}`);
      open();
      await expect(h.page.getByTestId('compare-pick').first()).toHaveText(zh ? '采用这个回答' : 'Use this answer');
      if (narrow) {
        await h.page.locator('[data-testid="compare-tab"][data-model="model-b"]').click();
        await expect(column(h.page, 'model-b')).toHaveCount(1);
      }
      await expect(h.page.getByTestId('message-meta').first()).toBeVisible();
      console.log(`[screenshot] ${await screenshot(h.page, `compare-done-${tag}`)}`);
    } finally {
      await h.close();
      await serverB.close();
    }
  });
}
