// Knowledge bases end to end in real Chromium with the real core: a folder of two files made here becomes a base
// through Settings (main's folder dialog answered by the spec), a chat chooses it, the model's answer cites both files
// as [n] marks whose panel shows the right passage and opens the file; the file edited in the folder is what the next
// request carries. Screenshots of Settings and the citation panel in both themes, both languages, narrow and wide.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { FakeRequest } from '../fixtures/fake-openai.js';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { assistantMessages, screenshot, startHarness, waitForAnswers } from './helpers.js';
import { electronBinary } from './launch.js';

test.skip(electronBinary() !== undefined, 'the Electron app shows the system folder dialog, which a spec cannot answer');

type WireMessage = { role: string; content: string | Array<{ type: string; text?: string }> };
const wireText = (m: WireMessage) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(''));
const lastUserText = (request: FakeRequest) => wireText(request.body.messages.filter((m: WireMessage) => m.role === 'user').at(-1));

/** The number the request gave the passage of `file` ("[2] tea.txt — …"). */
function numberOf(request: FakeRequest, file: string): number {
  const line = lastUserText(request)
    .split('\n')
    .find((l) => new RegExp(`^\\[\\d+\\] ${file.replace('.', '\\.')} — `).test(l));
  if (!line) throw new Error(`no passage of ${file} in the request`);
  return Number(/^\[(\d+)\]/.exec(line)![1]);
}

/** Serious and critical accessibility violations in the parts `selectors` name, one line per offending element. */
async function seriousViolations(page: Page, ...selectors: string[]): Promise<string[]> {
  let axe = new AxeBuilder({ page });
  for (const selector of selectors) axe = axe.include(selector);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

const citations = (page: Page) => assistantMessages(page).last().getByTestId('citation');

for (const [locale, colorScheme, width] of [
  ['en-US', 'light', 1600],
  ['zh-CN', 'dark', 420],
  ['en-US', 'dark', 420],
  ['zh-CN', 'light', 1600],
] as const) {
  const zh = locale === 'zh-CN';
  const tag = `${colorScheme}-${zh ? 'zh' : 'en'}-${width}`;
  test(`a folder's knowledge base answers with two citations; an edited file changes the next request (${tag})`, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tiny-agent-kb-'));
    const volcano = join(folder, 'volcano.md');
    const tea = join(folder, 'tea.txt');
    writeFileSync(
      volcano,
      '# Volcanoes\n\nA volcano erupts when lava rises through the crust.\n\n# Safety\n\nStay away from an eruption zone.',
    );
    writeFileSync(tea, 'Green tea leaves should brew at 80 degrees for two minutes.');
    const dialogs: FileDialogs = {
      chooseSavePath: async () => undefined,
      chooseOpenPath: async () => undefined,
      chooseFolder: async () => folder,
      chooseOpenPaths: async () => undefined,
    };
    const h = await startHarness({ dialogs, locale, colorScheme, viewport: { width, height: 900 } });
    try {
      const { page, server } = h;
      // Settings → Knowledge bases: a new base, filled with the folder from main's dialog, indexed.
      await page.getByTestId('settings-open').click();
      const section = page.getByTestId('settings-knowledge');
      await section.getByTestId('knowledge-add').click();
      const row = section.getByTestId('knowledge-base');
      await expect(row).toHaveCount(1);
      const kbId = (await row.getAttribute('data-kb-id'))!;
      await expect(row.getByTestId('knowledge-path')).toHaveText([folder + (zh ? '移除' : 'Remove')]);
      await expect(row.getByTestId('knowledge-name')).toHaveText(basename(folder));
      await row.getByTestId('knowledge-rename').click();
      await row.getByTestId('knowledge-rename-input').fill(zh ? '笔记' : 'Notes');
      await row.getByTestId('knowledge-rename-input').press('Enter');
      await expect(row.getByTestId('knowledge-name')).toHaveText(zh ? '笔记' : 'Notes');
      await expect(row).toHaveAttribute('data-status', 'ready');
      await expect(row.getByTestId('knowledge-counts')).toHaveText(zh ? '2 个文件 · 3 个段落' : '2 files · 3 passages');
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `knowledge-settings-${tag}`);
      expect(await seriousViolations(page, '[data-testid="settings-knowledge"]')).toEqual([]);
      await page.getByTestId('settings-save').click();

      // The chat chooses the base; the model cites both files by the numbers its request gave them.
      const choice = page.getByTestId('chat-knowledge');
      await choice.getByRole('checkbox', { name: zh ? '笔记' : 'Notes' }).check();
      await expect(choice).toHaveAttribute('data-on', '1');
      const answerFrom = (request: FakeRequest) => ({
        text: `Lava rises through the crust [${numberOf(request, 'volcano.md')}]; green tea brews at 80 degrees [${numberOf(request, 'tea.txt')}].`,
      });
      server.enqueue(answerFrom);
      await page.getByTestId('composer-input').fill(zh ? 'lava 和 green tea 是怎样的？' : 'What about lava and green tea?');
      await page.getByTestId('send').click();
      await waitForAnswers(page, 1);
      const first = server.chatRequests[0]!;
      expect(lastUserText(first)).toContain('Green tea leaves should brew at 80 degrees for two minutes.');
      await expect(citations(page)).toHaveCount(2);
      const lava = String(numberOf(first, 'volcano.md'));
      const green = String(numberOf(first, 'tea.txt'));
      expect(await citations(page).evaluateAll((marks) => marks.map((m) => (m as HTMLElement).dataset.source))).toEqual([lava, green]);

      await screenshot(page, `knowledge-answer-${tag}`);
      const panel = page.getByTestId('citation-panel');
      await citations(page).first().click();
      await expect(panel).toHaveAttribute('data-source', lava);
      await expect(panel.getByTestId('citation-file')).toHaveText('volcano.md');
      await expect(panel.getByTestId('citation-label')).toHaveText('Volcanoes');
      await expect(panel.getByTestId('citation-text')).toContainText('A volcano erupts when lava rises through the crust.');
      await screenshot(page, `knowledge-citation-${tag}`);
      expect(
        await seriousViolations(
          page,
          '[data-testid="citation-panel"]',
          '[data-testid="message-list"]',
          '[data-testid="chat-knowledge"]',
          '.sidebar-foot',
        ),
      ).toEqual([]);
      await panel.getByTestId('citation-open-file').click();
      await expect.poll(() => h.app.openedFiles).toEqual([volcano]);
      if (width < 768) {
        // Over the chat on a narrow window: closed by its button (Escape closes it too, below).
        await panel.getByTestId('citation-close').click();
      } else {
        await page.keyboard.press('Escape');
      }
      await expect(panel).toHaveCount(0);
      await citations(page).nth(1).click();
      await expect(panel).toHaveAttribute('data-source', green);
      await expect(panel.getByTestId('citation-file')).toHaveText('tea.txt');
      await expect(panel.getByTestId('citation-text')).toHaveText('Green tea leaves should brew at 80 degrees for two minutes.');
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      // The file changes in the folder: once main's watcher has read it again, the next request carries the new words.
      writeFileSync(tea, 'Oolong tea is brewed at 95 degrees, several short steeps.');
      const knowledge = h.app.core!.knowledge!;
      const bases = knowledge.basesOf([kbId]);
      await expect.poll(async () => (await knowledge.retrieve(bases, 'oolong', 1))[0]?.text ?? '').toContain('Oolong');
      server.enqueue({ text: `Oolong brews at 95 degrees [1].` });
      await page.getByTestId('composer-input').fill(zh ? 'oolong tea 呢？' : 'And oolong tea?');
      await page.getByTestId('send').click();
      await waitForAnswers(page, 2);
      const second = lastUserText(server.chatRequests[1]!);
      expect(second).toContain('Oolong tea is brewed at 95 degrees, several short steeps.');
      expect(second).not.toContain('80 degrees');
    } finally {
      await h.close();
    }
  });
}
