// The side panel of a citation: the passage as plain text (never markup), its file and its page or part, the
// knowledge base it came from (or that the document is attached to the chat), and "Open file" (the system's viewer,
// through main, which opens only files of a knowledge base or stored documents a viewer shows). Beside the chat on wide windows, over it on narrow ones; Escape, the close
// button or a press outside it closes it.
import { useContext, useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { LocaleContext, useT } from '../i18n';
import { CloseIcon, FileIcon } from '../ui/icons';
import { usePreview } from '../preview/previewStore';
import { useAppState } from '../store/appState';
import { closeCitation, useCitation } from './citationStore';
import { useKnowledge } from './knowledgeStore';
import { isOpenableDocument, partLabelWords } from '../../../shared/document-words';
import { fileName } from './knowledgeWords';
import './knowledge.css';

export function CitationPanel(): JSX.Element | null {
  const t = useT();
  const locale = useContext(LocaleContext);
  const open = useCitation((s) => s.open);
  const bases = useKnowledge((s) => s.view?.bases);
  const openSource = useKnowledge((s) => s.openSource);
  const previewOpen = usePreview((s) => s.preview !== null);
  const panel = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = open !== null;

  const chatId = useAppState((s) => s.currentSession.id);
  // A preview opened from an answer takes the side of the window.
  useEffect(() => {
    if (previewOpen) closeCitation();
  }, [previewOpen]);
  // A source belongs to an answer of the chat it was opened in: going to another chat closes it.
  useEffect(() => () => closeCitation(), [chatId]);
  useEffect(() => {
    setFailure(null);
    if (open) closeButton.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!shown) return;
    // Escape anywhere closes the panel, unless something else already used it (a dialog, the composer's own Escape).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      closeCitation();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);
  useEffect(() => {
    if (!shown) return;
    // A press outside closes it; a press on another citation mark moves it to that source instead.
    const onPress = (event: MouseEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || (target instanceof Element && target.closest('.citation-mark'))) return;
      closeCitation();
    };
    document.addEventListener('mousedown', onPress);
    return () => document.removeEventListener('mousedown', onPress);
  }, [shown]);

  if (!open) return null;
  const { citation } = open;
  const base = citation.kbId === undefined ? undefined : bases?.find((b) => b.id === citation.kbId);
  const attached = citation.attachment !== undefined;
  // An attached web page or text file is not handed to the system: what it says is here.
  const openable = !attached || isOpenableDocument(citation.file);
  const name = fileName(citation.file);
  // A file without parts is labelled by its name: it is said once. A page, slide or sheet is said in the window's language.
  const label = citation.label === name ? null : partLabelWords(locale, citation.label);
  const place =
    citation.page !== undefined && !(label ?? '').includes(String(citation.page)) ? t('citation.page', { page: citation.page }) : null;
  const onPanelKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    closeCitation();
  };
  const title = t('citation.title', { n: citation.n });
  return (
    <aside
      ref={panel}
      className="citation-panel"
      data-testid="citation-panel"
      data-source={citation.n}
      aria-label={title}
      onKeyDown={onPanelKey}
    >
      <div className="citation-bar">
        <h2 className="citation-title">
          {/* The mark's number in its badge, then the word once (the panel's own name is "Source 2"). */}
          <span className="citation-number">{citation.n}</span>
          {t('citation.heading')}
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="icon-button"
          data-testid="citation-close"
          aria-label={t('citation.close')}
          title={t('citation.close')}
          onClick={closeCitation}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="citation-body">
        <div className="citation-source">
          <FileIcon />
          <div className="citation-file">
            <strong data-testid="citation-file">{name}</strong>
            {(label || place) && (
              <span className="citation-where" data-testid="citation-label">
                {[label, place].filter(Boolean).join(' · ')}
              </span>
            )}
            {attached ? (
              <span className="citation-where">{t('citation.attached')}</span>
            ) : (
              <span className="citation-path" title={citation.file}>
                {citation.file}
              </span>
            )}
            {base && <span className="citation-where">{t('citation.base', { base: base.name })}</span>}
          </div>
        </div>
        <h3 className="citation-subtitle">{t('citation.passage')}</h3>
        {/* Plain text: whatever the file held is shown as written, never parsed as markup. */}
        <blockquote className="citation-text" data-testid="citation-text">
          {citation.text}
        </blockquote>
        {openable && (
          <div className="field-row">
            <button
              type="button"
              className="button primary"
              data-testid="citation-open-file"
              onClick={() => void openSource(citation).then(setFailure)}
            >
              {t('citation.open')}
            </button>
          </div>
        )}
        {failure && (
          <p className="form-error" role="alert" data-testid="citation-open-error">
            {t('citation.openFailed', { message: failure })}
          </p>
        )}
      </div>
    </aside>
  );
}
