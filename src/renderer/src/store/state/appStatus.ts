// Contract of the app-status slice: the app-wide problems main reports (data folder locked, read-only, disk full) and
// the files it set aside at start.
import type { AppProblem, StartupNotice } from '../../../../shared/app-status';

export interface AppStatusSlice {
  /** Empty when everything works. */
  appProblems: AppProblem[];
  /** Files main set aside at start, until the person dismisses them (for this run). */
  appNotices: StartupNotice[];
  /** The notices were dismissed: later asks of main do not bring them back. */
  noticesDismissed: boolean;
  dismissNotices(): void;
  /** Asks main again; a failed ask keeps what is shown. */
  loadAppStatus(): Promise<void>;
}
