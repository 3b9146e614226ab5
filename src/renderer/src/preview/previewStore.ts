// What the preview panel shows: at most one preview at a time, opened from a code block's Preview button or from an
// answer that is one web page; and "Open in browser", which main writes to a temporary file only when asked.
import { create } from 'zustand';
import type { PreviewKind } from '../../../shared/preview-document';

export type { PreviewKind };

/** Where a preview came from: one code block, or the whole answer. */
export type PreviewOrigin = 'block' | 'answer';

/** One preview: the code, its kind, and a serial that changes on every opening (the frame starts afresh). */
export interface PreviewRequest {
  kind: PreviewKind;
  source: string;
  origin: PreviewOrigin;
  serial: number;
}

interface PreviewState {
  preview: PreviewRequest | null;
  /** Why the last "Open in browser" failed, readable; null after a success or a new preview. */
  browserError: string | null;
}

export const usePreview = create<PreviewState>(() => ({ preview: null, browserError: null }));

let serial = 0;

/** Opens (or replaces) the preview with `source`. */
export function openPreview(kind: PreviewKind, source: string, origin: PreviewOrigin = 'block'): void {
  usePreview.setState({ preview: { kind, source, origin, serial: ++serial }, browserError: null });
}

/** Runs the open preview again from the start. */
export function reloadPreview(): void {
  const { preview } = usePreview.getState();
  if (preview) usePreview.setState({ preview: { ...preview, serial: ++serial } });
}

export function closePreview(): void {
  usePreview.setState({ preview: null, browserError: null });
}
