// The IPC handlers of attached files: an add (a document's reading progress goes out as events under the request's
// `readingId`) and a read by hash.
import { AppError } from '../../../shared/errors.js';
import { LIST_ENVELOPE, type SessionEventEnvelope } from '../../../shared/events.js';
import { readingProgressReporter, type AttachmentStore } from '../../attachments/index.js';
import type { InvokeHandlers } from '../router.js';

export function attachmentHandlers(
  attachments: AttachmentStore,
  emit: (envelope: SessionEventEnvelope) => void,
  attachmentGone: () => string,
) {
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
      if (!stored) throw new AppError('not_found', attachmentGone());
      return stored;
    },
  } satisfies Partial<InvokeHandlers>;
}
