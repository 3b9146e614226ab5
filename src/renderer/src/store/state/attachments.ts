// Contract of the attachments slice: each composer's files, the ones refused, and the blob: URLs that show them.
import type { AttachmentPart, AttachmentRefusal } from '../../../../shared/attachments';

export interface AttachmentsData {
  /** Attachments waiting in each composer (by session key), in the order they were added. */
  composerAttachments: Record<string, AttachmentPart[]>;
  /** Files refused for each composer, until dismissed or the next add. */
  attachRefusals: Record<string, AttachmentRefusal[]>;
  /** Files being read, scaled or stored, per composer. */
  attaching: Record<string, number>;
  /** Each file being added, by the reading id its add names: its composer, its name, and how far main has read it. */
  readings: Record<string, ComposerReading>;
}

/** A file on its way into a composer; `total` is 0 until main reports pages (a document) — for others it stays 0. */
export interface ComposerReading {
  key: string;
  name: string;
  done: number;
  total: number;
}

export interface AttachmentsActions {
  /** Reads, scales (images over the side limit) and stores `files` for the composer of `key`. */
  attachFiles(key: string, files: readonly File[]): Promise<void>;
  removeAttachment(key: string, sha256: string): void;
  dismissRefusals(key: string): void;
  /** A blob: URL showing a stored attachment, or undefined when it cannot be read. */
  attachmentUrl(sha256: string): Promise<string | undefined>;
}

export interface AttachmentsSlice extends AttachmentsData, AttachmentsActions {
  /**
   * Not rendered: blob URLs of stored files by hash, kept for the page's life (a conversation shows the same images
   * again and again). Owned by this slice and filled in place; `init` keeps it, as the files do not change.
   */
  attachmentUrls: Map<string, Promise<string | undefined>>;
}
