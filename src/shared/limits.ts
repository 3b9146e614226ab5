// Upper bounds of what one request may carry, enforced by main's validation and respected by the window's inputs.

/** Upper bounds enforced by main's validation. */
export const LIMITS = {
  /** Sessions a window asks for at once: before its first paint (a screenful with room to spare), then per page. */
  maxFirstSessions: 1_000,
  /** Characters of one user message. */
  maxMessageChars: 200_000,
  maxNameChars: 200,
  maxSystemPromptChars: 20_000,
  maxUrlChars: 2_048,
  maxSearchChars: 500,
  maxSearchHits: 200,
} as const;
