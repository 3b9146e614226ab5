// The attachments of a sent message: image thumbnails that open larger in a dialog, chips for text files, and for a
// document its pages and tokens and, when it was chunked, which parts went ("pages 3, 7 sent").
import { useContext, useState, type JSX } from 'react';
import { createPortal } from 'react-dom';
import type { AttachmentPart } from '../../../shared/attachments';
import { Dialog } from '../ui/Dialog';
import { FileIcon } from '../ui/icons';
import { documentSummary, sentPartsNote } from '../../../shared/document-words';
import { LocaleContext, useT } from '../i18n';
import { AttachmentThumb, displayHash, formatBytes, useAttachmentUrl } from './AttachmentThumb';

export function MessageAttachments({ parts }: { parts: readonly AttachmentPart[] }): JSX.Element {
  const t = useT();
  const locale = useContext(LocaleContext);
  const [open, setOpen] = useState<AttachmentPart | null>(null);
  const images = parts.filter((part) => part.kind === 'image');
  const files = parts.filter((part) => part.kind !== 'image');
  return (
    <div className="msg-attachments">
      {images.length > 0 && (
        <div className="msg-images">
          {images.map((part) => (
            <button
              key={part.sha256}
              type="button"
              className="msg-image"
              data-testid="message-image"
              data-sha256={part.sha256}
              aria-label={t('attach.open', { name: part.name })}
              title={part.name}
              onClick={() => setOpen(part)}
            >
              <AttachmentThumb part={part} {...thumbSize(part)} />
            </button>
          ))}
        </div>
      )}
      {files.map((part) => {
        const sent = part.document?.sent && sentPartsNote(locale, part.document.sent);
        const chip = (
          <span key={part.sha256} className="msg-file" data-testid="message-file" data-kind={part.kind} title={part.name}>
            <FileIcon />
            <span className="msg-file-name">{part.name}</span>
            <span className="msg-file-size">{part.document ? documentSummary(locale, part.document) : formatBytes(part.size)}</span>
          </span>
        );
        if (!sent) return chip;
        return (
          <span key={part.sha256} className="msg-document">
            {chip}
            <span className="msg-document-sent" data-testid="message-document-sent">
              {sent}
            </span>
          </span>
        );
      })}
      {/* In the document body: a row of the virtualized list is transformed, which would pin a fixed dialog to it. */}
      {open && createPortal(<ImageViewer part={open} onClose={() => setOpen(null)} />, document.body)}
    </div>
  );
}

/** A thumbnail keeps the picture's shape within 240 × 160 (a square when the size is unknown). */
function thumbSize(part: AttachmentPart): { width: number; height: number } {
  const width = part.width ?? 1;
  const height = part.height ?? 1;
  const scale = Math.min(240 / width, 160 / height, 1);
  return { width: Math.max(40, Math.round(width * scale)), height: Math.max(40, Math.round(height * scale)) };
}

/** The image as large as the window allows, in a dialog (Escape, the backdrop or Close end it). */
function ImageViewer({ part, onClose }: { part: AttachmentPart; onClose: () => void }): JSX.Element {
  const t = useT();
  const url = useAttachmentUrl(displayHash(part));
  const size = part.width && part.height ? `${part.width} × ${part.height} · ${formatBytes(part.size)}` : formatBytes(part.size);
  return (
    <Dialog title={part.name} onClose={onClose} className="image-viewer" testId="image-viewer">
      <div className="image-viewer-body">
        {url ? <img src={url} alt={part.name} /> : <p>{t('attach.unavailable', { name: part.name })}</p>}
      </div>
      <div className="image-viewer-bar">
        <span className="image-viewer-meta">{size}</span>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('attach.viewerClose')}
        </button>
      </div>
    </Dialog>
  );
}
