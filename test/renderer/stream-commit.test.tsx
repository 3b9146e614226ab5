// The end of a streamed answer through the store's event path and the real list: once its last delta is shown, the
// events that close the run (the answer's end, its save, the run's end) parse, sanitize and highlight nothing more,
// and the answer keeps the DOM it streamed into — the committed message is the streamed one, not rendered again.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownStats, resetMarkdownStats } from '../../src/renderer/src/chat/markdown/stats';
import { emptyUsage, type Message } from '../../src/shared/messages';
import { frames, installLayout, listProps, renderList } from './chat-fixtures';
import { assistantMessage, createFakeApi, systemMessage, userMessage } from './fake-api';
import { startStore, state } from './harness';
import { chunksOf, sampleMarkdown } from './markdown-corpus';

beforeAll(installLayout);

const shown = () => {
  const session = state().currentSession;
  return listProps({ sessionKey: 'a', messages: session.messages, streamingIndex: session.streamingIndex, refs: session.refs });
};

const answerContent = (): HTMLElement => within(screen.getAllByTestId('message').at(-1) as HTMLElement).getByTestId('message-content');

describe('committing a streamed answer', () => {
  it('the answer’s end, save and run end lex, sanitize and highlight 0 more characters and keep the same DOM', async () => {
    const fake = createFakeApi();
    const committed: Message[] = [systemMessage(), userMessage('hi'), assistantMessage('hello')];
    fake.addSession({ id: 'a', name: 'Alpha', messages: committed, messageCount: 3 });
    await startStore(fake);
    await state().openSession('a');
    const list = renderList(shown());
    await state().send('Write the long answer.');
    fake.emit('a', { type: 'run_start', userText: 'Write the long answer.' });
    fake.emit('a', { type: 'message_start', message: userMessage('Write the long answer.', 50) });
    fake.emit('a', { type: 'message_start', message: { ...assistantMessage('', 'pending'), content: [] } });
    // Code blocks, tables, lists and math, ending with a line of its own, in 100 deltas.
    const answer = `${sampleMarkdown(10_000)}\n\nEND-OF-ANSWER\n`;
    for (const text of chunksOf(answer, 100)) {
      fake.emit('a', { type: 'delta', text });
      list.update(shown());
    }
    await frames();
    const content = answerContent();
    expect(content.lastElementChild?.textContent?.trim()).toBe('END-OF-ANSWER');
    const blocks = [...content.children];
    const lastBlock = content.lastElementChild;

    resetMarkdownStats();
    fake.emit('a', { type: 'assistant_end', stopReason: 'stop', usage: emptyUsage(), toolCalls: [] });
    list.update(shown());
    fake.emit('a', { type: 'saved', stopped: false, summary: { ...state().sessions[0]!, messageCount: 5 } });
    list.update(shown());
    fake.emit('a', { type: 'run_end', committed: true });
    list.update(shown());
    await frames();

    expect(state().currentSession.run).toBeNull();
    expect(state().currentSession.streamingIndex).toBe(-1);
    expect(markdownStats).toEqual({ parsedChars: 0, lexCalls: 0, sanitizedChars: 0, highlightedChars: 0 });
    expect(answerContent()).toBe(content);
    expect(content.lastElementChild).toBe(lastBlock);
    expect([...content.children]).toEqual(blocks);
    blocks.forEach((block, i) => expect(content.children[i]).toBe(block));
  });
});
