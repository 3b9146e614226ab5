// What the message rows may do besides showing a message: edit a question, regenerate an answer, move between
// versions. Handed down by context so a run starting or an edit opening re-renders the small parts that offer these,
// never the memoized rows themselves.
import { createContext, useContext } from 'react';

export interface RowActions {
  /** Nothing runs in the session: edit, regenerate and version switches are offered. */
  idle: boolean;
  /** Stored id of the question being edited, or null. */
  editing: string | null;
  /** Text typed into edit boxes, by message id: survives the row scrolling out of view and back. */
  editDrafts: Map<string, string>;
  startEdit(messageId: string): void;
  cancelEdit(): void;
  /** Present when editing is offered at all. */
  saveEdit?: (messageId: string, text: string) => void;
  /** Present when regenerating is offered at all; `messageId` undefined means the last answer. */
  regenerate?: (messageId: string | undefined) => void;
  /** Present when version switches are offered at all. */
  switchVersion?: (messageId: string, version: number) => void;
  /** Present when "New chat from here" is offered at all. */
  fork?: (messageId: string) => void;
}

const inert: RowActions = { idle: false, editing: null, editDrafts: new Map(), startEdit: () => undefined, cancelEdit: () => undefined };

export const RowActionsContext = createContext<RowActions>(inert);

export function useRowActions(): RowActions {
  return useContext(RowActionsContext);
}
