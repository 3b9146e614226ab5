import { describe, expect, it } from 'vitest';
import { MCP_STRINGS, type McpStrings } from '../../../src/main/mcp/strings.js';

/** Each string with sample arguments, so a function and a plain string compare alike. */
const sample = (strings: McpStrings) =>
  Object.entries(strings).map(([key, value]) => [
    key,
    typeof value === 'function' ? (value as (...args: unknown[]) => string)('x', 'y') : value,
  ]);

describe('MCP words', () => {
  it('every string is in Simplified Chinese as well as English, not left in English', () => {
    const en = Object.fromEntries(sample(MCP_STRINGS.en));
    const zh = Object.fromEntries(sample(MCP_STRINGS['zh-CN']));
    expect(Object.keys(zh)).toEqual(Object.keys(en));
    for (const key of Object.keys(en)) {
      expect(zh[key], key).not.toBe(en[key]);
      expect(zh[key], key).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
