// A document on a sent message: its chip says pages and tokens, and a chunked one says which pages went, in both
// languages; a document sent whole says nothing more.
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AttachmentPart } from '../../src/shared/attachments';
import { MessageRow } from '../../src/renderer/src/chat/MessageRow';
import { LocaleContext } from '../../src/renderer/src/i18n';
import { createFakeApi } from './fake-api';
import { renderApp } from './harness';

beforeEach(async () => {
  await renderApp(createFakeApi());
});

const doc = (name: string, sha: string, sent: NonNullable<AttachmentPart['document']>['sent']): AttachmentPart => ({
  type: 'attachment',
  kind: 'document',
  sha256: sha.repeat(64),
  mimeType: 'application/octet-stream',
  name,
  size: 90_000,
  document: { kind: 'pdf', pages: 80, parts: 80, tokens: 52_300, ...(sent && { sent }) },
});

function showMessage(locale: 'en' | 'zh-CN', parts: AttachmentPart[]) {
  return render(
    <LocaleContext.Provider value={locale}>
      <MessageRow
        message={{ role: 'user', content: [{ type: 'text', text: 'warranty?' }, ...parts], timestamp: 1 }}
        index={0}
        streaming={false}
      />
    </LocaleContext.Provider>,
  );
}

describe('a document in a user message', () => {
  for (const [locale, chip, note] of [
    ['en', 'big.pdf80 pages · 52.3k tokens', 'pages 3, 7 sent'],
    ['zh-CN', 'big.pdf80 页 · 52.3k 个词元', '已发送第 3、7 页'],
  ] as const) {
    it(`shows pages, tokens and the pages sent (${locale})`, () => {
      const view = showMessage(locale, [
        doc('big.pdf', 'a', { whole: false, pages: [3, 7], labels: ['Page 3', 'Page 7'] }),
        doc('whole.pdf', 'b', { whole: true, pages: [1, 2], labels: ['Page 1', 'Page 2'] }),
        doc('composer.pdf', 'c', undefined),
      ]);
      const files = view.getAllByTestId('message-file');
      expect(files.map((f) => f.getAttribute('data-kind'))).toEqual(['document', 'document', 'document']);
      expect(files[0]!.textContent).toBe(chip);
      expect(view.getAllByTestId('message-document-sent').map((n) => n.textContent)).toEqual([note]);
    });
  }
});
