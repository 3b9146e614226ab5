// Counts renders of message rows, for tests that check a streaming update re-renders only its own row.
// Off by default: in the app the only cost is one boolean check per row render.

/** `enabled` turns counting on; `counts` maps a message's index to how many times its row rendered. */
export const rowRenders = { enabled: false, counts: new Map<number, number>() };

/** Called from a row's body; counts only while `rowRenders.enabled`. */
export function countRowRender(index: number): void {
  if (rowRenders.enabled) rowRenders.counts.set(index, (rowRenders.counts.get(index) ?? 0) + 1);
}
