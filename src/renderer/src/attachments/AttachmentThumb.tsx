// A stored attachment as a small picture: the image itself (its scaled copy when it has one) from a blob: URL,
// or a document glyph for a text file.
import { useEffect, useState, type JSX } from 'react';
import type { AttachmentPart } from '../../../shared/attachments';
import { useAppState } from '../store/appState';
import { FileIcon } from '../ui/icons';

/** A blob: URL for a stored file, or undefined while loading or when it is gone. */
export function useAttachmentUrl(sha256: string | undefined): string | undefined {
  const attachmentUrl = useAppState((s) => s.attachmentUrl);
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!sha256) return;
    let live = true;
    void attachmentUrl(sha256).then((next) => live && setUrl(next));
    return () => {
      live = false;
    };
  }, [sha256, attachmentUrl]);
  return url;
}

/** The hash of the bytes best shown small: the scaled copy when there is one. */
export const displayHash = (part: AttachmentPart): string => part.scaled?.sha256 ?? part.sha256;

export function AttachmentThumb({ part, width, height }: { part: AttachmentPart; width: number; height: number }): JSX.Element {
  const url = useAttachmentUrl(part.kind === 'image' ? displayHash(part) : undefined);
  if (part.kind !== 'image') {
    return (
      <span className="attachment-thumb attachment-thumb-file" style={{ width, height }}>
        <FileIcon />
      </span>
    );
  }
  return (
    <span className="attachment-thumb" style={{ width, height }}>
      {url && <img src={url} alt="" draggable={false} />}
    </span>
  );
}

/** 1,234 B · 12.3 KB · 4.5 MB (binary multiples, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
