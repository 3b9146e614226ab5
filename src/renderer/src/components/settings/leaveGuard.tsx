// How Settings is left (Done, Escape, the close button, the backdrop). Settings saves each change as it is made; what
// is typed into a field is saved when the field is left, and by leaving. Forms that edit one item (a provider, a
// preset, a server) save with their own Save and hold a draft until then: leaving with such a draft open asks first,
// so nothing typed is dropped without a word.
import { createContext, useContext, useEffect, useRef, useState } from 'react';

export interface LeaveGuard {
  /** `label` names an open form with unsaved changes; null: it has none (or is gone). */
  setDraft(key: symbol, label: string | null): void;
  /** Work to finish before Settings closes (a field's text not saved yet); resolves false when it failed. */
  setSaveOnLeave(key: symbol, save: (() => Promise<boolean>) | null): void;
}

export const LeaveGuardContext = createContext<LeaveGuard | null>(null);

/** The guard a Settings dialog provides, and what leaving needs to know of it. */
export function useLeaveGuardRoot(): { guard: LeaveGuard; drafts: () => string[]; saveAll: () => Promise<boolean> } {
  const [state] = useState(() => {
    const drafts = new Map<symbol, string>();
    const saves = new Map<symbol, () => Promise<boolean>>();
    const guard: LeaveGuard = {
      setDraft: (key, label) => (label === null ? drafts.delete(key) : drafts.set(key, label)),
      setSaveOnLeave: (key, save) => (save === null ? saves.delete(key) : saves.set(key, save)),
    };
    return {
      guard,
      drafts: () => [...drafts.values()],
      saveAll: async () => (await Promise.all([...saves.values()].map((save) => save()))).every(Boolean),
    };
  });
  return state;
}

/** Marks this form's changes as unsaved (named `label`) while `dirty`, for the question before leaving. */
export function useUnsavedDraft(label: string, dirty: boolean): void {
  const guard = useContext(LeaveGuardContext);
  const [key] = useState(() => Symbol('draft'));
  useEffect(() => {
    guard?.setDraft(key, dirty ? label : null);
  }, [guard, key, label, dirty]);
  useEffect(() => () => guard?.setDraft(key, null), [guard, key]);
}

/** Runs `save` (its latest version) before Settings closes; a false answer keeps Settings open. */
export function useSaveOnLeave(save: () => Promise<boolean>): void {
  const guard = useContext(LeaveGuardContext);
  const [key] = useState(() => Symbol('save'));
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    guard?.setSaveOnLeave(key, () => latest.current());
    return () => guard?.setSaveOnLeave(key, null);
  }, [guard, key]);
}
