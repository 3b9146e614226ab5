// The composer's attachments per session key: files read here, checked and stored by main (the renderer never names
// a path), shown as chips until sent; refusals worded by the composer; stored images shown through blob: URLs.
import type { StateCreator } from 'zustand';
import { ATTACHMENT_LIMITS, type AttachmentPart, type AttachmentRefusal } from '../../../shared/attachments';
import type { SessionEventEnvelope } from '../../../shared/events';
import { prepareFile } from '../attachments/prepare';
import { without } from './records';
import type { AppState, AttachmentsData, AttachmentsSlice } from './state';

export function initialAttachmentsData(): AttachmentsData {
  return { composerAttachments: {}, attachRefusals: {}, attaching: {}, readings: {} };
}

/** Main's report of how far a document being added is read moves its chip's progress (a late one changes nothing). */
export function documentProgressEffect(s: AppState, { event }: SessionEventEnvelope): Partial<AppState> {
  if (event.type !== 'document_progress') return {};
  const reading = s.readings[event.readingId];
  if (!reading || event.done < reading.done) return {};
  return { readings: { ...s.readings, [event.readingId]: { ...reading, done: event.done, total: event.total } } };
}

export const createAttachmentsSlice: StateCreator<AppState, [], [], AttachmentsSlice> = (set, get) => {
  return {
    ...initialAttachmentsData(),
    attachmentUrls: new Map(),

    async attachFiles(key, files) {
      if (files.length === 0) return;
      const room = ATTACHMENT_LIMITS.maxPerMessage - (get().composerAttachments[key]?.length ?? 0) - (get().attaching[key] ?? 0);
      const overflow = files
        .slice(Math.max(0, room))
        .map((file): AttachmentRefusal => ({ reason: 'too_many', name: file.name, limit: ATTACHMENT_LIMITS.maxPerMessage }));
      files = files.slice(0, Math.max(0, room));
      set((s) => ({
        attachRefusals: overflow.length ? { ...s.attachRefusals, [key]: overflow } : without(s.attachRefusals, key),
        attaching: { ...s.attaching, [key]: (s.attaching[key] ?? 0) + files.length },
      }));
      const queued = files.map((file) => ({ file, readingId: crypto.randomUUID() }));
      set((s) => ({
        readings: { ...s.readings, ...Object.fromEntries(queued.map((q) => [q.readingId, { key, name: q.file.name, done: 0, total: 0 }])) },
      }));
      for (const { file, readingId } of queued) {
        const refused = (refusal: AttachmentRefusal) =>
          set((s) => ({ attachRefusals: { ...s.attachRefusals, [key]: [...(s.attachRefusals[key] ?? []), refusal] } }));
        try {
          const prepared = await prepareFile(file);
          if ('refused' in prepared) {
            refused(prepared.refused);
            continue;
          }
          const result = await window.api.addAttachment({ ...prepared.request, readingId });
          if (!result.ok) {
            refused({ reason: 'failed', name: file.name, message: result.error.message });
          } else if ('refused' in result.value) {
            refused(result.value.refused);
          } else {
            const part = result.value.attachment;
            set((s) => ({ composerAttachments: addPart(s.composerAttachments, key, part) }));
          }
        } finally {
          set((s) => ({
            attaching: { ...s.attaching, [key]: Math.max(0, (s.attaching[key] ?? 1) - 1) },
            readings: without(s.readings, readingId),
          }));
        }
      }
    },

    removeAttachment(key, sha256) {
      set((s) => {
        const rest = (s.composerAttachments[key] ?? []).filter((part) => part.sha256 !== sha256);
        return { composerAttachments: rest.length ? { ...s.composerAttachments, [key]: rest } : without(s.composerAttachments, key) };
      });
    },

    dismissRefusals(key) {
      set((s) => ({ attachRefusals: without(s.attachRefusals, key) }));
    },

    attachmentUrl(sha256) {
      const urls = get().attachmentUrls;
      let url = urls.get(sha256);
      if (!url) {
        url = window.api.readAttachment({ sha256 }).then((result) => {
          if (!result.ok) {
            urls.delete(sha256);
            return undefined;
          }
          return URL.createObjectURL(new Blob([result.value.bytes as Uint8Array<ArrayBuffer>], { type: result.value.mimeType }));
        });
        urls.set(sha256, url);
      }
      return url;
    },
  };
};

/** Takes the composer's attachments for sending: the patch that empties it and the parts. */
export function takeAttachments(
  s: AttachmentsData,
  key: string,
): { parts: AttachmentPart[]; patch: Pick<AttachmentsData, 'composerAttachments'> } {
  return { parts: s.composerAttachments[key] ?? [], patch: { composerAttachments: without(s.composerAttachments, key) } };
}

/** Puts unsent attachments back into a composer, before what it holds now, without doubles. */
export function restoreAttachments(
  s: AttachmentsData,
  key: string,
  parts: readonly AttachmentPart[] | undefined,
): Partial<Pick<AttachmentsData, 'composerAttachments'>> {
  if (!parts?.length) return {};
  let next = s.composerAttachments;
  for (const part of [...parts].reverse()) next = addPart(next, key, part, true);
  return { composerAttachments: next };
}

function addPart(
  record: Record<string, AttachmentPart[]>,
  key: string,
  part: AttachmentPart,
  first = false,
): Record<string, AttachmentPart[]> {
  const current = record[key] ?? [];
  if (current.some((p) => p.sha256 === part.sha256)) return record;
  return { ...record, [key]: first ? [part, ...current] : [...current, part] };
}
