// The pick a compare leaves to make, kept across a restart. When a compare ends with answers stored, the chat's file
// gets a `comparePick` meta line naming each column's model and answer; a switch to one of those answers (the pick)
// or a dismissal writes `null`. The window is offered the pick again only while the chat still shows one of the
// answers last: once something was sent after them, the choice was made by going on.
import type { PendingCompare } from '../../../shared/compare.js';
import type { Loaded } from '../session-context.js';

/** The pick to offer for `loaded` now, or undefined (none stored, already gone on from, or its answers gone). */
export function pendingCompare(loaded: Loaded): PendingCompare | undefined {
  const pick = loaded.comparePick;
  const last = loaded.branch.at(-1);
  if (!pick || !last || !pick.columns.some((column) => column.messageId === last.id)) return undefined;
  const versions = loaded.tree.versionsOf(last.id);
  const columns: PendingCompare['columns'] = [];
  for (const [i, column] of pick.columns.entries()) {
    const runId = `pick-${i}`;
    const at = column.messageId === undefined ? -1 : versions.findIndex((entry) => entry.id === column.messageId);
    const entry = versions[at];
    if (!entry || entry.message.role !== 'assistant') {
      columns.push({ runId, model: column.model });
      continue;
    }
    columns.push({ runId, model: column.model, messageId: entry.id, version: at + 1, versions: versions.length, message: entry.message });
  }
  return { userText: pick.userText, columns };
}

/** True when a switch to `messageId` picks one of the pending answers. */
export function picks(loaded: Loaded, messageId: string): boolean {
  return loaded.comparePick?.columns.some((column) => column.messageId === messageId) ?? false;
}
