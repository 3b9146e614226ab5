// The Markdown export reads like the chat: an attached text file is there in full, under its name, in a fence its
// own backticks cannot close; a picture is named; a text file gone from the data folder is named as missing.
import { describe, expect, it } from 'vitest';
import type { AttachmentPart } from '../../../src/shared/attachments.js';
import type { Message } from '../../../src/shared/messages.js';
import { textAttachmentsOf, type AttachedFiles, type ChatView } from '../../../src/main/transfer/chat-view.js';
import { chatHtml } from '../../../src/main/transfer/html.js';
import { chatMarkdown } from '../../../src/main/transfer/markdown.js';
import { TRANSFER_STRINGS } from '../../../src/main/transfer/strings.js';

const part = (name: string, kind: 'text' | 'image', sha256: string): AttachmentPart => ({
  type: 'attachment',
  kind,
  sha256,
  mimeType: kind === 'text' ? 'text/plain' : 'image/png',
  name,
  size: 10,
});
const NOTES = part('notes.md', 'text', 'a'.repeat(64));
const INIT = part('__init__.py', 'text', 'b'.repeat(64));
const CHART = part('chart.png', 'image', 'c'.repeat(64));
const GONE = part('gone.csv', 'text', 'd'.repeat(64));

const view = (...content: Array<{ type: 'text'; text: string } | AttachmentPart>): ChatView => ({
  title: 'Notes',
  model: 'fake-model',
  createdAt: 0,
  items: [{ message: { role: 'user', content, timestamp: 1 } as Message, version: 1, versions: 1 }],
});
const files = (entries: Record<string, string>): AttachedFiles =>
  new Map(Object.entries(entries).map(([sha, text]) => [sha, { mimeType: 'text/plain', bytes: new TextEncoder().encode(text) }]));
/** The user message's block: between the first rule after the heading and the next. */
const userBlock = (md: string) => md.split('\n---\n')[1]!;

describe('Markdown export of attachments', () => {
  it('a text file in full under its name, fenced past its own backticks; then the picture named', () => {
    const notes = '# To do\r\n- write ```tests```\r\n- ship\r\n';
    const chat = view({ type: 'text', text: 'Summarise these.' }, NOTES, CHART);
    const md = chatMarkdown(chat, TRANSFER_STRINGS.en, new Date(0), files({ [NOTES.sha256]: notes }));
    expect(userBlock(md)).toBe(
      [
        '',
        '## You',
        '',
        'Summarise these.',
        '',
        '**Attachment: notes.md**',
        '',
        '````md',
        '# To do',
        '- write ```tests```',
        '- ship',
        '````',
        '',
        '- Attachment: chart.png',
        '',
      ].join('\n'),
    );
  });

  it('a name with Markdown in it is written as it is; a file no longer stored is named as missing, in Chinese too', () => {
    const chat = view(INIT, GONE);
    const en = chatMarkdown(chat, TRANSFER_STRINGS.en, new Date(0), files({ [INIT.sha256]: 'VERSION = 1\n' }));
    expect(userBlock(en)).toBe(
      [
        '',
        '## You',
        '',
        '**Attachment: \\_\\_init\\_\\_.py**',
        '',
        '```py',
        'VERSION = 1',
        '```',
        '',
        '- Attachment: gone.csv (the file is no longer in the data folder)',
        '',
      ].join('\n'),
    );
    const zh = chatMarkdown(view(GONE), TRANSFER_STRINGS['zh-CN'], new Date(0));
    expect(userBlock(zh)).toBe(['', '## 你', '', '- 附件：gone.csv（文件已不在数据文件夹中）', ''].join('\n'));
  });

  it('reads only the text files of the shown branch, each once', () => {
    const chat = view(NOTES, CHART, NOTES, GONE);
    expect(textAttachmentsOf(chat).map((p) => p.name)).toEqual(['notes.md', 'gone.csv']);
  });

  it('the HTML export shows the same file in full, escaped', () => {
    const html = chatHtml(view(NOTES), TRANSFER_STRINGS.en, new Date(0), 'en', files({ [NOTES.sha256]: '<b>bold</b> & more\n' }));
    expect(html).toContain(
      '<div class="tool"><p class="tool-name">Attachment: notes.md</p><pre><code>&lt;b&gt;bold&lt;/b&gt; &amp; more</code></pre></div>',
    );
  });
});
