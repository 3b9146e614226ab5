// Find in the open chat (Ctrl/Cmd+F) over its whole shown branch, whether or not the window has loaded those pages.
//
// A scan of the branch, not a query of the search index: find matches any piece of text ("losure" in "closure",
// "a.b", half of a Chinese word) and counts every occurrence, which a term index (whole words as prefixes, CJK
// bigrams, ranked documents without counts) cannot answer. And the branch scanned is the one the session service
// holds for the open chat, so the answer is current at once, even while the index still catches up after a start.
// The cost is one pass over the chat's text: each message's folded text is kept per message object (messages are
// never mutated; a commit or a switch makes new branch arrays, not new messages), so a keystroke costs one indexOf
// pass (about 2 MB for 2,000 long answers), no folding and no file read. Folding is search's (shared/fold.ts).
import { foldText, foldWithOffsets } from '../../shared/fold.js';
import { messageText, type Message } from '../../shared/messages.js';
import type { FindMatch, FindResponse } from '../../shared/search.js';

/** Folded text of each shown message, folded as the renderer's marks fold it (character by character). */
const folded = new WeakMap<Message, string>();

/** Messages folded since start (tests count work with it). */
export const findWork = { foldedMessages: 0 };

function foldedText(message: Message): string {
  let text = folded.get(message);
  if (text === undefined) {
    text = foldWithOffsets(messageText(message)).folded;
    folded.set(message, text);
    findWork.foldedMessages += 1;
  }
  return text;
}

/** Non-overlapping occurrences of `needle` in `haystack`, left to right (as the marks count them). */
function countOf(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Every shown user / assistant message of `branch` (system excluded, root → leaf) holding `query`, in order. */
export function findInBranch(branch: readonly { id: string; message: Message }[], query: string): FindResponse {
  const needle = foldText(query.trim());
  const matches: FindMatch[] = [];
  if (needle) {
    branch.forEach(({ id, message }, position) => {
      if (message.role !== 'user' && message.role !== 'assistant') return;
      const count = countOf(foldedText(message), needle);
      if (count > 0) matches.push({ messageId: id, position, count });
    });
  }
  return { matches, total: branch.length, leaf: branch.at(-1)?.id ?? null };
}
