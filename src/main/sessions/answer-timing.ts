// Time to first token and duration of each answer, measured in main while the run streams and kept on the
// assistant message (so the caption under an answer survives a restart).
import type { AssistantMessage } from '../../shared/messages.js';

/** One run's stopwatch: a turn starts the clock, the first streamed increment marks the first token. */
export class AnswerTiming {
  private startedAt: number | undefined;
  private firstTokenAt: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** A model request is about to be sent. */
  turnStarted(): void {
    this.startedAt = this.now();
    this.firstTokenAt = undefined;
  }

  /** Any streamed increment (text, reasoning, tool call). */
  increment(): void {
    this.firstTokenAt ??= this.now();
  }

  /** Records the timing on the finished message (the object the agent keeps, so the commit stores it). */
  finish(message: AssistantMessage): void {
    if (this.startedAt === undefined) return;
    const end = this.now();
    message.timing = {
      durationMs: Math.max(0, end - this.startedAt),
      ...(this.firstTokenAt !== undefined && { firstTokenMs: Math.max(0, this.firstTokenAt - this.startedAt) }),
    };
    this.startedAt = undefined;
  }
}
