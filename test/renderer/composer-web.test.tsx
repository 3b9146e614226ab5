// The composer's web parts and the picker's built-in rows, driven like a person: "Search the web" for one question
// (pressed, sent, then off again), a link pasted alone offered as "Read this page", and the chat's built-in tools.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;
const input = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;
const toggle = () => screen.getByTestId('composer-web-toggle') as HTMLButtonElement;

/** Pastes `text` into the composer as a clipboard paste followed by the browser's input, as happy-dom cannot. */
function paste(text: string): void {
  const box = input();
  const clipboardData = { files: [], getData: (type: string) => (type === 'text/plain' ? text : '') };
  fireEvent.paste(box, { clipboardData });
  const next = box.value.slice(0, box.selectionStart) + text + box.value.slice(box.selectionEnd);
  fireEvent.change(box, { target: { value: next } });
}

async function endRun(userText: string): Promise<void> {
  emit(fake, 'a', { type: 'run_start', userText });
  emit(fake, 'a', { type: 'run_end', committed: true });
  await settle();
}

/** The app in `locale` with chat `a` open and web search set up. */
async function start(locale?: 'zh-CN'): Promise<void> {
  fake = createFakeApi();
  if (locale) {
    fake.settings.language = locale;
    fake.settings.locale = locale;
  }
  fake.builtinTools.tools[0] = { id: 'web_search', ready: true, policy: 'ask' };
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')] });
  ({ user } = await renderApp(fake));
  await act(() => state().openSession('a'));
  await settle();
}

beforeEach(async (context) => {
  if (!context.task.name.includes('Chinese')) await start();
});

describe('Search the web', () => {
  it('is pressed for the next question only: that send asks for web search, the next one does not', async () => {
    expect([toggle().getAttribute('aria-pressed'), toggle().getAttribute('aria-label')]).toEqual(['false', 'Search the web']);
    await user.click(toggle());
    expect([toggle().getAttribute('aria-pressed'), toggle().title]).toEqual(['true', 'Search the web for this question (on)']);
    await user.type(input(), 'latest kettle news{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: 'latest kettle news', webSearch: true }]);
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    await endRun('latest kettle news');
    expect(input().value).toBe('');
    await user.type(input(), 'and now?{Enter}');
    await settle();
    expect(fake.callsOf('send').at(-1)).toEqual({ sessionId: 'a', text: 'and now?' });
  });

  it('pressed twice is off again; another chat starts unpressed', async () => {
    await user.click(toggle());
    await user.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle());
    fake.addSession({ id: 'b', name: 'Beta', messages: [systemMessage()] });
    await act(() => state().openSession('b'));
    await settle();
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
  });

  it('without a search engine it cannot be pressed and says where to set it up', async () => {
    await user.click(toggle());
    await act(() => state().saveWebSearch({ engine: 'none', url: '' }));
    expect([toggle().disabled, toggle().getAttribute('aria-pressed'), toggle().title]).toEqual([
      true,
      'false',
      'Web search is not set up: choose an engine in Settings → Built-in tools.',
    ]);
    await user.type(input(), 'q{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: 'q' }]);
  });

  it('says it in Chinese', async () => {
    await start('zh-CN');
    expect([toggle().getAttribute('aria-label'), toggle().title]).toEqual(['联网搜索', '仅为下一个问题提供网页搜索']);
    await user.click(toggle());
    expect(toggle().title).toBe('为这个问题联网搜索（已开启）');
  });
});

describe('a link pasted alone', () => {
  it('is offered as "Read this page", which sends the request with fetch_page offered once', async () => {
    paste('  https://example.org/kettle  ');
    const offer = screen.getByTestId('composer-url-offer');
    expect(offer.getAttribute('aria-label')).toBe('You pasted a link. Read the page and answer from it?');
    await user.click(within(offer).getByTestId('composer-url-read'));
    await settle();
    expect(fake.callsOf('send')).toEqual([
      { sessionId: 'a', text: 'Read this page and tell me what it says: https://example.org/kettle', readPage: true },
    ]);
    expect(input().value).toBe('');
    expect(screen.queryByTestId('composer-url-offer')).toBeNull();
  });

  it('is not offered for a link inside other text, or once the text changes; dismissed, the link sends as text', async () => {
    await user.type(input(), 'compare ');
    paste('https://example.org/a');
    expect(screen.queryByTestId('composer-url-offer')).toBeNull();

    fireEvent.change(input(), { target: { value: '' } });
    paste('https://example.org/b');
    expect(screen.getByTestId('composer-url-offer')).toBeTruthy();
    await user.type(input(), ' please');
    expect(screen.queryByTestId('composer-url-offer')).toBeNull();

    fireEvent.change(input(), { target: { value: '' } });
    paste('https://example.org/c');
    await user.click(screen.getByTestId('composer-url-dismiss'));
    expect(screen.queryByTestId('composer-url-offer')).toBeNull();
    await user.type(input(), '{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: 'https://example.org/c' }]);
  });

  it('is not offered for what is not an http(s) link', async () => {
    for (const text of ['javascript:alert(1)', 'ftp://example.org/x', 'https://exa mple.org', 'example.org']) {
      fireEvent.change(input(), { target: { value: '' } });
      paste(text);
      expect(screen.queryByTestId('composer-url-offer'), text).toBeNull();
    }
  });

  it('says it in Chinese and sends the Chinese request', async () => {
    await start('zh-CN');
    paste('https://example.org/壶');
    const offer = screen.getByTestId('composer-url-offer');
    expect(within(offer).getByTestId('composer-url-read').textContent).toBe('读取此网页');
    await user.click(within(offer).getByTestId('composer-url-read'));
    await settle();
    expect(fake.callsOf('send')).toEqual([
      { sessionId: 'a', text: '请读取这个网页并告诉我它的内容：https://example.org/壶', readPage: true },
    ]);
  });
});

describe("the chat's tool picker", () => {
  it("lists the built-in tools beside MCP servers and saves the chat's choice; one not ready says why", async () => {
    fake.builtinTools.tools[0] = { id: 'web_search', ready: false, reason: 'Web search is not set up.', policy: 'ask' };
    await act(() => state().loadBuiltinTools());
    const picker = screen.getByTestId('chat-servers');
    const summary = screen.getByTestId('chat-servers-summary');
    expect(summary.textContent).toBe('Built-in tools: off');
    const rows = within(picker).getAllByTestId('builtin-tool');
    expect(rows.map((r) => `${r.dataset.tool}:${r.dataset.ready}`)).toEqual(['web_search:false', 'fetch_page:true', 'run_python:true']);
    const box = (id: string) => within(rows.find((r) => r.dataset.tool === id)!).getByRole('checkbox') as HTMLInputElement;
    expect(box('web_search').disabled).toBe(true);
    expect(rows[0]!.textContent).toContain('Web search is not set up.');

    fireEvent.click(box('run_python'));
    await settle();
    fireEvent.click(box('fetch_page'));
    await settle();
    expect(fake.callsOf('setSessionBuiltinTools')).toEqual([
      { sessionId: 'a', tools: ['run_python'] },
      { sessionId: 'a', tools: ['run_python', 'fetch_page'] },
    ]);
    expect(summary.textContent).toBe('Built-in: Run Python, Read a web page');
    expect([box('run_python').checked, box('fetch_page').checked]).toEqual([true, true]);
    fireEvent.click(box('run_python'));
    await settle();
    expect(fake.callsOf('setSessionBuiltinTools').at(-1)).toEqual({ sessionId: 'a', tools: ['fetch_page'] });
    expect(summary.textContent).toBe('Built-in: Read a web page');
  });
});
