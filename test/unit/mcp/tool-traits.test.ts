import { describe, expect, it } from 'vitest';
import { offered, runsAlone } from '../../../src/main/mcp/tool-traits.js';

describe('tool traits', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ readOnlyHint: false }, true],
    [{ readOnlyHint: true, destructiveHint: false }, false],
  ])('annotations %j → runs alone: %s', (annotations, alone) => {
    expect(runsAlone(annotations === undefined ? undefined : { annotations })).toBe(alone);
  });

  it.each([
    [undefined, true],
    [{ taskSupport: 'forbidden' as const }, true],
    [{ taskSupport: 'optional' as const }, true],
    [{ taskSupport: 'required' as const }, false],
  ])('execution %j → offered to the model: %s', (execution, isOffered) => {
    expect(offered(execution === undefined ? {} : { execution })).toBe(isOffered);
  });
});
