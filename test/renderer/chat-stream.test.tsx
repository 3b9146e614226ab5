// The list while an answer streams (only its row renders), and clicks inside model output (links go to the shell,
// code-copy buttons copy their code).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleListClick } from '../../src/renderer/src/chat/listClicks';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';
import { rowRenders } from '../../src/renderer/src/chat/renderCounter';
import type { Message } from '../../src/shared/messages';
import {
  assistant,
  conversation,
  frames,
  installClipboard,
  installLayout,
  listProps,
  renderList,
  streamingAssistant,
  user,
} from './chat-fixtures';

beforeAll(installLayout);
afterEach(() => {
  rowRenders.enabled = false;
  rowRenders.counts.clear();
});

describe('streaming', () => {
  it('re-renders only the streaming row while its answer grows, and it once more when the answer ends', async () => {
    const history = conversation(20);
    const answer = 'Here is **the** answer, streamed in pieces, with `code` and a [link](https://example.com).\n\n- one\n- two\n';
    const onRegenerate = vi.fn();
    const { update } = renderList(listProps({ messages: [...history, streamingAssistant('')], streamingIndex: 20, onRegenerate }));
    await frames();
    const mounted = screen.getAllByTestId('message').length;
    expect(mounted).toBeGreaterThan(5);

    rowRenders.enabled = true;
    for (let end = 4; end <= answer.length; end += 4) {
      update(listProps({ messages: [...history, streamingAssistant(answer.slice(0, end))], streamingIndex: 20, onRegenerate }));
    }
    update(listProps({ messages: [...history, assistant(answer)], streamingIndex: -1, onRegenerate }));

    const updates = Math.floor(answer.length / 4) + 1;
    expect([...rowRenders.counts.entries()]).toEqual([[20, updates]]);
    expect(
      within(screen.getAllByTestId('message').at(-1) as HTMLElement)
        .getByTestId('message-content')
        .querySelector('a')?.textContent,
    ).toBe('link');
  });

  it('does not re-render rows when the shell passes new callbacks', async () => {
    const messages: Message[] = [user('a'), assistant('b')];
    const { update } = renderList(listProps({ messages, onRegenerate: vi.fn() }));
    await frames();
    rowRenders.enabled = true;
    update(listProps({ messages, onRegenerate: vi.fn(), onOpenLink: vi.fn() }));
    expect([...rowRenders.counts.entries()]).toEqual([]);
  });
});

describe('history', () => {
  it('parses a finished message once, however often its row is mounted again', async () => {
    const answer = '# Answer\n\nWith **markdown** and a list:\n\n- a\n- b';
    const messages: Message[] = [user('q'), assistant(answer)];
    resetMarkdownStats();
    const { update } = renderList(listProps({ sessionKey: 'a', messages }));
    await frames();
    const first = markdownStats.parsedChars;
    expect(first).toBe(answer.length);
    update(listProps({ sessionKey: 'b', messages: [user('elsewhere')] }));
    update(listProps({ sessionKey: 'a', messages }));
    await frames();
    expect(markdownStats.parsedChars).toBe(first);
    expect(screen.getByRole('heading', { name: 'Answer' })).toBeTruthy();
  });
});

describe('clicks in model output', () => {
  const links: Message[] = [
    user('links please'),
    assistant(
      '[docs](https://example.com/docs), [mail](mailto:team@example.com), [section](#part), [bad](javascript:alert(1)) and <https://auto.example.org>',
    ),
  ];

  it('hands links to onOpenLink and never navigates', () => {
    const onOpenLink = vi.fn();
    renderList(listProps({ messages: links, onOpenLink }));
    const before = window.location.href;
    const anchors = Array.from(screen.getByTestId('message-list').querySelectorAll('a'));
    expect(anchors.map((a) => a.textContent)).toEqual(['docs', 'mail', 'section', 'https://auto.example.org']);
    const notPrevented = anchors.map((a) => fireEvent.click(a));
    expect(notPrevented).toEqual([false, false, false, false]);
    expect(onOpenLink.mock.calls).toEqual([['https://example.com/docs'], ['mailto:team@example.com'], ['https://auto.example.org']]);
    expect(window.location.href).toBe(before);
  });

  it('opens a link on a middle click too, and ignores other buttons', () => {
    const onOpenLink = vi.fn();
    renderList(listProps({ messages: links, onOpenLink }));
    const docs = screen.getByText('docs');
    expect(fireEvent(docs, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }))).toBe(false);
    expect(fireEvent(docs, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }))).toBe(false);
    expect(onOpenLink.mock.calls).toEqual([['https://example.com/docs']]);
  });

  it('checks the scheme again: a link with any other href is cancelled and never handed on', () => {
    const onOpenLink = vi.fn();
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'page.html']) {
      const anchor = document.createElement('a');
      anchor.setAttribute('href', href);
      expect(handleListClick(anchor, onOpenLink, { copyCode: 'Copy code', copied: 'Copied' })).toBe(true);
    }
    expect(onOpenLink).not.toHaveBeenCalled();
  });

  it('copies a code block with its button and says so', async () => {
    const clipboard = installClipboard();
    renderList(
      listProps({ messages: [user('code?'), assistant('Try:\n\n```bash\nnpm test -- --watch\n```\n\n```js\nconsole.log(1);\n```')] }),
    );
    const buttons = screen.getAllByTestId('code-copy');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Copy code', 'Copy code']);
    await act(async () => {
      fireEvent.click(buttons[1] as HTMLElement);
    });
    await act(async () => {
      fireEvent.click(buttons[0] as HTMLElement);
    });
    expect(clipboard.writes).toEqual(['console.log(1);', 'npm test -- --watch']);
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Copied', 'Copied']);
  });
});
