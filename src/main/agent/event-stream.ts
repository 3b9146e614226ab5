// A push-based async-iterable of assistant events: producers `push`, one consumer iterates.
// The stream closes on its first terminal event (`done` / `error`); `result()` then resolves to the final message.
import type { AssistantMessage } from '../../shared/messages.js';
import type { AssistantMessageEvent, AssistantMessageEventStream } from './types.js';

export class EventStream implements AssistantMessageEventStream {
  private readonly queue: AssistantMessageEvent[] = [];
  private head = 0;
  private waiting: ((r: IteratorResult<AssistantMessageEvent>) => void) | undefined;
  private closed = false;
  private resolveResult!: (m: AssistantMessage) => void;
  private readonly finalMessage = new Promise<AssistantMessage>((resolve) => (this.resolveResult = resolve));

  push(event: AssistantMessageEvent): void {
    if (this.closed) return;
    if (event.type === 'done' || event.type === 'error') {
      this.closed = true;
      this.resolveResult(event.type === 'done' ? event.message : event.error);
    }
    const waiter = this.waiting;
    if (waiter) {
      this.waiting = undefined;
      waiter({ value: event, done: false });
    } else {
      this.queue.push(event);
    }
  }

  result(): Promise<AssistantMessage> {
    return this.finalMessage;
  }

  [Symbol.asyncIterator](): AsyncIterator<AssistantMessageEvent> {
    return {
      next: () => {
        if (this.head < this.queue.length) {
          const value = this.queue[this.head++]!;
          if (this.head > 1024 && this.head * 2 > this.queue.length) {
            this.queue.splice(0, this.head);
            this.head = 0;
          }
          return Promise.resolve({ value, done: false });
        }
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
    };
  }
}
