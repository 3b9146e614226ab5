import { describe, expect, it } from 'vitest';
import { CallQueue } from '../../../src/main/mcp/call-queue.js';

/** A call the test ends by hand, recording when it starts and ends. */
function scripted(log: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    end,
    call: async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const live = () => new AbortController().signal;

describe('one server’s call queue', () => {
  it('starts a call that runs alone when the one before it has ended; one that need not starts at once', async () => {
    const queue = new CallQueue();
    const log: string[] = [];
    const [a, b, read] = [scripted(log, 'a'), scripted(log, 'b'), scripted(log, 'read')];
    const results = [queue.run(true, live(), a.call), queue.run(true, live(), b.call), queue.run(false, live(), read.call)];
    await settle();
    expect(log).toEqual(['read starts', 'a starts']);
    a.end();
    await settle();
    expect(log).toEqual(['read starts', 'a starts', 'a ends', 'b starts']);
    b.end();
    read.end();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'read']);
  });

  it('a call stopped while waiting never starts, and the next still waits for the one running', async () => {
    const queue = new CallQueue();
    const log: string[] = [];
    const [a, stopped, c] = [scripted(log, 'a'), scripted(log, 'stopped'), scripted(log, 'c')];
    const stop = new AbortController();
    const first = queue.run(true, live(), a.call);
    const second = queue.run(true, stop.signal, stopped.call);
    const third = queue.run(true, live(), c.call);
    stop.abort();
    await expect(second).rejects.toThrow('Operation aborted');
    await settle();
    expect(log).toEqual(['a starts']);
    a.end();
    await settle();
    c.end();
    expect(await Promise.all([first, third])).toEqual(['a', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'c starts', 'c ends']);
  });
});
