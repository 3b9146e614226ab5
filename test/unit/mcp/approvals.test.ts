import { describe, expect, it } from 'vitest';
import { approvalNeed, approvalOutcome } from '../../../src/main/mcp/approvals.js';

describe('approvals policy', () => {
  it.each([
    [[], 'add', 'ask'],
    [['add'], 'add', 'run'],
    [['add'], 'fail', 'ask'],
    [['Add'], 'add', 'ask'],
  ] as const)('always-allowed %j, tool %s → %s', (alwaysAllow, tool, need) => {
    expect(approvalNeed(alwaysAllow, tool)).toBe(need);
  });

  it.each([
    ['once', { run: true, remember: false }],
    ['always', { run: true, remember: true }],
    ['deny', { run: false, remember: false, ended: 'denied' }],
    ['cancelled', { run: false, remember: false, ended: 'cancelled' }],
  ] as const)('answer %s → %j', (decision, outcome) => {
    expect(approvalOutcome(decision)).toEqual(outcome);
  });
});
