// Contract of the composer slice: the composer's text per session key.

export interface ComposerSlice {
  /** Composer text per session key (NEW_CHAT_KEY for the new chat). */
  composerText: Record<string, string>;
  setComposerText(key: string, text: string): void;
}
