// The app's own export of a chat with a document: its user message (kind `document`, its pages, tokens and the pages
// sent) reads back on import; a document field of the wrong shape is refused, not taken in.
import { describe, expect, it } from 'vitest';
import { messageSchema } from '../../../src/main/transfer/import-own.js';
import type { UserMessage } from '../../../src/shared/messages.js';

const withDocument = (document: unknown) => ({
  role: 'user',
  timestamp: 1,
  content: [
    {
      type: 'attachment',
      kind: 'document',
      sha256: 'a'.repeat(64),
      mimeType: 'application/octet-stream',
      name: 'manual.pdf',
      size: 90_000,
      document,
    },
    { type: 'text', text: 'What does the warranty cover?' },
  ],
});

describe('importing an own export with a document', () => {
  it('keeps a document part with its reading and the pages sent', () => {
    const message = withDocument({
      kind: 'pdf',
      pages: 80,
      parts: 80,
      tokens: 52_300,
      sent: { whole: false, pages: [3, 7], labels: ['Page 3', 'Page 7'] },
    });
    const parsed = messageSchema.safeParse(message);
    expect(parsed.success).toBe(true);
    expect(parsed.data as UserMessage).toEqual(message);
  });

  it('refuses a document part whose reading has the wrong shape', () => {
    expect(messageSchema.safeParse(withDocument({ kind: 'pdf', pages: -1, parts: 80, tokens: 1 })).success).toBe(false);
    expect(messageSchema.safeParse(withDocument({ kind: 'floppy', parts: 1, tokens: 1 })).success).toBe(false);
    expect(messageSchema.safeParse(withDocument({ kind: 'pdf', parts: 1, tokens: 1, sent: { whole: 'yes' } })).success).toBe(false);
  });
});
