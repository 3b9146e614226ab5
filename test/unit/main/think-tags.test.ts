// Leading <think> blocks → reasoning, wherever the chunk boundaries fall.
import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from '../../../src/main/llm/think-tags.js';

function split(content: string, slice: number): { thinking: string; text: string } {
  const splitter = new ThinkTagSplitter();
  const out = { thinking: '', text: '' };
  const take = (pieces: ReturnType<ThinkTagSplitter['push']>): void => {
    for (const p of pieces) out[p.kind === 'thinking' ? 'thinking' : 'text'] += p.text;
  };
  for (let at = 0; at < content.length; at += slice) take(splitter.push(content.slice(at, at + slice)));
  take(splitter.flush());
  return out;
}

describe('ThinkTagSplitter', () => {
  it.each<[string, string, { thinking: string; text: string }]>([
    ['one leading block', '<think>\nAdd.\n</think>\n\nIt is 4.', { thinking: 'Add.\n', text: 'It is 4.' }],
    ['whitespace before, two blocks', '  \n<think>a</think>\n<think>b</think> Answer', { thinking: 'ab', text: 'Answer' }],
    ['an empty block (Qwen3, thinking off)', '<think>\n\n</think>\n\nHi', { thinking: '', text: 'Hi' }],
    ['a tag later in the answer stays text', 'Say <think> then </think>.', { thinking: '', text: 'Say <think> then </think>.' }],
    ['an unclosed block stays reasoning', '<think>still going', { thinking: 'still going', text: '' }],
    ['text that only looks like a tag start', '<thing> is not a tag', { thinking: '', text: '<thing> is not a tag' }],
    ['a close tag inside the block text split oddly', '<think>x </thi y</think>z', { thinking: 'x </thi y', text: 'z' }],
  ])('%s, at every slice size', (_name, content, expected) => {
    for (let slice = 1; slice <= content.length; slice++) expect(split(content, slice), `slice ${slice}`).toEqual(expected);
  });
});
