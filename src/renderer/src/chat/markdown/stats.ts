// Counters of the markdown pipeline, read by tests and the bench to check how much text the parser sees.

/**
 * Characters handed to marked's lexer (every lex call adds its input length), the number of lex calls, the
 * characters of HTML handed to the sanitizer, and the characters of code handed to the highlighter.
 */
export const markdownStats = { parsedChars: 0, lexCalls: 0, sanitizedChars: 0, highlightedChars: 0 };

/** Sets every counter back to zero. */
export function resetMarkdownStats(): void {
  markdownStats.parsedChars = 0;
  markdownStats.lexCalls = 0;
  markdownStats.sanitizedChars = 0;
  markdownStats.highlightedChars = 0;
}
