// The composer's side of attachments: the attach button, the chips of files waiting to be sent (each removable),
// the refusals in words, and the drop target shown while files are dragged over the window.
import { useContext, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { IMAGE_TYPES, TEXT_EXTENSIONS, type AttachmentPart, type AttachmentRefusal } from '../../../shared/attachments';
import { DOCUMENT_ERROR_WORDS, DOCUMENT_EXTENSIONS, documentSummary } from '../../../shared/document-words';
import { LocaleContext, useT, type Translate } from '../i18n';
import { useAppState } from '../store/appState';
import type { ComposerReading } from '../store/state';
import { CloseIcon, PaperclipIcon } from '../ui/icons';
import { AttachmentThumb, formatBytes } from './AttachmentThumb';
import './attachments.css';

const EMPTY: never[] = [];
const ACCEPT = [...IMAGE_TYPES, ...TEXT_EXTENSIONS.map((ext) => `.${ext}`), ...DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

export function AttachButton({ sessionKey, disabled }: { sessionKey: string; disabled: boolean }): JSX.Element {
  const t = useT();
  const attachFiles = useAppState((s) => s.attachFiles);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button composer-attach"
        data-testid="attach"
        aria-label={t('attach.button')}
        title={t('attach.hint')}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT}
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void attachFiles(sessionKey, files);
        }}
      />
    </>
  );
}

/** Chips of the files waiting in this composer, plus what was refused and why. Renders nothing when empty. */
export function ComposerAttachments({ sessionKey }: { sessionKey: string }): JSX.Element | null {
  const t = useT();
  const parts = useAppState((s) => s.composerAttachments[sessionKey] ?? EMPTY);
  const refusals = useAppState((s) => s.attachRefusals[sessionKey] ?? EMPTY);
  const adding = useAppState((s) => s.attaching[sessionKey] ?? 0);
  const allReadings = useAppState((s) => s.readings);
  const readings = useMemo(() => Object.entries(allReadings).filter(([, r]) => r.key === sessionKey), [allReadings, sessionKey]);
  const remove = useAppState((s) => s.removeAttachment);
  const dismiss = useAppState((s) => s.dismissRefusals);
  if (!parts.length && !refusals.length && !adding) return null;
  return (
    <div className="composer-attachments">
      {(parts.length > 0 || adding > 0) && (
        <ul className="attachment-chips" aria-label={t('attach.list')}>
          {parts.map((part) => (
            <li
              key={part.sha256}
              className="attachment-chip"
              data-testid="attachment-chip"
              data-kind={part.kind}
              {...(part.document?.pages !== undefined ? { 'data-pages': part.document.pages } : {})}
            >
              <AttachmentThumb part={part} width={32} height={32} />
              <span className="attachment-chip-name" title={part.name}>
                {part.name}
              </span>
              <span className="attachment-chip-size">
                <ChipSize part={part} />
              </span>
              <button
                type="button"
                className="attachment-chip-remove"
                aria-label={t('attach.remove', { name: part.name })}
                title={t('attach.remove', { name: part.name })}
                onClick={() => remove(sessionKey, part.sha256)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
          {readings.map(([readingId, reading]) => (
            <ReadingChip key={readingId} reading={reading} />
          ))}
        </ul>
      )}
      {refusals.length > 0 && (
        <div className="attachment-refusals" role="alert" data-testid="attachment-refusals">
          <ul>
            {refusals.map((refusal, i) => (
              <li key={i}>
                {refusal.reason === 'document' ? <DocumentRefusal name={refusal.name} code={refusal.code} /> : refusalText(t, refusal)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="icon-button"
            aria-label={t('attach.dismiss')}
            title={t('attach.dismiss')}
            onClick={() => dismiss(sessionKey)}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}

/** Slides for a presentation, pages for anything else the document worker reads. */
const SLIDES = /\.(pptx|odp)$/i;

/**
 * A file on its way in: its name and "Adding…", or for a document once main reports pages, "Reading… 120/500 pages"
 * over a bar of how far it has got.
 */
function ReadingChip({ reading }: { reading: ComposerReading }): JSX.Element {
  const t = useT();
  const { name, done, total } = reading;
  const words = total > 0 ? t(SLIDES.test(name) ? 'attach.readingSlides' : 'attach.readingPages', { done, total }) : t('attach.adding');
  return (
    <li
      className="attachment-chip attachment-chip-pending"
      data-testid="attachment-reading"
      {...(total > 0 ? { 'data-done': done, 'data-total': total } : {})}
    >
      <span className="attachment-chip-name" title={name}>
        {name}
      </span>
      <span className="attachment-chip-size" aria-live="polite">
        {words}
      </span>
      {total > 0 && <progress className="attachment-chip-progress" max={total} value={done} aria-label={words} />}
    </li>
  );
}

/** A chip's size: bytes, or for a document its pages/sheets and tokens ("12 pages · 3.4k tokens"). */
function ChipSize({ part }: { part: AttachmentPart }): string {
  const locale = useContext(LocaleContext);
  return part.document ? documentSummary(locale, part.document) : formatBytes(part.size);
}

/** A document's refusal words in the current locale ("protected: not read …"). */
function DocumentRefusal({ name, code }: { name: string; code: keyof (typeof DOCUMENT_ERROR_WORDS)['en'] }): string {
  const t = useT();
  const locale = useContext(LocaleContext);
  return t('attach.refused.document', { name, why: DOCUMENT_ERROR_WORDS[locale][code] });
}

/** Pixel counts read the same in both languages: 30,000. */
const COUNT = new Intl.NumberFormat('en-US');

/** A refusal in the person's words, naming the file and its type. */
export function refusalText(t: Translate, refusal: AttachmentRefusal): string {
  switch (refusal.reason) {
    case 'too_large':
      return t('attach.refused.too_large', { name: refusal.name, size: formatBytes(refusal.size), limit: formatBytes(refusal.limit) });
    case 'unsupported': {
      const type = refusal.label
        ? t(`attach.type.${refusal.label}`)
        : refusal.extension
          ? t('attach.type.extension', { ext: refusal.extension })
          : t('attach.type.unknown');
      return t('attach.refused.unsupported', { name: refusal.name, type });
    }
    case 'not_an_image': {
      const what =
        refusal.label === 'text'
          ? t('attach.notImage.text')
          : refusal.label
            ? t('attach.notImage.label', { type: t(`attach.type.${refusal.label}`) })
            : t('attach.notImage.unknown');
      return t('attach.refused.not_an_image', { name: refusal.name, ext: refusal.extension, what });
    }
    case 'too_many_pixels':
      return t('attach.refused.too_many_pixels', {
        name: refusal.name,
        width: COUNT.format(refusal.width),
        height: COUNT.format(refusal.height),
        limit: COUNT.format(refusal.limit / 1_000_000),
      });
    case 'too_many':
      return t('attach.refused.too_many', { name: refusal.name, limit: refusal.limit });
    case 'failed':
      return t('attach.refused.failed', { name: refusal.name, message: refusal.message });
    case 'document':
      return t('attach.refused.document', { name: refusal.name, why: DOCUMENT_ERROR_WORDS.en[refusal.code] });
    default:
      return t(`attach.refused.${refusal.reason}`, { name: refusal.name });
  }
}

/** True while files are dragged over the window; dropping them anywhere attaches them to this composer. */
export function useFileDrop(sessionKey: string, enabled: boolean): boolean {
  const attachFiles = useAppState((s) => s.attachFiles);
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let depth = 0;
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      // Without this the drop would be refused (or, in a browser, open the file in place of the app).
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      void attachFiles(sessionKey, [...(event.dataTransfer?.files ?? [])]);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      setDragging(false);
    };
  }, [sessionKey, enabled, attachFiles]);
  return dragging;
}

export function DropOverlay(): JSX.Element {
  const t = useT();
  return (
    <div className="drop-overlay" data-testid="drop-target" aria-hidden="true">
      <div className="drop-overlay-box">
        <PaperclipIcon />
        <span>{t('attach.drop')}</span>
      </div>
    </div>
  );
}
