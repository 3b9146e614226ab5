// The sources under an answer: this question's searches in order, each URL once, then pages read but not found.
import { describe, expect, it } from 'vitest';
import { answerSources } from '../../../src/shared/answer-sources.js';
import type { Message } from '../../../src/shared/messages.js';

const result = (toolName: string, details: unknown, isError = false): Message => ({
  role: 'toolResult',
  toolCallId: toolName,
  toolName,
  content: [],
  details,
  isError,
  timestamp: 0,
});
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }], timestamp: 0 }) as Message;

describe('answer sources', () => {
  it('lists the searches since the question, deduplicated, then pages read', () => {
    const a = { title: 'A', url: 'https://a.example/', snippet: 'a' };
    const b = { title: 'B', url: 'https://b.example/', snippet: 'b' };
    const messages: Message[] = [
      user('old'),
      result('web_search', { sources: [{ title: 'Old', url: 'https://old.example/', snippet: '' }] }),
      user('new'),
      result('web_search', { sources: [a, b] }),
      result('web_search', { sources: [b, { title: 'bad', url: 'javascript:1', snippet: '' }] }),
      result('fetch_page', { url: 'https://a.example/', title: 'A page' }),
      result('fetch_page', { url: 'https://c.example/x', title: 'C' }),
      result('fetch_page', { url: 'https://d.example/' }, true),
    ];
    expect(answerSources(messages, messages.length - 1).map((s) => s.url)).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://c.example/x',
    ]);
  });
});
