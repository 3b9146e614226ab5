// Contract of the compare slice: one question to several models side by side, picking one, and forking a chat.
import type { CompareColumnEnd } from '../../../../shared/compare';
import type { AssistantMessage } from '../../../../shared/messages';
import type { ModelRef } from '../../../../shared/settings';

/** One column as the window shows it: the answer streaming (or stored) for one model. */
export interface CompareColumnView {
  runId: string;
  model: ModelRef;
  message: AssistantMessage;
  state: 'streaming' | 'saved' | 'failed';
  error?: string;
  /** What main stored, once the whole compare ended. */
  end?: CompareColumnEnd;
}

/** The compare of the open chat (the last one, until a pick or a close). */
export interface CompareView {
  sessionId: string;
  compareId: string;
  userText: string;
  columns: CompareColumnView[];
  ended: boolean;
  /** Column shown in a narrow window (tabs). */
  tab: number;
  /** Brought back from main after a restart (the pick was still to make): its columns cannot be answered again. */
  restored?: boolean;
}

export interface CompareSlice {
  /** The compare bar is open: the next send asks every chosen model. */
  compareOpen: boolean;
  /** Models chosen in the compare bar, in the order chosen. */
  compareModels: ModelRef[];
  compare: CompareView | null;
  toggleCompare(): void;
  toggleCompareModel(model: ModelRef): void;
  /** Asks `text` of every chosen model in the open chat (creating the new chat first). */
  startCompare(text: string): Promise<void>;
  /** Stops one column (by run id) or all. */
  stopCompare(runId?: string): Promise<void>;
  regenerateColumn(runId: string): Promise<void>;
  /** Keeps the column's answer as the shown version; the others stay as versions beside it. */
  pickColumn(index: number): Promise<void>;
  setCompareTab(index: number): void;
  /** Closes an ended compare without a pick: the answer shown stays, and main stops offering the pick. */
  closeCompare(): void;
  /** The chosen models become the chat's default compare set (null: forget it). */
  keepCompareSet(keep: boolean): Promise<void>;
  /** Asks the chat's model to merge the versions of answer `messageId`. */
  mergeAnswers(messageId: string): Promise<void>;
  /** "New chat from here": opens a new chat holding the shown branch up to `messageId`. */
  forkFrom(messageId: string): Promise<void>;
}
