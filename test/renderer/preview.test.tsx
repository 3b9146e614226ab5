// Live previews: the document a preview runs opens with the preview's own CSP, the frame is sandboxed (scripts, no
// same origin) on the app's preview shell, whose policy is the same, and the document is handed over only to that
// frame, once it says it is ready. Escape and the close button close the panel.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closePreview, openPreview, PreviewPanel, previewDocument, previewKind } from '../../src/renderer/src/preview';
import { PREVIEW_CONTENT_SECURITY_POLICY, PREVIEW_DOCUMENT, PREVIEW_READY } from '../../src/shared/preview-policy';

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
