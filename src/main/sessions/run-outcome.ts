// The commit rule: given what a run added to the transcript, is it stored (and as what), or rolled back (and why)?
//
// - The final assistant message decides. Success with content → commit. Empty → `empty_reply`. Error → the provider's
//   cause. A partial success (turn 1 called tools fine, turn 2 failed) is rolled back whole: storing half a run would
//   leave the model a conversation that stops mid-task, and the user gets their text back to retry.
// - Stopped by the user: committed (marked stopped) if the run already showed something — text, reasoning or a tool
//   call — because the user saw it; otherwise rolled back with code `aborted`. A trailing assistant message that was
//   stopped before its first token is not stored (it would be an empty message in the model's view).
import type { AssistantMessage, Message, ProviderErrorCode } from '../../shared/messages.js';

export type RunOutcome =
  { commit: true; messages: Message[]; stopped: boolean } | { commit: false; code: ProviderErrorCode; detail?: string };

/** True when an assistant message carries anything the user could see: text, reasoning or a tool call. */
export function hasContent(message: AssistantMessage): boolean {
  return message.content.some((part) =>
    part.type === 'text' ? part.text.trim() !== '' : part.type === 'thinking' ? part.thinking.trim() !== '' : true,
  );
}

/** Decides a finished run. `produced`: the messages the run appended, in order; `userStopped`: abort() was called. */
export function decideOutcome(produced: readonly Message[], userStopped: boolean): RunOutcome {
  let final: AssistantMessage | undefined;
  for (let i = produced.length - 1; i >= 0 && !final; i--) {
    const message = produced[i]!;
    if (message.role === 'assistant') final = message;
  }
  if (!final) return { commit: false, code: userStopped ? 'aborted' : 'unknown' };
  if (final.stopReason === 'error') return { commit: false, code: final.errorCode ?? 'unknown', detail: final.errorMessage };

  const stopped = final.stopReason === 'aborted' || (userStopped && final.stopReason === 'toolUse');
  if (stopped) {
    const shown = produced.some((message) => message.role === 'assistant' && hasContent(message));
    if (!shown) return { commit: false, code: 'aborted' };
    const last = produced[produced.length - 1]!;
    const keep = last.role === 'assistant' && !hasContent(last) ? produced.slice(0, -1) : [...produced];
    return { commit: true, messages: keep, stopped: true };
  }
  if (!hasContent(final)) return { commit: false, code: 'empty_reply' };
  return { commit: true, messages: [...produced], stopped: false };
}
