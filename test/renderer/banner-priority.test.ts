// One banner at a time: the most relevant of what the window has to say, by table.
import { describe, expect, it } from 'vitest';
import { pickBanner, type BannerInputs } from '../../src/renderer/src/status/banner-priority';

const none: BannerInputs = { appProblems: [], errorCode: undefined, setupNeeded: false };

describe('the banner shown', () => {
  it.each([
    ['nothing to say', none, null],
    ['only the setup hint', { ...none, setupNeeded: true }, 'setup'],
    [
      'a locked data folder over a storage error and the setup hint',
      { appProblems: ['locked'], errorCode: 'storage', setupNeeded: true },
      'app',
    ],
    ['a full disk over the storage error it caused', { appProblems: ['diskFull'], errorCode: 'storage', setupNeeded: false }, 'app'],
    ['a read-only folder over a provider error', { appProblems: ['readOnly'], errorCode: 'auth', setupNeeded: false }, 'app'],
    ['a storage error over the setup hint', { ...none, errorCode: 'storage', setupNeeded: true }, 'error'],
    ['a provider error over the setup hint', { ...none, errorCode: 'unreachable', setupNeeded: true }, 'error'],
    ['an input error over the setup hint', { ...none, errorCode: 'invalid_input', setupNeeded: true }, 'error'],
    ['a notice over the setup hint', { ...none, errorCode: 'request_limit', setupNeeded: true }, 'error'],
    ['a notice alone', { ...none, errorCode: 'copy_failed' }, 'error'],
  ] as const)('%s → %s', (_name, inputs, shown) => {
    expect(pickBanner({ ...inputs, appProblems: [...inputs.appProblems] })).toBe(shown);
  });
});
