// Contract of the runs slice: the open session's run and queue, and the actions that start, steer and stop runs.
import type { SendTools } from '../../../../shared/builtin-tools';
import type { QueueState } from '../../../../shared/sessions';

export interface RunsSlice {
  /** The open session is running (from the first send until `run_end`). */
  isTyping: boolean;
  /** Queued steering / follow-up input of the open session. */
  queue: QueueState;
  /**
   * How many times this window has sent something in the open session: a message, an edit, a regenerate, a steer, a
   * follow-up (a retry is one of these). Each new count brings the conversation view to the end (MessageList `sent`).
   */
  sends: number;
  /** Sends from an idle session; the new chat is created in main first. `once`: built-in tools for this send only. */
  send(text: string, once?: SendTools): Promise<void>;
  stop(): Promise<void>;
  steer(text: string): Promise<void>;
  followUp(text: string): Promise<void>;
  clearQueue(): Promise<void>;
  /**
   * Takes the queued message at `index` of `which` out of the queue; `edit` puts its text back into the composer to be
   * changed and sent again. A message the model took meanwhile stays taken (and is not put back).
   */
  removeQueued(which: 'steering' | 'followUp', index: number, edit?: boolean): Promise<void>;
  /** Answers again the question behind `messageId` (an answer shown; default the last one). */
  regenerate(messageId?: string): Promise<void>;
  /** Repeats what failed in the open session (the unsent text, or the regenerate). */
  retry(): Promise<void>;
}
