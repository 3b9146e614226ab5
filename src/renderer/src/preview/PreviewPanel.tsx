// The side panel of a live preview: the code runs in a sandboxed frame (opaque origin, no `window.api`, no pop-ups,
// no navigation of the app) that loads the app's preview shell, whose CSP allows no network; the document is handed
// over by message once the shell says it is ready. Escape or the close button closes it.
import { useEffect, useRef, type JSX, type KeyboardEvent } from 'react';
import { PREVIEW_DOCUMENT, PREVIEW_READY, PREVIEW_SANDBOX, PREVIEW_SHELL_PATH } from '../../../shared/preview-policy';
import { useT } from '../i18n';
import { CloseIcon, RefreshIcon } from '../ui/icons';
import { openPreviewInBrowser } from './openInBrowser';
import { previewDocument } from './previewDocument';
import { closePreview, reloadPreview, usePreview } from './previewStore';
import './preview.css';

export function PreviewPanel(): JSX.Element | null {
  const preview = usePreview((s) => s.preview);
  const browserError = usePreview((s) => s.browserError);
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!preview) return;
    let sent = false;
    const onMessage = (event: MessageEvent<unknown>) => {
      const target = frame.current?.contentWindow;
      if (sent || !target || event.source !== target) return;
      if ((event.data as { type?: unknown } | null)?.type !== PREVIEW_READY) return;
      sent = true;
      // The frame's origin is opaque ("null"): '*' is the only target origin that reaches it; the source check above
      // makes sure it is our frame, freshly loaded with the shell.
      target.postMessage({ type: PREVIEW_DOCUMENT, html: previewDocument(preview.kind, preview.source) }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [preview]);

  const open = preview !== null;
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    // Escape anywhere on the page closes the preview, unless something else already used it (a dialog, the composer).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      closePreview();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!preview) return null;
  const onPanelKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    closePreview();
  };
  const title = t(
    preview.origin === 'answer' ? 'preview.title.answer' : preview.kind === 'svg' ? 'preview.title.svg' : 'preview.title.html',
  );
  return (
    <aside className="preview-panel" data-testid="preview-panel" aria-label={title} onKeyDown={onPanelKey}>
      <div className="preview-bar">
        <div className="preview-heading">
          <h2 className="preview-title">{title}</h2>
          <span className="preview-note">{t('preview.sealed')}</span>
        </div>
        <button
          type="button"
          className="button preview-browser"
          data-testid="preview-open-browser"
          title={t('preview.openInBrowserHint')}
          onClick={() => void openPreviewInBrowser()}
        >
          {t('preview.openInBrowser')}
        </button>
        <button type="button" className="icon-button" aria-label={t('preview.reload')} title={t('preview.reload')} onClick={reloadPreview}>
          <RefreshIcon />
        </button>
        <button
          ref={closeButton}
          type="button"
          className="icon-button"
          data-testid="preview-close"
          aria-label={t('preview.close')}
          title={t('preview.close')}
          onClick={closePreview}
        >
          <CloseIcon />
        </button>
      </div>
      {browserError && (
        <p className="form-error preview-error" role="alert" data-testid="preview-browser-error">
          {t('preview.browserFailed', { message: browserError })}
        </p>
      )}
      <iframe
        key={preview.serial}
        ref={frame}
        className="preview-frame"
        data-testid="preview-frame"
        title={t('preview.frameTitle')}
        sandbox={PREVIEW_SANDBOX}
        src={PREVIEW_SHELL_PATH}
        referrerPolicy="no-referrer"
      />
    </aside>
  );
}
