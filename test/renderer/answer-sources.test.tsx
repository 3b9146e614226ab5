// The sources under an answer that read the web: numbered in the model's order, title and host, opened through the
// list's link handler (the system browser); a long list collapsed; nothing while the turn runs; both languages.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { sourcesByAnswer } from '../../src/renderer/src/chat/sources/answerSourcesMap';
import type { Message, ToolResultMessage } from '../../src/shared/messages';
import type { WebSource } from '../../src/shared/web-tools';
import { assistant, installLayout, listProps, renderList, user } from './chat-fixtures';

beforeAll(installLayout);

const source = (n: number, host = `site${n}.example`): WebSource => ({
  title: `Result ${n}`,
  url: `https://${host}/page/${n}`,
  snippet: '',
});
const searched = (id: string, sources: WebSource[]): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'web_search',
  content: [{ type: 'text', text: 'results' }],
  details: { sources, server: 'builtin', tool: 'web_search', durationMs: 3 },
  isError: false,
  timestamp: 3,
});
const read = (id: string, url: string, title: string): ToolResultMessage => ({
  ...searched(id, []),
  toolName: 'fetch_page',
  details: { url, title, bytes: 10, server: 'builtin', tool: 'fetch_page', durationMs: 3 },
});
const call = (id: string, name: string) => assistant('', { toolCalls: [{ id, name, arguments: {} }] });

/** A turn that searched, read one page, and answered; then a plain turn. */
const chat = (sources: WebSource[]): Message[] => [
  user('what is new in tiny agent?'),
  call('c1', 'web_search'),
  searched('c1', sources),
  call('c2', 'fetch_page'),
  read('c2', 'https://docs.example/read', 'Read page'),
  assistant('It has web tools [1].'),
  user('thanks'),
  assistant('You are welcome.'),
];

const items = () => screen.getAllByTestId('answer-source');

describe('answer sources', () => {
  it('lists the search results then the page read, numbered, title and host, under the answer only', () => {
    const props = listProps({ messages: chat([source(1, 'www.tiny.example'), source(2)]) });
    renderList(props);
    const lists = screen.getAllByTestId('answer-sources');
    expect(lists).toHaveLength(1);
    const answer = screen.getAllByTestId('message').find((row) => row.contains(lists[0]!))!;
    expect(within(answer).getByTestId('message-content').textContent).toContain('It has web tools [1].');
    expect(lists[0]!.querySelector('h4')!.textContent).toBe('Sources (3)');
    expect(items().map((li) => [li.dataset.url, li.textContent])).toEqual([
      ['https://www.tiny.example/page/1', '1Result 1tiny.example'],
      ['https://site2.example/page/2', '2Result 2site2.example'],
      ['https://docs.example/read', '3Read pagedocs.example'],
    ]);

    fireEvent.click(within(items()[1]!).getByText('Result 2'));
    expect(props.onOpenLink).toHaveBeenCalledTimes(1);
    expect(props.onOpenLink).toHaveBeenCalledWith('https://site2.example/page/2');
  });

  it('collapses more than five to three, and shows all on request', () => {
    renderList(listProps({ messages: chat([1, 2, 3, 4, 5, 6].map((n) => source(n))) }));
    expect(items().map((li) => li.dataset.url)).toEqual([1, 2, 3].map((n) => `https://site${n}.example/page/${n}`));
    const more = screen.getByRole('button', { name: 'Show all 7' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(items()).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(items()).toHaveLength(3);
  });

  it('says it in Chinese', () => {
    renderList(listProps({ messages: chat([source(1)]) }), 'zh-CN');
    expect(screen.getByTestId('answer-sources').querySelector('h4')!.textContent).toBe('来源（2）');
    expect(screen.getByTestId('answer-sources').getAttribute('aria-label')).toBe('来源');
  });

  it('shows nothing for the running turn, and appears once it ends', () => {
    const messages = chat([source(1)]).slice(0, 6);
    const view = renderList(listProps({ messages, idle: false }));
    expect(screen.queryByTestId('answer-sources')).toBeNull();
    view.update(listProps({ messages, idle: true }));
    expect(items().map((li) => li.dataset.url)).toEqual(['https://site1.example/page/1', 'https://docs.example/read']);
  });

  it('skips failed results, non-http URLs and repeats; a turn without web tools lists nothing', () => {
    const failed = { ...searched('c0', [source(9)]), isError: true };
    const messages: Message[] = [
      user('q'),
      failed,
      searched('c1', [source(1), { title: 'bad', url: 'javascript:alert(1)', snippet: '' }, source(1)]),
      assistant('Answer.'),
      user('plain'),
      assistant('Plain answer.'),
    ];
    expect([...sourcesByAnswer(messages)].map(([index, list]) => [index, list.map((s) => s.url)])).toEqual([
      [3, ['https://site1.example/page/1']],
    ]);
    expect(
      sourcesByAnswer([undefined, undefined, ...messages.slice(2)])
        .get(3)
        ?.map((s) => s.url),
    ).toEqual(['https://site1.example/page/1']);
  });
});
