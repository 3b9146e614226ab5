// Counting tokens must stay cheap for any input: BPE is quadratic in a run without spaces, so a pasted base64 blob
// must never reach the tokenizer in one piece (it blocked main for 23 s at 200,000 characters).
import { describe, expect, it, vi } from 'vitest';

const calls: number[] = [];
vi.mock('gpt-tokenizer', async (importOriginal) => {
  const original = await importOriginal<typeof import('gpt-tokenizer')>();
  return {
    ...original,
    countTokens: (text: string, options?: unknown) => {
      calls.push(text.length);
      return original.countTokens(text, options as never);
    },
  };
});

const { countTextTokens } = await import('../../../src/main/sessions/context-policy.js');
const { countTokens } = await vi.importActual<typeof import('gpt-tokenizer')>('gpt-tokenizer');

describe('token counting cost', () => {
  it('hands the tokenizer at most 256 characters at a time and 65,536 in all, for 200,000 characters without a space', () => {
    calls.length = 0;
    countTextTokens('x'.repeat(200_000));
    expect(Math.max(...calls)).toBe(256);
    expect(calls.reduce((a, b) => a + b, 0)).toBe(65_536);
  });

  it('stays within 5% above the exact count for prose, never below', () => {
    const prose = 'The quick brown fox jumps over the lazy dog. 敏捷的棕色狐狸跳过了懒狗。'.repeat(300);
    const exact = countTokens(prose);
    const sliced = countTextTokens(prose);
    expect(sliced).toBeGreaterThanOrEqual(exact);
    expect(sliced).toBeLessThanOrEqual(exact * 1.05);
  });
});
