// What the preview panel shows: at most one preview at a time, opened from a code block's Preview button.
import { create } from 'zustand';

/** The languages a preview runs. */
export type PreviewKind = 'html' | 'svg';

/** One preview: the code, its kind, and a serial that changes on every opening (the frame starts afresh). */
export interface PreviewRequest {
  kind: PreviewKind;
  source: string;
  serial: number;
}

interface PreviewState {
  preview: PreviewRequest | null;
}

export const usePreview = create<PreviewState>(() => ({ preview: null }));

let serial = 0;

/** Opens (or replaces) the preview with `source`. */
export function openPreview(kind: PreviewKind, source: string): void {
  usePreview.setState({ preview: { kind, source, serial: ++serial } });
}

/** Runs the open preview again from the start. */
export function reloadPreview(): void {
  const { preview } = usePreview.getState();
  if (preview) usePreview.setState({ preview: { ...preview, serial: ++serial } });
}

export function closePreview(): void {
  usePreview.setState({ preview: null });
}
