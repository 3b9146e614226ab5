// A chat with an attached text file, exported as Markdown and HTML through the real store: the file is in the
// reading copy in full (under its name, fenced), not only named; the picture beside it is named. Main's save dialog
// is scripted, so this runs in Chromium mode.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { makePng } from '../fixtures/images.js';
import { startHarness, waitForAnswers } from './helpers.js';
import { electronBinary } from './launch.js';

const electronReason = 'the Electron app shows the system save dialog, which a spec cannot answer';
test.skip(electronBinary() !== undefined, electronReason);

const NOTES = '# Packing list\n- passport\n- a ``` fence of its own\n';

test('Markdown and HTML exports carry an attached text file in full, under its name', async () => {
  const out = mkdtempSync(join(tmpdir(), 'tiny-agent-export-'));
  const paths = [join(out, 'trip.md'), join(out, 'trip.html')];
  const dialogs: FileDialogs = { chooseSavePath: async () => paths.shift(), chooseOpenPath: async () => undefined };
  const h = await startHarness({ dialogs });
  try {
    const { page } = h;
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'packing.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
      { name: 'map.png', mimeType: 'image/png', buffer: makePng(4, 3, [30, 120, 200]) },
    ]);
    await expect(page.getByTestId('attachment-chip')).toHaveCount(2);
    await page.getByTestId('composer-input').fill('Anything missing?');
    h.server.enqueue({ text: 'A charger.' });
    await page.getByTestId('send').click();
    await waitForAnswers(page, 1);

    await page.getByTestId('session-export').click();
    await page.locator('[data-testid="export-format"][data-format="markdown"]').click();
    await expect(page.getByTestId('status-notice')).toHaveText('Saved “trip.md”.');
    const md = readFileSync(join(out, 'trip.md'), 'utf8');
    expect(md).toContain(
      [
        '## You',
        '',
        'Anything missing?',
        '',
        '**Attachment: packing.md**',
        '',
        '````md',
        '# Packing list',
        '- passport',
        '- a ``` fence of its own',
        '````',
        '',
        '- Attachment: map.png',
        '',
      ].join('\n'),
    );

    await page.getByTestId('session-export').click();
    await page.locator('[data-testid="export-format"][data-format="html"]').click();
    await expect(page.getByTestId('status-notice')).toHaveText('Saved “trip.html”.');
    expect(readFileSync(join(out, 'trip.html'), 'utf8')).toContain(
      '<p class="tool-name">Attachment: packing.md</p><pre><code># Packing list\n- passport\n- a ``` fence of its own</code></pre>',
    );
  } finally {
    await h.close();
  }
});
