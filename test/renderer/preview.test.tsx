// Live previews: the document a preview runs opens with the preview's own CSP, the frame is sandboxed (scripts, no
// same origin) on the app's preview shell, whose policy is the same, and the document is handed over only to that
// frame, once it says it is ready. Escape and the close button close the panel.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AnswerPreviewButton,
  closePreview,
  openPreview,
  PreviewPanel,
  previewDocument,
  previewKind,
  wholeAnswerPage,
} from '../../src/renderer/src/preview';
import { PREVIEW_CONTENT_SECURITY_POLICY, PREVIEW_DOCUMENT, PREVIEW_READY } from '../../src/shared/preview-policy';
import { createFakeApi } from './fake-api';
import { renderApp, settle } from './harness';

afterEach(() => act(() => closePreview()));

const META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">`;

describe('the preview document', () => {
  it('is the html behind the policy, which comes first in the head', () => {
    expect(previewDocument('html', '<!doctype html><title>x</title><p>hi</p>')).toBe(
      `<!doctype html><html><head><meta charset="utf-8">${META}<!doctype html><title>x</title><p>hi</p>`,
    );
  });

  it('shows an svg alone, centred in the frame', () => {
    const doc = previewDocument('svg', '<svg></svg>');
    expect(doc.startsWith(`<!doctype html><html><head><meta charset="utf-8">${META}<style>`)).toBe(true);
    expect(doc.endsWith('</head><body><svg></svg></body></html>')).toBe(true);
  });

  it('allows no network: nothing but inline script and style and data: images and fonts', () => {
    expect(PREVIEW_CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'",
    );
  });

  it('runs for html and svg fences only', () => {
    expect(['html', 'HTML', 'svg', 'xml', 'js', ''].map(previewKind)).toEqual(['html', 'html', 'svg', null, null, null]);
  });
});

describe('the preview panel', () => {
  it('frames the shell sandboxed with scripts only and hands the document to that frame once it is ready', () => {
    render(<PreviewPanel />);
    act(() => openPreview('html', '<p id="x">hi</p>'));
    const frame = screen.getByTestId('preview-frame') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('preview.html');
    expect(frame.hasAttribute('srcdoc')).toBe(false);

    const posted: unknown[] = [];
    const target = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) };
    Object.defineProperty(frame, 'contentWindow', { value: target });
    // A message from anywhere else is ignored; the frame's "ready" gets the document, once.
    window.dispatchEvent(new MessageEvent('message', { data: { type: PREVIEW_READY }, source: window }));
    expect(posted).toEqual([]);
    window.dispatchEvent(new MessageEvent('message', { data: { type: PREVIEW_READY }, source: target as unknown as Window }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: PREVIEW_READY }, source: target as unknown as Window }));
    expect(posted).toEqual([[{ type: PREVIEW_DOCUMENT, html: previewDocument('html', '<p id="x">hi</p>') }, '*']]);
  });

  it('closes on Escape and on its close button', () => {
    render(<PreviewPanel />);
    act(() => openPreview('svg', '<svg></svg>'));
    expect(screen.getByTestId('preview-panel')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('preview-panel')).toBeNull();
    act(() => openPreview('svg', '<svg></svg>'));
    fireEvent.click(screen.getByTestId('preview-close'));
    expect(screen.queryByTestId('preview-panel')).toBeNull();
  });
});

describe('an answer that is one web page', () => {
  const PAGE = '<!doctype html>\n<html><body><h1>Hi</h1></body></html>';
  it('is a single html block holding a whole document, or the answer itself a whole document', () => {
    expect(
      [
        '```html\n' + PAGE + '\n```',
        '  ```HTML\n<html lang="en"><p>x</p></html>\n```\n',
        '~~~html\n' + PAGE + '\n~~~',
        PAGE,
        '<!-- made for you -->\n' + PAGE,
        '<html><head></head><body>x</body></html>',
      ].map(wholeAnswerPage),
    ).toEqual([
      PAGE,
      '<html lang="en"><p>x</p></html>',
      PAGE,
      PAGE,
      '<!-- made for you -->\n' + PAGE,
      '<html><head></head><body>x</body></html>',
    ]);
  });

  it('is not a fragment, a page among other words, another language, or a page without its end', () => {
    expect(
      [
        '```html\n<p>only a fragment</p>\n```',
        'Here it is:\n\n```html\n' + PAGE + '\n```',
        '```html\n' + PAGE + '\n```\n\nOpen it in a browser.',
        '```js\n' + PAGE + '\n```',
        '<!doctype html><html><body>cut off',
        'The <html> element is the root.',
        '',
      ].map(wholeAnswerPage),
    ).toEqual([null, null, null, null, null, null, null]);
  });

  it('offers "Preview page" under the answer; it opens the whole answer in the sealed panel, which can open it in the browser', async () => {
    const { fake } = await renderApp(createFakeApi());
    const row = (text: string) => render(<AnswerPreviewButton text={text} />);
    const plain = row('Just words, and `<html>` in code.');
    expect(plain.queryByTestId('answer-preview')).toBeNull();
    plain.unmount();

    const page = row(PAGE);
    const button = page.getByTestId('answer-preview');
    expect([button.textContent, button.title]).toEqual([
      'Preview page',
      'This answer is one web page: run it in a sealed preview beside the chat',
    ]);
    act(() => button.click());
    const panel = screen.getByTestId('preview-panel');
    expect(panel.getAttribute('aria-label')).toBe('Preview · the whole answer');
    expect(screen.getByTestId('preview-frame').getAttribute('sandbox')).toBe('allow-scripts');

    // Nothing is written until asked; asked, main gets the code and its kind, and no path.
    expect(fake.callsOf('openPreviewInBrowser')).toEqual([]);
    await act(async () => screen.getByTestId('preview-open-browser').click());
    await settle();
    expect(fake.callsOf('openPreviewInBrowser')).toEqual([{ kind: 'html', source: PAGE }]);
    expect(screen.queryByTestId('preview-browser-error')).toBeNull();

    fake.failNext('openPreviewInBrowser', 'internal', 'no space left');
    await act(async () => screen.getByTestId('preview-open-browser').click());
    await settle();
    expect(screen.getByTestId('preview-browser-error').textContent).toBe('Could not open it in the browser: no space left');
  });

  it('a code block preview has "Open in browser" too, in Chinese as well', async () => {
    const fake = createFakeApi();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    await renderApp(fake);
    act(() => openPreview('svg', '<svg/>'));
    expect(screen.getByTestId('preview-open-browser').textContent).toBe('在浏览器中打开');
    await act(async () => screen.getByTestId('preview-open-browser').click());
    await settle();
    expect(fake.callsOf('openPreviewInBrowser')).toEqual([{ kind: 'svg', source: '<svg/>' }]);
  });
});
