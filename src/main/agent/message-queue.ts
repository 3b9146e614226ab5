// The steering and follow-up queues: FIFOs whose drain takes one message or all, per their mode.
import type { Message } from '../../shared/messages.js';
import type { QueueMode } from './types.js';

/** A FIFO of queued messages. `peek` and `drain` select the same messages; only `drain` consumes them. */
export class MessageQueue {
  mode: QueueMode;
  private items: Message[] = [];

  constructor(mode: QueueMode) {
    this.mode = mode;
  }

  get size(): number {
    return this.items.length;
  }

  enqueue(message: Message): void {
    this.items.push(message);
  }

  /** Everything queued, oldest first (a copy). */
  list(): Message[] {
    return this.items.slice();
  }

  peek(): Message[] {
    if (this.mode === 'all') return this.items.slice();
    const first = this.items[0];
    return first ? [first] : [];
  }

  drain(): Message[] {
    if (this.mode === 'all') return this.items.splice(0);
    return this.items.splice(0, 1);
  }

  clear(): void {
    this.items = [];
  }

  /** Takes the message at `index` (oldest first) out of the queue; undefined when there is none. */
  remove(index: number): Message | undefined {
    return index >= 0 && index < this.items.length ? this.items.splice(index, 1)[0] : undefined;
  }
}
