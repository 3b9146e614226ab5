// The composer's text, per session key (NEW_CHAT_KEY for the new chat), and the two rules for moving text in and out
// of it: text given back (a failed run, unsent text from the last quit) never overwrites what is there nor appears
// twice, and a send empties the composer only when it still holds exactly what was sent.
import type { StateCreator } from 'zustand';
import { without } from './records';
import type { AppState, ComposerSlice } from './state';

export function composerInitial(): Pick<ComposerSlice, 'composerText'> {
  return { composerText: {} };
}

export const createComposerSlice: StateCreator<AppState, [], [], ComposerSlice> = (set) => ({
  ...composerInitial(),
  setComposerText(key, text) {
    set((s) => ({ composerText: text ? { ...s.composerText, [key]: text } : without(s.composerText, key) }));
  },
});

/** Puts text back into a composer without overwriting what is there (and without adding it twice). */
export function restoreComposerText(texts: Record<string, string>, key: string, text: string): Record<string, string> {
  if (!text.trim()) return texts;
  const current = texts[key] ?? '';
  if (current.includes(text)) return texts;
  return { ...texts, [key]: current.trim() ? `${text}\n\n${current}` : text };
}

/** Empties a composer only when it still holds exactly the text being sent. */
export function takeComposerText(texts: Record<string, string>, key: string, text: string): Record<string, string> {
  return (texts[key] ?? '').trim() === text ? without(texts, key) : texts;
}
