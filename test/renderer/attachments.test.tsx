// Attachments in the shell: the attach button, paste, chips with a remove button, refusals in words, sending files
// with or without text, and a failed run handing them back. MessageRow's thumbnails and the viewer are at the end.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AttachmentPart } from '../../src/shared/attachments';
import type { TinyAgentApi } from '../../src/shared/ipc';
import { MessageRow } from '../../src/renderer/src/chat/MessageRow';
import { LocaleContext } from '../../src/renderer/src/i18n';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;
const input = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const chips = () => screen.queryAllByTestId('attachment-chip');
const textFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')] });
  ({ user } = await renderApp(fake));
  await act(() => state().openSession('a'));
});

describe('the composer', () => {
  it('the attach button takes files into chips; each chip removes itself', async () => {
    const button = screen.getByTestId('attach');
    expect(button.getAttribute('aria-label')).toBe('Attach files');
    await user.upload(fileInput(), [textFile('notes.md', '# hi'), textFile('data.csv', 'a,b\n1,2\n')]);
    await settle();
    expect(fake.callsOf('addAttachment').map((r) => [r.name, new TextDecoder().decode(r.bytes)])).toEqual([
      ['notes.md', '# hi'],
      ['data.csv', 'a,b\n1,2\n'],
    ]);
    expect(chips().map((chip) => chip.textContent)).toEqual(['notes.md4 B', 'data.csv8 B']);
    await user.click(within(chips()[0]!).getByRole('button', { name: 'Remove notes.md' }));
    expect(chips().map((chip) => chip.textContent)).toEqual(['data.csv8 B']);
  });

  it('pasting a file attaches it instead of pasting text', async () => {
    const transfer = { files: [textFile('clip.txt', 'copied')], getData: () => '' };
    const event = fireEvent.paste(input(), { clipboardData: transfer });
    await settle();
    expect(event).toBe(false); // default prevented
    expect(chips()).toHaveLength(1);
    expect(input().value).toBe('');
  });

  it('sends files with no text; the composer empties and the request names them by hash', async () => {
    const send = screen.getByTestId('send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.upload(fileInput(), textFile('q.txt', 'question'));
    await settle();
    expect(send.disabled).toBe(false);
    await user.click(send);
    await settle();
    const sha256 = state().currentSession.messages.at(-1)!.content as AttachmentPart[];
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: '', attachments: [sha256[0]!.sha256] }]);
    expect(chips()).toHaveLength(0);
  });

  it('a run that fails hands back its text and files to the composer', async () => {
    await user.upload(fileInput(), textFile('log.txt', 'error at line 3'));
    await settle();
    const [part] = state().composerAttachments.a!;
    await user.type(input(), 'why?{Enter}');
    await settle();
    expect(chips()).toHaveLength(0);
    emit(fake, 'a', { type: 'run_start', userText: 'why?' });
    emit(fake, 'a', {
      type: 'error',
      code: 'bad_response',
      message: 'Request rejected (HTTP 400): no images',
      unsentText: 'why?',
      unsentAttachments: [part!],
    });
    emit(fake, 'a', { type: 'run_end', committed: false });
    expect(input().value).toBe('why?');
    expect(chips().map((chip) => chip.textContent)).toEqual(['log.txt15 B']);
  });

  it('refusals name the file and its type; a file over 20 MB is refused before it is read', async () => {
    fake.failNext('addAttachment', 'storage', 'disk full');
    await user.upload(fileInput(), textFile('a.txt', 'x'));
    await settle();
    const big = new File([new Uint8Array(1)], 'video.mp4');
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    await act(() => state().attachFiles('a', [big]));
    await settle();
    expect(fake.callsOf('addAttachment')).toHaveLength(1);
    expect(screen.getByTestId('attachment-refusals').textContent).toBe('“video.mp4” is too large (30.0 MB); the limit is 20.0 MB.');

    act(() => state().dismissRefusals('a'));
    expect(screen.queryByTestId('attachment-refusals')).toBeNull();
  });

  it('words main’s refusal of an .exe by what its bytes are', async () => {
    (fake.api as { addAttachment: TinyAgentApi['addAttachment'] }).addAttachment = async (request) => ({
      ok: true,
      value: { refused: { reason: 'unsupported', name: request.name, label: 'windows-program', extension: 'exe' } },
    });
    // Dropped, not picked: the file picker's own filter would not even offer it.
    await act(() => state().attachFiles('a', [new File(['MZ'], 'setup.exe')]));
    await settle();
    expect(screen.getByTestId('attachment-refusals').textContent).toContain(
      '“setup.exe” cannot be attached: a Windows program is not supported. Attach images (PNG, JPEG, WebP, GIF) or text files',
    );
    expect(chips()).toHaveLength(0);
  });
});

describe('a document being read', () => {
  it('shows its name and "Adding…", then main\'s page count and a bar, until its chip arrives; a late report changes nothing', async () => {
    const release = fake.holdNext('addAttachment');
    await user.upload(fileInput(), textFile('report.pdf', '%PDF-1.7'));
    await settle();
    const reading = () => screen.queryByTestId('attachment-reading');
    expect(reading()!.textContent).toBe('report.pdfAdding…');
    expect(reading()!.querySelector('progress')).toBeNull();
    const [request] = fake.callsOf('addAttachment');
    expect(request!.readingId).toMatch(/^[0-9a-f-]{36}$/);

    const progress = (done: number, total = 500) =>
      emit(fake, '', { type: 'document_progress', readingId: request!.readingId!, done, total }, { runId: '', seq: 0 });
    progress(120);
    expect(reading()!.textContent).toBe('report.pdfReading… 120/500 pages');
    const bar = reading()!.querySelector('progress')!;
    expect([bar.max, bar.value, bar.getAttribute('aria-label')]).toEqual([500, 120, 'Reading… 120/500 pages']);
    // Another reading's report, and one going backwards, leave this chip as it is.
    emit(fake, '', { type: 'document_progress', readingId: 'someone-else', done: 400, total: 500 }, { runId: '', seq: 0 });
    progress(110);
    expect(reading()!.textContent).toBe('report.pdfReading… 120/500 pages');
    progress(500);
    expect(reading()!.getAttribute('data-done')).toBe('500');

    await act(release);
    await settle();
    expect(reading()).toBeNull();
    expect(chips().map((chip) => chip.textContent)).toEqual(['report.pdf8 B']);
    progress(500);
    expect(reading()).toBeNull();
    expect(state().readings).toEqual({});
  });

  it('says slides for a presentation, in Chinese too', async () => {
    cleanup();
    fake = createFakeApi();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')] });
    ({ user } = await renderApp(fake));
    await act(() => state().openSession('a'));
    fake.holdNext('addAttachment');
    await user.upload(fileInput(), textFile('deck.pptx', 'PK'));
    await settle();
    expect(screen.getByTestId('attachment-reading').textContent).toBe('deck.pptx正在添加…');
    const readingId = fake.callsOf('addAttachment')[0]!.readingId!;
    emit(fake, '', { type: 'document_progress', readingId, done: 3, total: 40 }, { runId: '', seq: 0 });
    expect(screen.getByTestId('attachment-reading').textContent).toBe('deck.pptx正在读取… 3/40 张幻灯片');
  });
});

describe('attachments in a user message', () => {
  it('images as thumbnails that open larger, text files as chips', async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    fake.files.set('e'.repeat(64), png);
    const image: AttachmentPart = {
      type: 'attachment',
      kind: 'image',
      sha256: 'e'.repeat(64),
      mimeType: 'image/png',
      name: 'shot.png',
      size: 4,
      width: 800,
      height: 400,
    };
    const file: AttachmentPart = {
      type: 'attachment',
      kind: 'text',
      sha256: 'f'.repeat(64),
      mimeType: 'text/plain',
      name: 'main.rs',
      size: 2048,
    };
    const view = render(
      <LocaleContext.Provider value="en">
        <MessageRow
          message={{ role: 'user', content: [{ type: 'text', text: 'look' }, image, file], timestamp: 1 }}
          index={0}
          streaming={false}
        />
      </LocaleContext.Provider>,
    );
    await settle();
    const thumb = view.getByTestId('message-image');
    expect(thumb.getAttribute('aria-label')).toBe('Open shot.png');
    expect((thumb.querySelector('.attachment-thumb') as HTMLElement).style.width).toBe('240px');
    expect(view.getByTestId('message-file').textContent).toBe('main.rs2.0 KB');
    await user.click(thumb);
    await settle();
    const viewer = screen.getByTestId('image-viewer');
    expect(viewer.parentElement?.parentElement).toBe(document.body);
    expect(viewer.textContent).toContain('800 × 400 · 4 B');
    expect(fake.callsOf('readAttachment')).toEqual([{ sha256: 'e'.repeat(64) }]);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('image-viewer')).toBeNull();
  });
});
