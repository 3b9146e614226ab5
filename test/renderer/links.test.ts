// One link rule for the renderer and main (src/shared/url.ts): destinations main would refuse to open are never
// shown as live links, and a click never opens them.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/renderer/src/chat/markdown/pipeline';
import { handleListClick } from '../../src/renderer/src/chat/listClicks';
import { isSafeExternalUrl } from '../../src/main/security/external-links';
import { conformDomForPurify } from './markdown-dom';

conformDomForPurify(window);

function dom(markdown: string): HTMLElement {
  const { done, open } = renderMarkdown(markdown);
  const root = document.createElement('div');
  root.innerHTML = [...done, ...open].map((block) => block.html).join('');
  return root;
}

const TRICKS = [
  'http:javascript:alert(1)',
  'https:javascript:alert(1)',
  'https:evil.example',
  'https:\\\\evil.example',
  'https:/evil.example',
];

describe('the shared link rule', () => {
  it('scheme tricks main refuses are not live links in a message, and a click on one opens nothing', () => {
    for (const href of TRICKS) expect(isSafeExternalUrl(href), href).toBe(false);
    const root = dom(TRICKS.map((href, i) => `[trick ${i}](${href})`).join(' and ') + ' and [real](https://example.com/)');
    expect(Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(['https://example.com/']);
    expect(root.textContent).toContain('trick 2');

    // Even if such an href reached the page, the click handler asks the same rule and opens nothing.
    const opened: string[] = [];
    for (const href of TRICKS) {
      const a = document.createElement('a');
      a.setAttribute('href', href);
      expect(handleListClick(a, (url) => opened.push(url), { copyCode: 'Copy', copied: 'Copied' })).toBe(true);
    }
    expect(opened).toEqual([]);
  });
});
