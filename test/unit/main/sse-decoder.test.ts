// The SSE decoder: events from arbitrary byte slices, line endings of every kind, and a hard cap on one event.
import { describe, expect, it } from 'vitest';
import { SseDecoder, SseEventTooLargeError } from '../../../src/main/llm/sse.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function decodeIn(text: string, slice: number): Array<{ event: string | undefined; data: string }> {
  const decoder = new SseDecoder();
  const all = bytes(text);
  const out = [];
  for (let at = 0; at < all.length; at += slice) out.push(...decoder.push(all.subarray(at, at + slice)));
  out.push(...decoder.end());
  return out;
}

describe('SseDecoder', () => {
  const body = ': keep-alive\r\n\r\ndata: {"a":"中文"}\n\nevent: error\ndata: line1\ndata: line2\r\rdata:[DONE]';

  it.each([1, 2, 3, 5, 1000])('gives the same events for %i-byte slices, whatever the line endings', (slice) => {
    expect(decodeIn(body, slice)).toEqual([
      { event: undefined, data: '{"a":"中文"}' },
      { event: 'error', data: 'line1\nline2' },
      { event: undefined, data: '[DONE]' },
    ]);
  });

  it('keeps text outside SSE fields for a last look, and says whether the body was SSE at all', () => {
    const decoder = new SseDecoder();
    decoder.push(bytes('{"error":{"message":"Insufficient Balance"}}'));
    expect(decoder.end()).toEqual([]);
    expect(decoder.sawSse).toBe(false);
    expect(decoder.stray).toBe('{"error":{"message":"Insufficient Balance"}}\n');
  });

  it('throws once one event passes the cap, having held no more than the cap plus one slice', () => {
    const decoder = new SseDecoder(1024);
    const slice = bytes('x'.repeat(100));
    decoder.push(bytes('data: '));
    let fed = 6;
    expect(() => {
      for (;;) {
        decoder.push(slice);
        fed += slice.length;
      }
    }).toThrow(SseEventTooLargeError);
    expect(fed).toBeLessThanOrEqual(1024 + 100);
    expect(fed).toBeGreaterThan(900);
  });

  it('counts data across lines of one event toward the cap, and starts afresh after a blank line', () => {
    const decoder = new SseDecoder(1024);
    for (let i = 0; i < 50; i++) decoder.push(bytes(`data: ${'y'.repeat(10)}\n\n`)); // many small events are fine
    expect(() => {
      for (let i = 0; i < 200; i++) decoder.push(bytes(`data: ${'z'.repeat(10)}\n`)); // one event of many lines is not
    }).toThrow(SseEventTooLargeError);
  });
});
