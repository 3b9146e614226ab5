// What is wrong with the app as a whole (not one session), for the window to say: the data folder is used by another
// Tiny Agent, is read-only, the disk is full, or the folder may not be written; and the files main set aside at start
// (damaged, too large, from a newer Tiny Agent) — what it ignored and where the file as it was is kept.

/** One problem the window shows until it is gone. */
export type AppProblem = 'locked' | 'readOnly' | 'diskFull' | 'noPermission';

/** A file of the data folder main read at start. */
export type StartupFile = 'settings' | 'uiState' | 'attachmentRefs';

/**
 * A file main could not (wholly) use at start. It is never overwritten unread: either left as it is (`readOnly`: nothing
 * is saved to it while the app runs) or kept as `keptAs` before it is written anew.
 */
export interface StartupNotice {
  file: StartupFile;
  /** unreadable: not JSON, or not the expected shape; partlyUnreadable: some fields or entries were left out. */
  problem: 'unreadable' | 'newerVersion' | 'tooLarge' | 'partlyUnreadable';
  /** Settings left out, as the file names them (`theme`, `providers[1]`). */
  parts?: string[];
  /** Entries left out (of the window state). */
  count?: number;
  /** The size above which the file is not read (for `tooLarge`). */
  limitBytes?: number;
  /** Where the file as it was is kept, relative to the data folder. */
  keptAs?: string;
  /** The file was left as it is, and changes are not saved to it while the app runs. */
  readOnly?: boolean;
}

export interface AppStatus {
  /** Empty when everything works. */
  problems: AppProblem[];
  /** What main set aside at start, in the order settings, window state, attachment references. */
  notices: StartupNotice[];
}
