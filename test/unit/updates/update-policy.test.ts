import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  initialUpdateState,
  nextCheckDelay,
  nextUpdateState,
  releaseNotesText,
  START_DELAY_MS,
  updaterChannel,
} from '../../../src/main/updates/update-policy.js';
import type { UpdateState } from '../../../src/shared/desktop.js';

const on = { enabled: true, channel: 'stable' } as const;

describe('when updates are checked', () => {
  it.each([
    ['off', { enabled: false, channel: 'stable' as const }, 0, null, null],
    ['never asked', { enabled: null, channel: 'stable' as const }, 0, null, null],
    ['on, just started', on, 0, null, START_DELAY_MS],
    ['on, 10 s after start', on, 10_000, null, START_DELAY_MS - 10_000],
    ['on, checked an hour ago', on, 2 * 60 * 60 * 1000, 60 * 60 * 1000, DAY_MS - 60 * 60 * 1000],
    ['on, checked two days ago', on, 3 * DAY_MS, DAY_MS, 0],
  ])('%s', (_name, prefs, now, lastCheckAt, expected) => {
    expect(nextCheckDelay(prefs, now, 0, lastCheckAt)).toBe(expected);
  });

  it('stable reads latest.yml without pre-releases; beta reads beta.yml with them; neither downgrades', () => {
    expect(updaterChannel('stable')).toEqual({ channel: 'latest', allowPrerelease: false, allowDowngrade: false });
    expect(updaterChannel('beta')).toEqual({ channel: 'beta', allowPrerelease: true, allowDowngrade: false });
  });
});

describe('the update state', () => {
  const idle: UpdateState = initialUpdateState(on);

  it('starts off unless turned on', () => {
    expect(initialUpdateState({ enabled: null, channel: 'beta' }).status).toEqual({ kind: 'off' });
    expect(idle.status).toEqual({ kind: 'idle' });
  });

  it('checking → downloading → progress → ready', () => {
    let state = nextUpdateState(idle, { type: 'checking' }, idle.status);
    expect(state.status).toEqual({ kind: 'checking' });
    state = nextUpdateState(state, { type: 'available', version: '0.2.0', notes: 'n' }, idle.status);
    state = nextUpdateState(state, { type: 'progress', percent: 41.6 }, idle.status);
    expect(state.status).toEqual({ kind: 'downloading', version: '0.2.0', notes: 'n', percent: 42 });
    state = nextUpdateState(state, { type: 'downloaded', version: '0.2.0', notes: 'n', at: 5 }, idle.status);
    expect(state).toEqual({ status: { kind: 'ready', version: '0.2.0', notes: 'n' }, lastCheckAt: 5, lastError: null });
  });

  it('an error goes back to the status before the check and keeps the reason', () => {
    const downloading = nextUpdateState(idle, { type: 'available', version: '0.2.0', notes: '' }, idle.status);
    const failed = nextUpdateState(downloading, { type: 'error', message: 'checksum', at: 9 }, idle.status);
    expect(failed).toEqual({ status: { kind: 'idle' }, lastCheckAt: 9, lastError: 'checksum' });
  });

  it('a ready update stays ready through later checks and through turning updates off', () => {
    const ready: UpdateState = { status: { kind: 'ready', version: '0.2.0', notes: '' }, lastCheckAt: 1, lastError: null };
    expect(nextUpdateState(ready, { type: 'checking' }, ready.status)).toBe(ready);
    expect(nextUpdateState(ready, { type: 'not-available', at: 2 }, ready.status).status).toBe(ready.status);
    expect(nextUpdateState(ready, { type: 'prefs', prefs: { enabled: false, channel: 'stable' } }, ready.status)).toBe(ready);
  });

  it('turning updates off and on moves between off and idle', () => {
    const off = nextUpdateState(idle, { type: 'prefs', prefs: { enabled: false, channel: 'stable' } }, idle.status);
    expect(off.status).toEqual({ kind: 'off' });
    expect(nextUpdateState(off, { type: 'checking' }, off.status)).toBe(off);
    expect(nextUpdateState(off, { type: 'prefs', prefs: on }, off.status).status).toEqual({ kind: 'idle' });
  });

  it('release notes: a string stays, a per-version list is joined, anything else is empty', () => {
    expect(releaseNotesText('Fixes')).toBe('Fixes');
    expect(
      releaseNotesText([
        { version: '0.2.0', note: 'A' },
        { version: '0.1.1', note: null },
      ]),
    ).toBe('0.2.0\nA\n\n0.1.1');
    expect(releaseNotesText(undefined)).toBe('');
  });
});
