// Documents end to end in real Chromium: a PDF made here is attached with the attach button, its chip says how many
// pages and tokens it has, a question about page 3 carries page 3's text to the model, the answer's citation opens page
// 3's passage (and the document, with the system's viewer), and a protected PDF is refused in words; screenshots in
// both themes, both languages, narrow and wide.
import { expect, test, type Page } from '@playwright/test';
import { makePdf, makeProtectedPdf } from '../fixtures/documents.js';
import { assistantMessages, screenshot, startHarness, userMessages, waitForAnswers } from './helpers.js';

const chips = (page: Page) => page.getByTestId('attachment-chip');

function lastUserText(messages: Array<{ role: string; content: unknown }>): string {
  const content = messages.at(-1)!.content as string | Array<{ type: string; text?: string }>;
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

const PAGES = [
  'Welcome to the Heron kettle manual.',
  'Filling: use cold water up to the MAX line.',
  'Warranty: the heating plate is covered for 36 months.',
  'Cleaning: descale every four weeks with citric acid.',
];

for (const [locale, colorScheme, width] of [
  ['en-US', 'light', 1600],
  ['zh-CN', 'dark', 420],
  ['en-US', 'dark', 420],
  ['zh-CN', 'light', 1600],
] as const) {
  const zh = locale === 'zh-CN';
  test(`a PDF's page 3 reaches the model; a protected PDF is refused (${locale}, ${colorScheme}, ${width} px)`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport: { width, height: 800 } });
    try {
      const { page, server } = h;
      const input = page.locator('input[type="file"]');
      await input.setInputFiles([
        { name: 'kettle.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makePdf(PAGES)) },
        { name: 'locked.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makeProtectedPdf()) },
      ]);
      // Reading is real work in the document worker (its first start loads the PDF library): allow a busy machine.
      await expect(chips(page)).toHaveCount(1, { timeout: 30_000 });
      const chip = chips(page).first();
      await expect(chip).toHaveAttribute('data-kind', 'document');
      await expect(chip).toHaveAttribute('data-pages', '4', { timeout: 30_000 });
      await expect(chip).toContainText('kettle.pdf');
      await expect(chip).toContainText(zh ? /4 页 · \d+ 个词元/ : /4 pages · \d+ tokens/);
      await expect(page.getByTestId('attachment-refusals').locator('li')).toHaveText([
        zh ? '“locked.pdf”：受密码保护：未读取。' : '“locked.pdf”: protected: not read (it needs a password).',
      ]);
      await page.getByTestId('composer-input').fill(zh ? '第 3 页说保修多久？' : 'How long is the warranty on page 3?');
      await screenshot(page, `documents-composer-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);
      server.enqueue({ text: zh ? '加热盘保修 36 个月 [3]。' : 'The heating plate is covered for 36 months [3].' });
      await page.getByTestId('send').click();
      await waitForAnswers(page, 1);

      const sent = lastUserText(server.chatRequests[0]!.body.messages);
      expect(sent).toContain('[3] Page 3\nWarranty: the heating plate is covered for 36 months.');
      expect(sent.split('\n')[0]).toBe('Document: kettle.pdf — cite the parts you use by their numbers, like [1]');
      expect(sent).not.toContain('locked.pdf');
      const sentChip = userMessages(page).getByTestId('message-file');
      await expect(sentChip).toContainText('kettle.pdf');
      await expect(sentChip).toContainText(zh ? /4 页 · \d+ 个词元/ : /4 pages · \d+ tokens/);
      // Sent whole: no note of which pages went.
      await expect(userMessages(page).getByTestId('message-document-sent')).toHaveCount(0);
      await screenshot(page, `documents-message-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);

      // The answer's [3] is page 3 of the attached PDF: its mark opens that passage.
      const mark = assistantMessages(page).last().getByTestId('citation');
      await expect(mark).toHaveCount(1);
      await expect(mark).toHaveAttribute('data-source', '3');
      await expect(mark).toHaveAttribute('aria-label', zh ? '来源 3：kettle.pdf，第 3 页' : 'Source 3: kettle.pdf, page 3');
      await mark.click();
      const panel = page.getByTestId('citation-panel');
      await expect(panel).toHaveAttribute('data-source', '3');
      await expect(panel.getByTestId('citation-file')).toHaveText('kettle.pdf');
      await expect(panel.getByTestId('citation-label')).toHaveText(zh ? '第 3 页' : 'Page 3');
      await expect(panel.getByTestId('citation-text')).toHaveText('Warranty: the heating plate is covered for 36 months.');
      await expect(panel).toContainText(zh ? '附加在此对话中' : 'Attached to this chat');
      await screenshot(page, `documents-citation-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);
      await panel.getByTestId('citation-open-file').click();
      await expect.poll(() => h.app.openedFiles.map((file) => file.split(/[\\/]/).pop())).toEqual(['kettle.pdf']);
      await panel.getByTestId('citation-close').click();
      await expect(panel).toHaveCount(0);

      // A long document shows how far it has been read while it is added: main's answer is held, its page reports are not.
      const release = h.app.holdAnswers('attachments:add');
      test.skip(release === null, 'Electron mode cannot hold an answer');
      const long = await makePdf(Array.from({ length: 60 }, (_, i) => `Page ${i + 1} of the service log.`));
      await input.setInputFiles([{ name: 'service-log.pdf', mimeType: 'application/pdf', buffer: Buffer.from(long) }]);
      const reading = page.getByTestId('attachment-reading');
      await expect(reading).toHaveAttribute('data-done', '60');
      await expect(reading).toHaveText(zh ? 'service-log.pdf正在读取… 60/60 页' : 'service-log.pdfReading… 60/60 pages');
      await expect(reading.locator('progress')).toHaveAttribute('max', '60');
      await screenshot(page, `documents-reading-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);
      release!();
      await expect(reading).toHaveCount(0);
      await expect(chips(page)).toHaveAttribute('data-pages', '60');
    } finally {
      await h.close();
    }
  });
}
