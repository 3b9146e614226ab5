// What the sync status says, in words: the state, how long ago the last pass ran, what came in, how far a running
// pass has got, how many files were skipped. Pure (the clock is passed in), so the status line and tests agree.
import type { Locale } from '../../../shared/settings';
import type { SyncPassReport, SyncStatus } from '../../../shared/sync';
import type { Translate } from '../i18n';

/** "just now", "3 min ago", "2 h ago", "4 d ago": how long before `now` the ISO time `at` was. */
export function agoWords(t: Translate, at: string, now: number): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(at)) / 60_000);
  if (minutes < 1) return t('sync.ago.now');
  if (minutes < 60) return t('sync.ago.minutes', { n: minutes });
  if (minutes < 24 * 60) return t('sync.ago.hours', { n: Math.floor(minutes / 60) });
  return t('sync.ago.days', { n: Math.floor(minutes / (24 * 60)) });
}

/**
 * "12 chats came in" / "1 chat came in", deletions, folder changes, files waiting for what they follow — or "nothing
 * new" when none of these.
 */
export function cameInWords(t: Translate, pass: SyncPassReport, locale: Locale): string {
  const count = (n: number) => n.toLocaleString(locale);
  const chats = pass.receivedChats;
  const folders = pass.receivedFolders ?? 0;
  const waiting = pass.waitingFiles ?? 0;
  const parts: string[] = [];
  if (chats > 0) parts.push(chats === 1 ? t('sync.cameInOne') : t('sync.cameIn', { n: count(chats) }));
  if (pass.deletedChats > 0) parts.push(t('sync.deleted', { n: count(pass.deletedChats) }));
  if (folders > 0) parts.push(folders === 1 ? t('sync.foldersOne') : t('sync.folders', { n: count(folders) }));
  if (waiting > 0) parts.push(waiting === 1 ? t('sync.waitingOne') : t('sync.waiting', { n: count(waiting) }));
  return parts.length ? parts.join(' · ') : t('sync.nothingNew');
}

/** "3 files skipped" / "1 file skipped"; empty when none were. */
export function skippedWords(t: Translate, pass: SyncPassReport | undefined, locale: Locale): string {
  const n = pass?.skipped.length ?? 0;
  if (n === 0) return '';
  return n === 1 ? t('sync.skippedOne') : t('sync.skipped', { n: n.toLocaleString(locale) });
}

/** "120 / 1,000 chats" while a pass runs and knows its total (0 until it has listed them); empty otherwise. */
export function progressWords(t: Translate, status: SyncStatus, locale: Locale): string {
  if (status.state !== 'syncing' || !status.progress || status.progress.total === 0) return '';
  return t('sync.progress', { done: status.progress.done.toLocaleString(locale), total: status.progress.total.toLocaleString(locale) });
}

/** The sidebar's short form: "Synced 3 min ago · 12 chats came in"; other states as in Settings, state first. */
export function compactWords(t: Translate, status: SyncStatus, locale: Locale, now: number): string {
  const details = statusDetails(t, status, locale, now);
  if (status.state === 'idle' && status.lastPass)
    return [t('sync.syncedAgo', { ago: agoWords(t, status.lastPass.at, now) }), ...details.slice(1)].join(' · ');
  return [t(`sync.state.${status.state}`), ...details].join(' · ');
}

/** The parts of the status line after its state: progress, or the last pass (when, what came in, skipped), or the error. */
export function statusDetails(t: Translate, status: SyncStatus, locale: Locale, now: number): string[] {
  if (status.state === 'off') return [];
  if (status.state === 'syncing') {
    const progress = progressWords(t, status, locale);
    return progress ? [progress] : [];
  }
  const parts: string[] = [];
  if (status.state === 'error' && status.error) parts.push(status.error);
  const pass = status.lastPass;
  parts.push(pass ? t('sync.lastSync', { ago: agoWords(t, pass.at, now) }) : t('sync.never'));
  if (pass && status.state !== 'error') parts.push(cameInWords(t, pass, locale));
  const skipped = skippedWords(t, pass, locale);
  if (skipped) parts.push(skipped);
  return parts;
}
