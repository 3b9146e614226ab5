// Which messages of a shown branch one page carries. Pure: the service hands in the branch and how to ref it.
//
// A page grows message by message until it holds `limit` messages or PAGE.chars serialized characters, whichever
// comes first, and always holds at least one (the message asked for, for `around`). Sizes and positions are kept per
// branch array in WeakMaps: a branch array is never mutated (a commit or a switch makes a new one), so they are right
// for as long as the loaded session holds that array, and go with it when the session is unloaded.
import { PAGE, type MessagePage, type PageWindow } from '../../shared/paging.js';
import type { Message } from '../../shared/messages.js';
import type { MessageRef } from '../../shared/sessions.js';
import type { MessageEntry } from './store/session-file.js';

/** Serialized size of each message, computed once per message object. */
const sizes = new WeakMap<Message, number>();
/** Message id → position, per branch array. */
const positions = new WeakMap<readonly MessageEntry[], Map<string, number>>();

function sizeOf(message: Message): number {
  let size = sizes.get(message);
  if (size === undefined) {
    size = JSON.stringify(message).length;
    sizes.set(message, size);
  }
  return size;
}

/** Position of `messageId` on `branch` (0 = first after the system message), or -1. */
export function positionOf(branch: readonly MessageEntry[], messageId: string): number {
  let map = positions.get(branch);
  if (!map) {
    map = new Map(branch.map((entry, i) => [entry.id, i]));
    positions.set(branch, map);
  }
  return map.get(messageId) ?? -1;
}

/** The range [from, to) of `branch` that `window` names, cut to the limits. `around` an unknown id → undefined. */
export function pageRange(
  branch: readonly MessageEntry[],
  window: PageWindow,
  limit: number = PAGE.messages,
): [number, number] | undefined {
  const count = Math.max(1, Math.min(limit, PAGE.maxMessages));
  const total = branch.length;
  // Whether one more message fits: the first always does.
  let chars = 0;
  const fits = (i: number, taken: number) => {
    const next = sizeOf(branch[i]!.message);
    if (taken > 0 && chars + next > PAGE.chars) return false;
    chars += next;
    return true;
  };
  if ('before' in window) {
    const to = Math.min(Math.max(0, window.before), total);
    let from = to;
    while (from > 0 && to - from < count && fits(from - 1, to - from)) from--;
    return [from, to];
  }
  if ('from' in window) {
    const from = Math.min(Math.max(0, window.from), total);
    let to = from;
    while (to < total && to - from < count && fits(to, to - from)) to++;
    return [from, to];
  }
  const at = positionOf(branch, window.around);
  if (at < 0) return undefined;
  // The message asked for, then one older and one newer in turn, so it lands near the middle of its page.
  let from = at;
  let to = at;
  let older = false;
  while (to - from < count && (from > 0 || to < total)) {
    const takeOlder = to - from > 0 && (older ? from > 0 : to >= total);
    const next = takeOlder ? from - 1 : to;
    if (!fits(next, to - from)) break;
    if (takeOlder) from--;
    else to++;
    older = !older;
  }
  return [from, to];
}

/** The page of `branch` over [from, to). */
export function pageOf(
  branch: readonly MessageEntry[],
  [from, to]: [number, number],
  refs: (entries: readonly MessageEntry[]) => MessageRef[],
): MessagePage {
  const entries = branch.slice(from, to);
  return {
    start: from,
    messages: entries.map((entry) => entry.message),
    refs: refs(entries),
    total: branch.length,
    leaf: branch.at(-1)?.id ?? null,
  };
}
