// Contract of the sync slice: what main says of sync between computers (settings and status), kept current by its
// `sync_status` events, and the asks the Settings section makes. No password or passphrase is ever held here.
import type { SyncSettingsPatch, SyncView } from '../../../../shared/sync';

export interface SyncSlice {
  /** Null until main has answered the first ask. */
  sync: SyncView | null;
  /** An ask of main is in flight (its buttons wait). */
  syncBusy: boolean;
  /** A Sync now is being answered (main answers after the pass); the switches stay usable meanwhile, to pause it. */
  syncNowAsked: boolean;
  /** Main's words for the last refused ask; cleared by the next ask. */
  syncError: string | null;
  /** Asks main for the settings and status; a failed ask keeps what is shown. */
  loadSync(): Promise<void>;
  /** Sends one change (secrets travel only here, once); true when main took it. */
  updateSync(patch: SyncSettingsPatch): Promise<boolean>;
  /** Main's folder dialog picks the shared folder; cancelled changes nothing. */
  chooseSyncFolder(): Promise<void>;
  /** Runs a pass now; its progress and end arrive as `sync_status` events. */
  syncNow(): Promise<void>;
}
