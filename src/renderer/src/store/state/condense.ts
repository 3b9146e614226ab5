// The condense slice's contract: the open chat's condensed history as main reports it, and what the person may do.
import type { CondenseView } from '../../../../shared/condense';

export interface CondenseSlice {
  /** Of the chat `sessionId` (the open one); null until asked. */
  condense: { sessionId: string; view: CondenseView; open: boolean; working: boolean } | null;
  loadCondense(sessionId: string): Promise<void>;
  condenseNow(sessionId: string): Promise<void>;
  undoCondense(sessionId: string): Promise<void>;
  setCondenseOff(sessionId: string, off: boolean): Promise<void>;
  /** Shows or hides the summary's text under its marker. */
  toggleSummary(): void;
}
