import { describe, expect, it } from 'vitest';
import { createLogger, redact } from '../../../src/main/log.js';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/security/content-security-policy.js';
import { isSafeExternalUrl } from '../../../src/main/security/external-links.js';
import { secureWebPreferences } from '../../../src/main/window-options.js';

describe('external links', () => {
  it.each([
    ['https://example.com/a?b=c', true],
    ['http://example.com', true],
    ['mailto:someone@example.com', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['tiny-agent://open', false],
    ['//example.com', false],
    ['https://', false],
    ['not a url', false],
    // One rule with the renderer: the text must say `//host`, whatever a URL parser would make of it.
    ['http:javascript:alert(1)', false],
    ['https:javascript:alert(1)', false],
    ['https:evil.example', false],
    ['https:\\\\evil.example', false],
    ['https://java\tscript.example', false],
  ])('%s → %s', (url, allowed) => {
    expect(isSafeExternalUrl(url)).toBe(allowed);
  });
});

describe('log redaction', () => {
  it('removes known keys, key-shaped strings and bearer tokens from every line', () => {
    const lines: string[] = [];
    const log = createLogger(
      () => ['my-custom-key-123'],
      (line) => lines.push(line),
    );
    log.error('request failed', new Error('401 for key my-custom-key-123 and sk-abcdefghijklmnop, Authorization: Bearer xyz987'));
    log.info('using my-custom-key-123');
    const all = lines.join('\n');
    expect(all).not.toContain('my-custom-key-123');
    expect(all).not.toContain('sk-abcdefghijklmnop');
    expect(all).not.toContain('xyz987');
    expect(all).toContain('[redacted]');
    expect(redact('nothing secret here', ['abcd'])).toBe('nothing secret here');
  });
});

describe('window security settings', () => {
  it('isolates, sandboxes and disables Node, webviews and insecure content', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('has a CSP with no remote script, no eval and no inline script', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['default-src']).toBe("default-src 'none'");
    expect(directives['script-src']).toBe("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(directives['script-src']).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/);
    expect(directives['object-src']).toBe("object-src 'none'");
    // Images only from the app and from blob: URLs our components make for attachments; no data: or remote images.
    expect(directives['img-src']).toBe("img-src 'self' blob:");
    // Frames only from the app itself: the live preview's shell (a srcdoc frame would inherit this page's script-src).
    expect(directives['frame-src']).toBe("frame-src 'self'");
  });
});
