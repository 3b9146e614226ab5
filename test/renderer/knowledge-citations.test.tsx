// Citation marks in an answer and their panel: `[n]` of a cited number is a `citation` button (in text only; code,
// links and numbers not cited stay as written), it opens the panel with the passage, its file and page; a passage or
// an answer holding markup shows it as text; Open file asks main and says why it could not; Escape, the close button
// and a press outside close it, a press on another mark moves it there; in Chinese too.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KnowledgeCitation } from '../../src/shared/knowledge';
import { emptyUsage, type AssistantMessage } from '../../src/shared/messages';
import { MessageRow } from '../../src/renderer/src/chat/MessageRow';
import { LocaleContext, type Locale } from '../../src/renderer/src/i18n';
import { CitationPanel } from '../../src/renderer/src/knowledge/CitationPanel';
import { closeCitation } from '../../src/renderer/src/knowledge/citationStore';
import { splitMarks } from '../../src/renderer/src/knowledge/citationMarks';
import { useKnowledge } from '../../src/renderer/src/knowledge/knowledgeStore';
import { assistantMessage, createFakeApi, installFakeApi, type FakeApi } from './fake-api';
import { settle, startStore, state } from './harness';
import { conformDomForPurify } from './markdown-dom';

conformDomForPurify(window);

const WARRANTY: KnowledgeCitation = {
  n: 1,
  kbId: 'kb-a',
  file: '/home/me/manuals/kettle.pdf',
  label: 'Page 3',
  page: 3,
  text: 'Warranty: the heating plate is covered for 36 months.',
};
const HOSTILE: KnowledgeCitation = {
  n: 2,
  kbId: 'kb-a',
  file: 'C:\\notes\\<img src=x onerror="window.__owned=4">.md',
  label: 'Cleaning',
  text: '<img src=x onerror="window.__owned=1"><script>window.__owned=2</script>Descale every four weeks.',
};

function answer(text: string, citations?: KnowledgeCitation[]): AssistantMessage {
  return {
    role: 'assistant',
    content: [{ type: 'text', text }],
    model: 'gpt-4o-mini',
    usage: emptyUsage(),
    stopReason: 'stop',
    timestamp: 1,
    ...(citations && { citations }),
  };
}

function show(message: AssistantMessage, locale: Locale = 'en') {
  return render(
    <LocaleContext.Provider value={locale}>
      <MessageRow message={message} index={0} streaming={false} />
      <CitationPanel />
      <button type="button">elsewhere</button>
    </LocaleContext.Provider>,
  );
}

let fake: FakeApi;
beforeEach(() => {
  fake = createFakeApi();
  installFakeApi(fake);
  useKnowledge.setState({
    view: { bases: [{ id: 'kb-a', name: 'Manuals', paths: ['/home/me/manuals'], status: 'ready', files: 2, chunks: 9 }] },
    error: null,
  });
});
afterEach(() => {
  act(() => closeCitation());
  cleanup();
});

const marks = () => screen.queryAllByTestId('citation');
const panel = () => screen.getByTestId('citation-panel');

describe('citation marks', () => {
  it('splits text at cited marks only', () => {
    const cited = new Map([
      [1, null],
      [2, null],
    ]);
    expect(splitMarks('See [1], [3] and [1, 2].', cited)).toEqual(['See ', 1, ', [3] and ', 1, 2, '.']);
    expect(splitMarks('None [3] here', cited)).toBeNull();
    expect(splitMarks('[2][1]', cited)).toEqual([2, 1]);
  });

  it('marks cited numbers in text, never in code, links or uncited numbers; each opens its passage', async () => {
    const view = show(
      answer('The plate is covered for 36 months [1]. Descale often [2]; see also [3].\n\n`[1]` and [a link [1]](https://example.com/x)', [
        WARRANTY,
        HOSTILE,
      ]),
    );
    expect(marks().map((m) => [m.dataset.source, m.textContent, m.tagName])).toEqual([
      ['1', '1', 'BUTTON'],
      ['2', '2', 'BUTTON'],
    ]);
    expect(marks()[0]!.getAttribute('aria-label')).toBe('Source 1: kettle.pdf, page 3');
    expect(marks()[1]!.getAttribute('aria-label')).toBe('Source 2: <img src=x onerror="window.__owned=4">.md');
    const content = view.getByTestId('message-content');
    expect(content.textContent).toContain('see also [3].');
    expect(content.querySelector('code')!.textContent).toBe('[1]');
    expect(content.querySelector('a')!.textContent).toBe('a link [1]');

    fireEvent.click(marks()[0]!);
    expect(panel().dataset.source).toBe('1');
    expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('1Source');
    expect(within(panel()).getByTestId('citation-file').textContent).toBe('kettle.pdf');
    expect(within(panel()).getByTestId('citation-label').textContent).toBe('Page 3');
    expect(within(panel()).getByTestId('citation-text').textContent).toBe('Warranty: the heating plate is covered for 36 months.');
    expect(panel().textContent).toContain('From Manuals');
    expect(document.activeElement).toBe(within(panel()).getByTestId('citation-close'));

    // A press on another mark moves the panel there rather than closing it.
    fireEvent.mouseDown(marks()[1]!);
    fireEvent.click(marks()[1]!);
    expect(panel().dataset.source).toBe('2');
  });

  it('shows markup in a passage, a file name and an answer as text: nothing of it runs or becomes an element', () => {
    const view = show(
      answer('Clean it [2]. <button data-testid="citation" data-source="9" onclick="window.__owned=3">9</button>', [HOSTILE]),
    );
    // The answer's own button is sanitized away; only the mark made here is a citation.
    expect(marks().map((m) => m.dataset.source)).toEqual(['2']);
    expect(view.getByTestId('message-content').querySelector('[onclick]')).toBeNull();
    fireEvent.click(marks()[0]!);
    const text = within(panel()).getByTestId('citation-text');
    expect(text.textContent).toBe(HOSTILE.text);
    expect(text.children).toHaveLength(0);
    expect(panel().querySelector('img, script')).toBeNull();
    expect(within(panel()).getByTestId('citation-file').textContent).toBe('<img src=x onerror="window.__owned=4">.md');
    // No page: the label alone says where.
    expect(within(panel()).getByTestId('citation-label').textContent).toBe('Cleaning');
    expect((window as { __owned?: number }).__owned).toBeUndefined();
  });

  it('opens the file through main, says why when it cannot; Escape, the close button and a press outside close it', async () => {
    show(answer('Covered [1].', [WARRANTY]));
    fireEvent.click(marks()[0]!);
    fireEvent.click(within(panel()).getByTestId('citation-open-file'));
    await settle();
    expect(fake.callsOf('openKnowledgeFile')).toEqual([{ file: '/home/me/manuals/kettle.pdf' }]);
    expect(within(panel()).queryByTestId('citation-open-error')).toBeNull();
    fake.failNext('openKnowledgeFile', 'not_found', 'The file is no longer there.');
    fireEvent.click(within(panel()).getByTestId('citation-open-file'));
    await settle();
    expect(within(panel()).getByTestId('citation-open-error').textContent).toBe(
      'The file could not be opened: The file is no longer there.',
    );

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('citation-panel')).toBeNull();
    fireEvent.click(marks()[0]!);
    fireEvent.click(within(panel()).getByTestId('citation-close'));
    expect(screen.queryByTestId('citation-panel')).toBeNull();
    fireEvent.click(marks()[0]!);
    fireEvent.mouseDown(within(panel()).getByTestId('citation-text'));
    expect(screen.queryByTestId('citation-panel')).not.toBeNull();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByTestId('citation-panel')).toBeNull();
  });

  it('speaks Chinese; an answer without citations has no marks', () => {
    show(answer('保修期见 [1]。', [WARRANTY]), 'zh-CN');
    expect(marks()[0]!.getAttribute('aria-label')).toBe('来源 1：kettle.pdf，第 3 页');
    fireEvent.click(marks()[0]!);
    expect(within(panel()).getByTestId('citation-open-file').textContent).toBe('打开文件');
    expect(within(panel()).getByTestId('citation-close').getAttribute('aria-label')).toBe('关闭来源');
    expect(panel().textContent).toContain('来自 Manuals');
    cleanup();
    show(answer('See [1].'));
    expect(marks()).toEqual([]);
  });

  it("a part of a document attached to the chat: it says so, in the window's language, and Open file asks main for the document", async () => {
    const attached: KnowledgeCitation = {
      n: 3,
      attachment: 'a'.repeat(64),
      file: 'kettle.pdf',
      label: 'Page 3',
      page: 3,
      text: 'Warranty: the heating plate is covered for 36 months.',
    };
    show(answer('保修 36 个月 [3]。', [attached]), 'zh-CN');
    fireEvent.click(marks()[0]!);
    expect(within(panel()).getByTestId('citation-file').textContent).toBe('kettle.pdf');
    expect(within(panel()).getByTestId('citation-label').textContent).toBe('第 3 页');
    expect(panel().textContent).toContain('附加在此对话中');
    expect(panel().textContent).not.toContain('来自');
    fireEvent.click(within(panel()).getByTestId('citation-open-file'));
    await settle();
    expect(fake.callsOf('openAttachedDocument')).toEqual([{ sha256: 'a'.repeat(64), name: 'kettle.pdf' }]);
    expect(fake.callsOf('openKnowledgeFile')).toEqual([]);
    cleanup();

    // A web page attached is read, not handed to the system: no Open file.
    show(answer('See [1].', [{ ...attached, n: 1, file: 'notes.html', label: 'notes.html', page: undefined }]));
    fireEvent.click(marks()[0]!);
    expect(within(panel()).queryByTestId('citation-open-file')).toBeNull();
    expect(within(panel()).queryByTestId('citation-label')).toBeNull();
    expect(panel().textContent).toContain('Attached to this chat');
  });
});

describe('citations from main', () => {
  it('the streamed answer takes the citations of its end event; an end without them adds none', async () => {
    await startStore(fake);
    await state().send('warranty?');
    const id = state().currentSession.id!;
    const shell = { ...assistantMessage('', 'pending'), content: [] };
    fake.emit(id, { type: 'run_start', userText: 'warranty?' });
    fake.emit(id, { type: 'message_start', message: shell });
    fake.emit(id, { type: 'delta', text: 'Covered for 36 months [1].' });
    const end = { type: 'assistant_end' as const, stopReason: 'stop' as const, usage: emptyUsage(), toolCalls: [] };
    fake.emit(id, { ...end, citations: [WARRANTY] });
    const answered = state().currentSession.messages.at(-1) as AssistantMessage;
    expect(answered.citations).toEqual([WARRANTY]);
    render(<MessageRow message={answered} index={1} streaming={false} />);
    expect(marks().map((m) => m.dataset.source)).toEqual(['1']);

    fake.emit(id, { type: 'message_start', message: shell });
    fake.emit(id, { type: 'delta', text: 'Again [1].' });
    fake.emit(id, end);
    expect('citations' in (state().currentSession.messages.at(-1) as AssistantMessage)).toBe(false);
  });

  it('going to another chat closes the source opened in this one', async () => {
    await startStore(fake);
    await state().send('warranty?');
    show(answer('Covered [1].', [WARRANTY]));
    fireEvent.click(marks()[0]!);
    expect(screen.queryByTestId('citation-panel')).not.toBeNull();
    act(() => state().newChat());
    expect(screen.queryByTestId('citation-panel')).toBeNull();
  });
});
