// Which citation the citation panel shows: at most one at a time, opened from a `citation` mark in an answer. The
// panel and the live preview share the side of the window: opening one closes the other.
import { create } from 'zustand';
import type { KnowledgeCitation } from '../../../shared/knowledge';
import { closePreview } from '../preview/previewStore';

/** One opened citation; `serial` changes on every opening (the panel takes focus again). */
export interface OpenCitation {
  citation: KnowledgeCitation;
  serial: number;
}

interface CitationState {
  open: OpenCitation | null;
}

export const useCitation = create<CitationState>(() => ({ open: null }));

let serial = 0;

export function openCitation(citation: KnowledgeCitation): void {
  closePreview();
  useCitation.setState({ open: { citation, serial: ++serial } });
}

export function closeCitation(): void {
  useCitation.setState({ open: null });
}
