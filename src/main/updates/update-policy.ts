// When Tiny Agent looks for an update, on which channel, and how the update state moves. A pure module: the
// electron-updater glue (updater.ts) asks it what to do and feeds it what happened.
//
// The rule that matters: updates are on only when the person turned them on. Off (or never asked) means no
// request of any kind. On: one check shortly after start, then one a day; a found update downloads in the
// background and waits for "Restart to update". A failure (feed down, wrong checksum) changes nothing the
// person sees: the state goes back to where it was, and the next daily check tries again.
import type { UpdateChannel, UpdatePrefs, UpdateState, UpdateStatus } from '../../shared/desktop.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The first check waits a little after start so it never competes with the window's first paint. */
export const START_DELAY_MS = 30 * 1000;

export function updatesOn(prefs: UpdatePrefs): boolean {
  return prefs.enabled === true;
}

/**
 * Milliseconds until the next check, or null for none at all. `startedAt` is when the app started, `lastCheckAt`
 * when the previous check finished (null: none this run).
 */
export function nextCheckDelay(prefs: UpdatePrefs, now: number, startedAt: number, lastCheckAt: number | null): number | null {
  if (!updatesOn(prefs)) return null;
  if (lastCheckAt === null) return Math.max(0, startedAt + START_DELAY_MS - now);
  return Math.max(0, lastCheckAt + DAY_MS - now);
}

/** What electron-updater is told for a channel: the feed file it reads and whether pre-releases count. */
export function updaterChannel(channel: UpdateChannel): { channel: 'latest' | 'beta'; allowPrerelease: boolean; allowDowngrade: false } {
  return channel === 'beta'
    ? { channel: 'beta', allowPrerelease: true, allowDowngrade: false }
    : { channel: 'latest', allowPrerelease: false, allowDowngrade: false };
}

/** What the updater reported. */
export type UpdateEvent =
  | { type: 'prefs'; prefs: UpdatePrefs }
  | { type: 'checking' }
  | { type: 'available'; version: string; notes: string }
  | { type: 'not-available'; at: number }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string; notes: string; at: number }
  | { type: 'error'; message: string; at: number };

export function initialUpdateState(prefs: UpdatePrefs): UpdateState {
  return { status: updatesOn(prefs) ? { kind: 'idle' } : { kind: 'off' }, lastCheckAt: null, lastError: null };
}

/**
 * The next state. `settled` is the status before the current check began: an error returns to it, so a feed that
 * is down or an artifact whose checksum is wrong leaves the window exactly as it was. A downloaded update stays
 * ready until the app restarts, whatever later checks say.
 */
export function nextUpdateState(state: UpdateState, event: UpdateEvent, settled: UpdateStatus): UpdateState {
  const ready = state.status.kind === 'ready';
  switch (event.type) {
    case 'prefs':
      if (!updatesOn(event.prefs)) return ready ? state : { ...state, status: { kind: 'off' } };
      return state.status.kind === 'off' ? { ...state, status: { kind: 'idle' } } : state;
    case 'checking':
      return ready || state.status.kind === 'off' ? state : { ...state, status: { kind: 'checking' } };
    case 'available':
      return ready ? state : { ...state, status: { kind: 'downloading', version: event.version, notes: event.notes, percent: 0 } };
    case 'progress':
      return state.status.kind === 'downloading'
        ? { ...state, status: { ...state.status, percent: Math.max(0, Math.min(100, Math.round(event.percent))) } }
        : state;
    case 'not-available':
      return { ...state, status: ready ? state.status : { kind: 'idle' }, lastCheckAt: event.at, lastError: null };
    case 'downloaded':
      return { status: { kind: 'ready', version: event.version, notes: event.notes }, lastCheckAt: event.at, lastError: null };
    case 'error':
      return { status: settled, lastCheckAt: event.at, lastError: event.message };
  }
}

/** Release notes as electron-updater gives them (a string, a list per version, or nothing) made one plain string. */
export function releaseNotesText(notes: unknown): string {
  if (typeof notes === 'string') return notes;
  if (Array.isArray(notes)) {
    return notes
      .map((n: { version?: unknown; note?: unknown }) =>
        `${typeof n.version === 'string' ? n.version : ''}\n${typeof n.note === 'string' ? n.note : ''}`.trim(),
      )
      .join('\n\n');
  }
  return '';
}
