// What the model is sent of a condensed chat, pure: the system message carries the summary, the turns it stands for
// are left out, the recent ones follow. And where a new summary must reach: the turns the context policy would drop
// at half the budget, so one summary lasts for many sends before the next is due.
import type { CondensedSummary } from '../../../shared/condense.js';
import type { Message } from '../../../shared/messages.js';
import { selectContext, type ContextLimits } from '../context-policy.js';

/** The label before the summary in the system message (for the model, not shown to people). */
export const SUMMARY_LABEL =
  '[Summary of the earlier part of this conversation. The messages it stands for are not included below; rely on it.]';

/** `messages` (system first) with the summary in force: null when its last message is not among them. */
export function withSummary(
  messages: readonly Message[],
  summary: CondensedSummary,
  idOf: (message: Message) => string | undefined,
): Message[] | null {
  const system = messages[0];
  if (system?.role !== 'system') return null;
  const at = messages.findIndex((message) => idOf(message) === summary.through);
  if (at < 1) return null;
  const content = `${system.content}\n\n${SUMMARY_LABEL}\n${summary.summary}`;
  return [{ ...system, content }, ...messages.slice(at + 1)];
}

/** Limits at half the room: a new summary covers enough that the next sends fit without another. */
export function halfLimits(limits: ContextLimits): ContextLimits {
  const half: ContextLimits = { ...limits, maxMessages: Math.max(2, Math.floor(limits.maxMessages / 2)) };
  if (limits.contextWindow !== undefined) {
    const reserve = limits.maxOutputTokens ?? Math.min(4_096, Math.floor(limits.contextWindow / 4));
    const room = limits.contextWindow - reserve;
    half.contextWindow = reserve + Math.floor(room / 2);
    half.maxOutputTokens = reserve;
  }
  return half;
}

/** How many messages after the system message the policy leaves out of `messages` (0: everything fits). */
export function droppedCount(messages: readonly Message[], limits: ContextLimits): number {
  return messages.length - selectContext(messages, limits).length;
}
