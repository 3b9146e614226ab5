// One message as the person sees it: user text, assistant markdown, reasoning, tool parts, copy, regenerate, stop.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../src/shared/messages';
import { assistant, installClipboard, installLayout, listProps, renderList, streamingAssistant, user } from './chat-fixtures';

beforeAll(installLayout);

const messageRows = () => screen.getAllByTestId('message');
const row = (index: number): HTMLElement => {
  const found = messageRows()[index];
  if (!found) throw new Error(`no row ${index}`);
  return found;
};
const content = (index: number): HTMLElement => within(row(index)).getByTestId('message-content');

describe('user messages', () => {
  it('shows the text literally, HTML and newlines included, never as markup', () => {
    const text = '<img src=x onerror="window.__xss=1"> <b>not bold</b>\nsecond line\n\n  indented';
    renderList(listProps({ messages: [user(text)] }));
    expect(row(0).getAttribute('data-role')).toBe('user');
    expect(content(0).textContent).toBe(text);
    expect(content(0).querySelector('img, b')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });
});

describe('assistant messages', () => {
  it('renders the answer as markdown in message-content, with nothing else in it', () => {
    renderList(listProps({ messages: [user('q'), assistant('# Title\n\nSome *text*.')] }));
    expect(row(1).getAttribute('data-role')).toBe('assistant');
    expect(content(1).querySelector('h1')?.textContent).toBe('Title');
    expect(content(1).textContent?.replace(/\s+/g, ' ').trim()).toBe('Title Some text.');
  });

  it('marks a stopped answer outside its content', () => {
    renderList(listProps({ messages: [user('q'), assistant('First part of a ', { stopReason: 'aborted' })] }));
    expect(within(row(1)).getByText('Stopped')).toBeTruthy();
    expect(content(1).textContent?.trim()).toBe('First part of a');
  });

  it('says it is writing before any text arrives', () => {
    renderList(listProps({ messages: [user('q'), streamingAssistant('')], streamingIndex: 1 }));
    expect(within(row(1)).getByText('Writing an answer…')).toBeTruthy();
  });
});

describe('reasoning', () => {
  const toggle = (index: number): HTMLElement => within(within(row(index)).getByTestId('message-reasoning')).getByRole('button');
  const reasoningText = (index: number): HTMLElement => {
    const text = within(row(index)).getByTestId('message-reasoning').querySelector<HTMLElement>('.msg-reasoning-text');
    if (!text) throw new Error('no reasoning text');
    return text;
  };

  it('is open while it streams and collapses once the answer starts and when it ends', () => {
    const base = [user('Hi')];
    const { update } = renderList(listProps({ messages: [...base, streamingAssistant('', 'The user greets')], streamingIndex: 1 }));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('true');
    expect(toggle(1).textContent).toBe('Thinking…');
    expect(reasoningText(1).hidden).toBe(false);
    expect(reasoningText(1).textContent).toBe('The user greets');

    update(listProps({ messages: [...base, streamingAssistant('Hel', 'The user greets me.')], streamingIndex: 1 }));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('false');
    expect(reasoningText(1).hidden).toBe(true);

    update(listProps({ messages: [...base, assistant('Hello!', { thinking: 'The user greets me.' })] }));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('false');
    expect(toggle(1).textContent).toBe('Reasoning');
    // Collapsed, but still in the document (find in page, and the end-to-end checks read it).
    expect(within(row(1)).getByTestId('message-reasoning').textContent).toContain('The user greets me.');
    expect(content(1).textContent?.trim()).toBe('Hello!');
  });

  it('is collapsed when restored from history and opens and closes on request', () => {
    renderList(listProps({ messages: [user('Hi'), assistant('Hello!', { thinking: 'Greet back.' })] }));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle(1));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('true');
    expect(reasoningText(1).hidden).toBe(false);
    fireEvent.click(toggle(1));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the person’s choice while it streams', () => {
    const base = [user('Hi')];
    const { update } = renderList(listProps({ messages: [...base, streamingAssistant('', 'Step one')], streamingIndex: 1 }));
    fireEvent.click(toggle(1));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('false');
    update(listProps({ messages: [...base, streamingAssistant('', 'Step one, step two')], streamingIndex: 1 }));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('copy and regenerate', () => {
  it('copies the raw text of a message', async () => {
    const clipboard = installClipboard();
    renderList(
      listProps({ messages: [user('plain <question>'), assistant('**Bold** answer with `code`', { thinking: 'hidden thoughts' })] }),
    );
    await act(async () => {
      fireEvent.click(within(row(1)).getByTestId('message-copy'));
    });
    await act(async () => {
      fireEvent.click(within(row(0)).getByTestId('message-copy'));
    });
    expect(clipboard.writes).toEqual(['**Bold** answer with `code`', 'plain <question>']);
    expect(within(row(1)).getByTestId('message-copy').textContent).toBe('Copied');
  });

  it('offers Regenerate on the last answer only, and only when nothing streams', () => {
    const onRegenerate = vi.fn();
    const messages: Message[] = [user('a'), assistant('first'), user('b'), assistant('second')];
    const { update } = renderList(listProps({ messages, onRegenerate }));
    expect(screen.getAllByTestId('message-regenerate')).toHaveLength(1);
    expect(within(row(3)).getByTestId('message-regenerate').textContent).toBe('Regenerate');
    fireEvent.click(within(row(3)).getByTestId('message-regenerate'));
    expect(onRegenerate).toHaveBeenCalledTimes(1);

    update(listProps({ messages: [...messages, user('c'), streamingAssistant('thi')], streamingIndex: 5, onRegenerate }));
    expect(screen.queryByTestId('message-regenerate')).toBeNull();

    update(listProps({ messages: [...messages, user('c')], onRegenerate }));
    expect(screen.queryByTestId('message-regenerate')).toBeNull();

    update(listProps({ messages }));
    expect(screen.queryByTestId('message-regenerate')).toBeNull();
  });

  it('speaks the person’s language', () => {
    renderList(
      listProps({ messages: [user('你好'), assistant('你好！', { thinking: '打招呼', stopReason: 'aborted' })], onRegenerate: vi.fn() }),
      'zh-CN',
    );
    expect(within(row(1)).getByTestId('message-regenerate').textContent).toBe('重新生成');
    expect(within(row(1)).getByTestId('message-copy').textContent).toBe('复制');
    expect(within(row(1)).getByText('已停止')).toBeTruthy();
    expect(within(within(row(1)).getByTestId('message-reasoning')).getByRole('button').textContent).toBe('思考过程');
    expect(screen.getByTestId('message-list').getAttribute('aria-label')).toBe('对话内容');
  });
});
