// What the virtualizer asks about every row each time it lays the list out: its key and, until it is measured, an
// estimate of its height. It asks for all rows after each measurement above them — a whole 20,000-row list when a
// row near the top is measured — so each answer here is an array read or a cached number, never a new string or a
// walk over the message's text.
import { useCallback, useMemo, useRef } from 'react';
import { messageText, type Message } from '../../../shared/messages';

/** Height of a row whose message is not loaded yet. */
export const PLACEHOLDER_PX = 96;

/** Estimates per message object (a message is replaced when it changes, so a stale estimate is never read). */
const estimates = new WeakMap<Message, number>();

/** A guess at a row's height before it is measured: enough to land near the right place when opening at the end. */
export function estimateRowHeight(message: Message | undefined): number {
  if (!message) return PLACEHOLDER_PX;
  let estimate = estimates.get(message);
  if (estimate === undefined) {
    estimate = guessRowHeight(message);
    estimates.set(message, estimate);
  }
  return estimate;
}

function guessRowHeight(message: Message): number {
  // Results are shown inside their call's block; their own row is empty.
  if (message.role === 'toolResult') return 0;
  const length = messageText(message).length;
  const base = message.role === 'user' ? 56 : 72;
  return base + Math.min(40, Math.ceil(length / 90)) * 22;
}

/** The key of row `index`: its index once loaded, `-1 - index` while a placeholder (a loaded row is measured afresh). */
export function rowKey(messages: readonly (Message | undefined)[], index: number): number {
  return messages[index] ? index : -1 - index;
}

/** The virtualizer's `estimateSize` and `getItemKey` for `messages`. */
export function useRowLayout(messages: readonly (Message | undefined)[]): {
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => number;
} {
  // A row keeps its placeholder's height until it is measured (a loaded row gets a new key, so its first measure
  // moves the scroll position for rows above the view): a page arriving above never shifts what the person is
  // reading. One flag per index that was ever laid out as a placeholder.
  const placeholders = useRef({ flags: new Uint8Array(0) }).current;
  const estimateSize = useCallback(
    (index: number) => {
      const message = messages[index];
      if (message) return placeholders.flags[index] ? PLACEHOLDER_PX : estimateRowHeight(message);
      if (index >= placeholders.flags.length) {
        const flags = new Uint8Array(Math.max(index + 1, messages.length, placeholders.flags.length * 2));
        flags.set(placeholders.flags);
        placeholders.flags = flags;
      }
      placeholders.flags[index] = 1;
      return PLACEHOLDER_PX;
    },
    [messages, placeholders],
  );
  // A new key function makes the virtualizer lay out every row again: only when rows were loaded or added, not for
  // each streamed word (a streamed word replaces one message; the loaded count and the length stay).
  const loadedRows = useMemo(() => countLoaded(messages), [messages]);
  const getItemKey = useMemo(
    () => (index: number) => rowKey(messages, index),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- which rows are loaded is all the keys depend on
    [loadedRows, messages.length],
  );
  return { estimateSize, getItemKey };
}

function countLoaded(messages: readonly (Message | undefined)[]): number {
  let loaded = 0;
  for (const message of messages) if (message) loaded += 1;
  return loaded;
}
