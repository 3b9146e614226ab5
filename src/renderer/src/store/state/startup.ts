// Contract of the startup slice: the start (and restart) of the store.

export interface StartupSlice {
  /** Loads settings and the session list and subscribes to session events; also resets the store. */
  init(): Promise<void>;
}
