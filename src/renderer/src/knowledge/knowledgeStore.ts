// The window's view of the knowledge bases and what it may ask of them, in a store of its own: the list as main
// reports it (answers of changes and `knowledge_status` events while indexing moves on), each chat's choice of bases,
// and opening a cited file. A change's refusal is kept in words, per base, for the row that asked.
import { useMemo } from 'react';
import { create } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { KnowledgeBaseView, KnowledgeCitation, KnowledgePathKind, KnowledgeView } from '../../../shared/knowledge';
import { useAppState } from '../store/appState';
import { fileName } from './knowledgeWords';
import { chooseNewChatKnowledge, useNewChatKnowledge } from './newChatKnowledge';

/** Where a refusal is shown: a base's row (its id), `section` (creating, reading the list) or `chat` (a chat's choice). */
export type KnowledgeErrorPlace = string;

export interface KnowledgeState {
  /** Null until main first answered. */
  view: KnowledgeView | null;
  /** The last refusal, in main's words, with the row (base id) or part that asked; null after a success there. */
  error: { place: KnowledgeErrorPlace; message: string } | null;
  /** Settings was opened to show the knowledge section (the sidebar's entry): it scrolls there once. */
  revealRequested: boolean;
  /** A base being made from a folder while main's dialog is open: not shown until it holds the folder. */
  forming: string | null;
  load(): Promise<void>;
  create(name: string): Promise<KnowledgeBaseView | null>;
  /**
   * A new base holding the folder chosen in main's dialog, named after it; null when the dialog was cancelled (then
   * nothing is left behind) or main refused.
   */
  createFromFolder(placeholder: string): Promise<KnowledgeBaseView | null>;
  rename(kbId: string, name: string): Promise<boolean>;
  remove(kbId: string): Promise<boolean>;
  addPaths(kbId: string, kind: KnowledgePathKind): Promise<boolean>;
  removePath(kbId: string, path: string): Promise<boolean>;
  setEmbedding(kbId: string, embedding: { providerId: string; model: string } | null): Promise<boolean>;
  reindex(kbId: string): Promise<boolean>;
  /** The open chat's bases (the new chat's choice until it is created). */
  setChatKnowledge(kbIds: string[]): Promise<boolean>;
  /** Opens a cited file (a base's, or the attached document) with the system's viewer; the refusal's words, or null. */
  openSource(citation: KnowledgeCitation): Promise<string | null>;
}

export const useKnowledge = create<KnowledgeState>((set, get) => {
  /** Runs one change; its answer (the whole list) replaces the view, a refusal is kept for `place`. */
  const change = async (place: KnowledgeErrorPlace, call: () => Promise<IpcResult<KnowledgeView>>): Promise<boolean> => {
    const result = await call();
    if (result.ok) set({ view: result.value, error: null });
    else set({ error: { place, message: result.error.message } });
    return result.ok;
  };
  return {
    view: null,
    error: null,
    revealRequested: false,
    forming: null,
    async load() {
      const result = await window.api.listKnowledgeBases();
      if (result.ok) set({ view: result.value });
      else set({ error: { place: 'section', message: result.error.message } });
    },
    async create(name) {
      const result = await window.api.createKnowledgeBase({ name });
      if (!result.ok) {
        set({ error: { place: 'section', message: result.error.message } });
        return null;
      }
      const base = result.value;
      // The event with the whole list may come before or after this answer: the new base shows either way, once.
      set((s) => ({
        error: null,
        view: s.view?.bases.some((b) => b.id === base.id) ? s.view : { ...s.view, bases: [...(s.view?.bases ?? []), base] },
      }));
      return base;
    },
    async createFromFolder(placeholder) {
      const base = await get().create(placeholder);
      if (!base) return null;
      set({ forming: base.id });
      try {
        const added = await window.api.addKnowledgePaths({ kbId: base.id, kind: 'folder' });
        const folder = added.ok ? added.value.bases.find((b) => b.id === base.id)?.paths[0] : undefined;
        if (!added.ok || !folder) {
          // Cancelled or refused: the empty base made for it goes again.
          await change('section', () => window.api.deleteKnowledgeBase({ kbId: base.id }));
          if (!added.ok) set({ error: { place: 'section', message: added.error.message } });
          return null;
        }
        set({ view: added.value, error: null });
        const name = fileName(folder);
        if (name !== placeholder) await change(base.id, () => window.api.renameKnowledgeBase({ kbId: base.id, name }));
        return get().view?.bases.find((b) => b.id === base.id) ?? null;
      } finally {
        set({ forming: null });
      }
    },
    rename: (kbId, name) => change(kbId, () => window.api.renameKnowledgeBase({ kbId, name })),
    remove: (kbId) => change(kbId, () => window.api.deleteKnowledgeBase({ kbId })),
    addPaths: (kbId, kind) => change(kbId, () => window.api.addKnowledgePaths({ kbId, kind })),
    removePath: (kbId, path) => change(kbId, () => window.api.removeKnowledgePath({ kbId, path })),
    setEmbedding: (kbId, embedding) => change(kbId, () => window.api.setKnowledgeEmbedding({ kbId, embedding })),
    reindex: (kbId) => change(kbId, () => window.api.reindexKnowledgeBase({ kbId })),
    async setChatKnowledge(kbIds) {
      const sessionId = useAppState.getState().currentSession.id;
      if (sessionId === null) {
        chooseNewChatKnowledge(kbIds);
        return true;
      }
      const result = await window.api.setSessionKnowledge({ sessionId, kbIds });
      if (!result.ok) {
        set({ error: { place: 'chat', message: result.error.message } });
        return false;
      }
      set({ error: get().error?.place === 'chat' ? null : get().error });
      useAppState.setState((s) =>
        s.currentSession.id === sessionId
          ? { currentSession: { ...s.currentSession, chat: { ...s.currentSession.chat, knowledgeBases: result.value.knowledgeBases } } }
          : {},
      );
      return true;
    },
    async openSource(citation) {
      const result = citation.attachment
        ? await window.api.openAttachedDocument({ sha256: citation.attachment, name: citation.file })
        : await window.api.openKnowledgeFile({ file: citation.file });
      return result.ok ? null : result.error.message;
    },
  };
});

/** The bases the open chat searches: its own choice, or the new chat's until it is created. */
export function useChatKnowledge(): readonly string[] {
  const stored = useAppState((s) => (s.currentSession.id === null ? null : (s.currentSession.chat.knowledgeBases ?? NONE)));
  const draft = useNewChatKnowledge((s) => s.kbIds);
  return stored ?? draft;
}
const NONE: readonly string[] = [];

/** Takes main's `knowledge_status` events (the whole list, as indexing moves on). */
export function knowledgeEvent({ event }: SessionEventEnvelope): void {
  if (event.type === 'knowledge_status') useKnowledge.setState({ view: event.knowledge });
}

/** Loads the list and follows main's changes to it; returns the unsubscribe function. */
export function startKnowledge(): () => void {
  void useKnowledge.getState().load();
  return window.api.onSessionEvent(knowledgeEvent);
}

/** Opens Settings at the knowledge section (the sidebar's entry). */
export function revealKnowledgeSettings(): void {
  useKnowledge.setState({ revealRequested: true });
  useAppState.getState().setSettingsOpen(true);
}

/** The bases a person sees: all but one still being made from a folder (main's dialog is open for it). */
export function useShownBases(): readonly KnowledgeBaseView[] | undefined {
  const bases = useKnowledge((s) => s.view?.bases);
  const forming = useKnowledge((s) => s.forming);
  return useMemo(() => (forming ? bases?.filter((base) => base.id !== forming) : bases), [bases, forming]);
}
