// What is wrong with the app as a whole (not one session), for the window to say: the data folder is used by another
// Tiny Agent, is read-only, the disk is full, or the folder may not be written.

/** One problem the window shows until it is gone. */
export type AppProblem = 'locked' | 'readOnly' | 'diskFull' | 'noPermission';

export interface AppStatus {
  /** Empty when everything works. */
  problems: AppProblem[];
}
