// Automatic session names: the first line of the first user message, shortened for the sidebar.

/** Longest automatic name, in characters (code points), the ellipsis included. */
export const AUTO_NAME_MAX_CHARS = 40;

/** The name a session gets from its first user message: first non-blank line, trimmed, whitespace collapsed, cut with '…'. */
export function autoName(text: string, maxChars = AUTO_NAME_MAX_CHARS): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim().length > 0) ?? '';
  const collapsed = line.trim().replace(/\s+/g, ' ');
  // Array.from splits by code point, so an emoji or a surrogate pair is never cut in half.
  const chars = Array.from(collapsed);
  if (chars.length <= maxChars) return collapsed;
  return `${chars
    .slice(0, maxChars - 1)
    .join('')
    .trimEnd()}…`;
}
