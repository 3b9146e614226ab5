// The stylesheets keep Chrome's style work local. A bare structural pseudo-class (`:last-child` with no tag or class
// beside it) is tested against every element, and Chrome then marks every parent as depending on it: appending a row
// to the chat restyled the whole message above it, 100+ ms after a long answer (measured in a trace of the send).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/electron-binary.js';

const RENDERER = join(ROOT, 'src/renderer/src');
const STRUCTURAL = /:(first-child|last-child|only-child|nth-child|nth-last-child|first-of-type|last-of-type|nth-of-type)\b/;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every selector of `css` (comments and at-rule preludes left out). */
function selectors(css: string): string[] {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...bare.matchAll(/([^{}]+)\{/g)]
    .map((match) => match[1]!.trim())
    .filter((prelude) => !prelude.startsWith('@'))
    .flatMap((list) => list.split(',').map((selector) => selector.trim()));
}

/** The compounds of a selector with a structural pseudo-class and nothing (tag, class, id, attribute) to bucket it. */
function bareStructural(selector: string): string[] {
  const outside = selector.replace(/\((?:[^()]|\([^()]*\))*\)/g, '()'); // what :has(…) / :is(…) hold is matched apart
  return outside.split(/\s*[>+~\s]\s*/).filter((compound) => STRUCTURAL.test(compound) && /^:/.test(compound));
}

describe('stylesheets', () => {
  const files = cssFiles(RENDERER);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it('never test a structural pseudo-class on its own, and never mark the chat’s rows by position', () => {
    const found: string[] = [];
    for (const file of files) {
      for (const selector of selectors(readFileSync(file, 'utf8'))) {
        if (bareStructural(selector).length > 0 || /\.chat-row:(first|last|nth)/.test(selector)) found.push(`${file}: ${selector}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the check sees the selectors it is there to refuse', () => {
    expect(bareStructural('.md > .md-block:last-child > :last-child')).toEqual([':last-child']);
    expect(bareStructural('.md .md-block > :is(ul, ol):first-child')).toEqual([':is():first-child']);
    expect(bareStructural('.md > .md-block:last-child > p:last-child')).toEqual([]);
    expect(selectors('/* a {} */ @media (x) { .a:last-child, b {} }')).toEqual(['.a:last-child', 'b']);
  });
});
