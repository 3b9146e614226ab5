// Contract of the app-status slice: the app-wide problems main reports (data folder locked, read-only, disk full).
import type { AppProblem } from '../../../../shared/app-status';

export interface AppStatusSlice {
  /** Empty when everything works. */
  appProblems: AppProblem[];
  /** Asks main again; a failed ask keeps what is shown. */
  loadAppStatus(): Promise<void>;
}
