// The IPC handlers of attached files: an add (a document's reading progress goes out as events under the request's
// `readingId`), a read by hash, and a stored document opened with the system's viewer (a named copy: open-copy.ts).
import { AppError } from '../../../shared/errors.js';
import { LIST_ENVELOPE, type SessionEventEnvelope } from '../../../shared/events.js';
import { isOpenableDocument } from '../../../shared/document-words.js';
import { readingProgressReporter, writeOpenCopy, type AttachmentStore, type OpenCopyOptions } from '../../attachments/index.js';
import type { MainStrings } from '../../i18n.js';
import type { InvokeHandlers } from '../router.js';

export interface AttachmentHandlerOptions {
  emit: (envelope: SessionEventEnvelope) => void;
  strings: () => Pick<MainStrings, 'attachmentGone' | 'attachmentNotOpenable' | 'attachmentOpenFailed'>;
  /** Opens a file with the system's viewer ('' or why not); absent: nothing is opened (`opened` false). */
  openPath?: (file: string) => Promise<string>;
  openCopies?: OpenCopyOptions;
}

export function attachmentHandlers(attachments: AttachmentStore, { emit, strings, openPath, openCopies }: AttachmentHandlerOptions) {
  return {
    addAttachment: (request) => {
      const { readingId } = request;
      if (readingId === undefined) return attachments.add(request);
      const report = readingProgressReporter(({ done, total }) =>
        emit({ ...LIST_ENVELOPE, event: { type: 'document_progress', readingId, done, total } }),
      );
      return attachments.add(request, report);
    },
    readAttachment: async ({ sha256 }) => {
      const stored = await attachments.read(sha256);
      if (!stored) throw new AppError('not_found', strings().attachmentGone());
      return stored;
    },
    openAttachedDocument: async ({ sha256, name }) => {
      if (!isOpenableDocument(name)) throw new AppError('invalid_input', strings().attachmentNotOpenable());
      const stored = await attachments.read(sha256);
      if (!stored) throw new AppError('not_found', strings().attachmentGone());
      if (!openPath) return { opened: false };
      const failure = await openPath(await writeOpenCopy(stored.bytes, name, openCopies));
      if (failure) throw new AppError('internal', strings().attachmentOpenFailed(failure));
      return { opened: true };
    },
  } satisfies Partial<InvokeHandlers>;
}
