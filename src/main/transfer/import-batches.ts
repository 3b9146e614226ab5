// Conversations grouped into the batches the import worker sends main: in order, each batch full at ImportBatchLimits
// (a conversation larger than a batch goes alone), so what main takes in one task stays small whatever the file holds.
import type { ReadConversation } from './candidate.js';
import type { ImportBatchLimits } from './import-protocol.js';

/** What a refused conversation weighs in a batch: its title and reason. */
const FAILURE_BYTES = 256;

/** The bytes a conversation weighs in a batch: its session lines and its attached files. */
export function conversationBytes(conversation: ReadConversation): number {
  if (!conversation.ok) return FAILURE_BYTES;
  let bytes = conversation.candidate.bytes;
  for (const file of conversation.candidate.files.values()) bytes += file.byteLength;
  return bytes;
}

/** `conversations` in batches bounded by `limits`. */
export function* importBatches(
  conversations: Iterable<ReadConversation>,
  limits: ImportBatchLimits,
): Generator<{ items: ReadConversation[]; bytes: number }> {
  let items: ReadConversation[] = [];
  let bytes = 0;
  for (const conversation of conversations) {
    const weight = conversationBytes(conversation);
    if (items.length && (items.length >= limits.maxChats || bytes + weight > limits.maxBytes)) {
      yield { items, bytes };
      items = [];
      bytes = 0;
    }
    items.push(conversation);
    bytes += weight;
  }
  if (items.length) yield { items, bytes };
}
