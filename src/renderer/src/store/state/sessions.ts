// Contract of the sessions slice: the sidebar's list, the session that is open, and the actions that change them.
import type { SessionSummary } from '../../../../shared/sessions';
import type { OpenSession } from '../openSession';

export interface SessionsSlice {
  /** Sidebar summaries, newest activity first. */
  sessions: SessionSummary[];
  /** Main is rebuilding its missing index: more sessions will be listed (the sidebar says so instead of "no chats"). */
  findingSessions: boolean;
  currentSession: OpenSession;
  /** A create / open / rename / delete is in flight: sidebar and composer are locked. */
  isSessionLoading: boolean;
  /**
   * A chat the person picked while the sidebar was locked: it opens as soon as the lock is released (the last pick
   * wins), so a click during a load is never dropped. Its row shows it is on its way.
   */
  pendingOpen: { id: string; aroundMessageId?: string } | null;
  /** Shows the new chat; nothing is created until the first send. */
  newChat(): void;
  /** Opens a chat at its newest messages; `aroundMessageId` also loads the page around that message (already open too).
   *  A chat picked closes the narrow drawer; one reopened at start (`restoring`) leaves the drawer as the person set it. */
  openSession(id: string, options?: { aroundMessageId?: string; restoring?: boolean }): Promise<void>;
  renameSession(id: string, name: string): Promise<boolean>;
  /** Keeps a session at the top of the sidebar, or lets it go back to its date group. */
  pinSession(id: string, pinned: boolean): Promise<void>;
  deleteSession(id: string): Promise<boolean>;
}
