// The preview shell the sandboxed frame loads (src/renderer/public/preview.html) carries the preview's policy in its
// meta (all it has under file:// in the app), accepts a document only from the page that framed it, and says ready.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREVIEW_CONTENT_SECURITY_POLICY, PREVIEW_DOCUMENT, PREVIEW_READY } from '../../src/shared/preview-policy.js';

const shell = readFileSync(resolve(import.meta.dirname, '../../src/renderer/public/preview.html'), 'utf8');

describe('the preview shell', () => {
  it('has the preview policy in its head, before its script', () => {
    // However the formatter lays the tag out.
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/>/.exec(shell);
    expect(meta?.[1]).toBe(PREVIEW_CONTENT_SECURITY_POLICY);
    expect(meta!.index).toBeLessThan(shell.indexOf('<script>'));
    expect(meta!.index).toBeLessThan(shell.indexOf('</head>'));
  });

  it('takes a document only from its parent, once, and announces itself with the shared message names', () => {
    expect(shell).toContain(`data.type !== '${PREVIEW_DOCUMENT}'`);
    expect(shell).toContain('event.source !== parent');
    expect(shell).toContain('removeEventListener');
    expect(shell).toContain(`parent.postMessage({ type: '${PREVIEW_READY}' }, '*')`);
  });
});
