// The HTML export never carries a script, an event handler or a dangerous URL, whatever the model wrote; and the
// ChatGPT reader keeps a very deep conversation without recursion.
import { describe, expect, it } from 'vitest';
import { emptyUsage, type Message } from '../../../src/shared/messages.js';
import { chatHtml, EXPORT_PAGE_CSP } from '../../../src/main/transfer/html.js';
import { readChatgptConversation } from '../../../src/main/transfer/import-chatgpt.js';
import { TRANSFER_STRINGS } from '../../../src/main/transfer/strings.js';
import { XSS_PAYLOADS } from '../../fixtures/xss-payloads.js';

const strings = TRANSFER_STRINGS.en;
const answer = (text: string): Message => ({
  role: 'assistant',
  content: [
    { type: 'thinking', thinking: text },
    { type: 'text', text },
  ],
  model: `m${text}`,
  usage: emptyUsage(),
  stopReason: 'error',
  errorMessage: text,
  timestamp: 1,
});

/** Every tag the page has, with its attributes, as the browser's tokenizer would start them. */
const tags = (html: string) =>
  [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)].map((m) => ({ name: m[1]!.toLowerCase(), attrs: m[2]! }));

describe('HTML export', () => {
  it(`keeps no script, handler or dangerous URL from ${XSS_PAYLOADS.length} hostile payloads in text, reasoning, names and titles`, () => {
    const html = chatHtml(
      {
        title: XSS_PAYLOADS[0]!.payload,
        model: XSS_PAYLOADS[1]!.payload,
        createdAt: 0,
        items: XSS_PAYLOADS.flatMap(({ payload }) => [
          { message: { role: 'user', content: payload, timestamp: 1 } as Message, version: 1, versions: 1 },
          { message: answer(payload), version: 1, versions: 1 },
        ]),
      },
      strings,
      new Date(0),
      'en',
    );
    const found = tags(html);
    const allowed = new Set([
      'html',
      'head',
      'meta',
      'title',
      'style',
      'body',
      'main',
      'header',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'section',
      'details',
      'summary',
      'span',
      'footer',
      'a',
      'pre',
      'code',
      'em',
      'strong',
      'del',
      'ul',
      'ol',
      'li',
      'blockquote',
      'hr',
      'br',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'input',
      'div',
    ]);
    expect(found.filter((tag) => !allowed.has(tag.name)).map((tag) => tag.name)).toEqual([]);
    // Every attribute is name="value" with no raw quote inside a value: what is left after them must be nothing.
    expect(found.filter((tag) => tag.attrs.replace(/\s[a-z-]+(="[^"<>]*")?/g, '').trim() !== '')).toEqual([]);
    const attributes = found.flatMap((tag) => [...tag.attrs.matchAll(/\s([a-z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!, m[2] ?? '']));
    expect(attributes.filter(([name]) => name!.startsWith('on'))).toEqual([]);
    const urls = attributes.filter(([name]) => ['href', 'src', 'action', 'formaction', 'data'].includes(name!)).map(([, value]) => value!);
    expect(urls.filter((url) => !/^(https?:\/\/|mailto:)/i.test(url))).toEqual([]);
    expect(found.filter((tag) => tag.name === 'meta').map((tag) => tag.attrs)).toContain(
      ` http-equiv="Content-Security-Policy" content="${EXPORT_PAGE_CSP}"`,
    );
    expect(found.filter((tag) => tag.name === 'input').every((tag) => /disabled/.test(tag.attrs))).toBe(true);
  });
});

describe('ChatGPT reader', () => {
  it('reads a 20,000-message conversation (one long chain) without running out of stack', () => {
    const mapping: Record<string, unknown> = { root: { message: null, parent: null, children: ['n0'] } };
    for (let i = 0; i < 20_000; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      mapping[`n${i}`] = {
        message: { author: { role }, create_time: 1_700_000_000 + i, content: { content_type: 'text', parts: [`m${i}`] } },
        parent: i === 0 ? 'root' : `n${i - 1}`,
        children: i === 19_999 ? [] : [`n${i + 1}`],
      };
    }
    const read = readChatgptConversation({ title: 'Long', mapping, current_node: 'n19999' }, 1, strings, { systemPrompt: 'S', now: 0 });
    expect(read.ok && read.candidate.lines.filter((line) => line.type === 'message').length).toBe(20_000);
    expect(read.ok && read.candidate.lines.at(-1)).toMatchObject({ type: 'branch', leaf: 'n19999' });
  });

  it('a loop in the tree is damage, reported by name', () => {
    const mapping = {
      a: { message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['hi'] } }, parent: 'b', children: [] },
      b: { message: null, parent: 'a', children: ['a'] },
    };
    expect(readChatgptConversation({ title: 'Loop', mapping }, 3, strings, { systemPrompt: 'S', now: 0 })).toEqual({
      ok: false,
      failure: { title: 'Loop', reason: 'its messages do not form a complete history (node a is its own ancestor)' },
    });
  });
});
