// Folding, terms and snippets: the rule documents and queries share, by table.
import { describe, expect, it } from 'vitest';
import { documentTerms, queryTerms } from '../../../src/main/search/text.js';
import { makeSnippet } from '../../../src/main/search/snippet.js';

describe('search terms', () => {
  it.each([
    ['What is a Closure?', ['what', 'is', 'a', 'closure']],
    ['ＣＬＯＳＵＲＥ ｆｕｎｃ', ['closure', 'func']],
    ['什么是闭包', ['什么', '么是', '是闭', '闭包', '包']],
    ['用 JavaScript 写闭包', ['用', 'javascript', '写闭', '闭包', '包']],
    ['カタカナ', ['カタ', 'タカ', 'カナ', 'ナ']],
  ])('document %j → %j', (text, terms) => {
    expect(documentTerms(text)).toEqual(terms);
  });

  it.each([
    ['闭包', [{ term: '闭包', prefix: false }]],
    ['包', [{ term: '包', prefix: true }]],
    ['Clos', [{ term: 'clos', prefix: true }]],
    [
      'a closure',
      [
        { term: 'a', prefix: false },
        { term: 'closure', prefix: true },
      ],
    ],
    ['  ,.!  ', []],
  ])('query %j → %j', (query, terms) => {
    expect(queryTerms(query)).toEqual(terms);
  });
});

describe('snippets', () => {
  it('marks the hit in the original text, whatever its width or case', () => {
    const { snippet, highlights } = makeSnippet('Intro. A ＣＬＯＳＵＲＥ keeps its scope.', ['closure']);
    expect(highlights.map(([a, b]) => snippet.slice(a, b))).toEqual(['ＣＬＯＳＵＲＥ']);
  });

  it('opens near the first hit, with ellipses where the text is cut, and collapses whitespace', () => {
    const text = `${'lorem ipsum '.repeat(30)}here is the 闭包\n\n example ${'dolor '.repeat(60)}`;
    const { snippet, highlights } = makeSnippet(text, ['闭包']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('here is the 闭包 example');
    expect(highlights.map(([a, b]) => snippet.slice(a, b))).toEqual(['闭包']);
  });

  it('without a literal hit shows the start of the text', () => {
    expect(makeSnippet('short text', ['zzz'])).toEqual({ snippet: 'short text', highlights: [] });
  });
});
