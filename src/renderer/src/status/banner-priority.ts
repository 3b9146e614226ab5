// One banner at a time, the most relevant. A window may have several things to say at once (the data folder is held
// by another window, the disk is full, the last answer failed, a key is missing); saying them all stacks banners the
// person must sort out. The order, most relevant first:
//   1. the data folder is held by another Tiny Agent — nothing in this window can work;
//   2. the data folder cannot be written (read-only, full, no permission) — nothing new can be kept;
//   2½. files main set aside at start (damaged, too large, newer) — said once, until dismissed;
//   3. the open chat's storage error — this chat's text was not kept;
//   4. the open chat's provider error — the model could not answer;
//   5. any other error of the open chat (invalid input, busy, internal…);
//   6. notices (a run ended at its request limit, a refused link, a failed copy);
//   7. the setup hint (a key is missing) — only when nothing above needs saying.
// Whatever is not shown stays in the store and appears once what outranks it is gone.
import type { AppProblem } from '../../../shared/app-status';
import type { BannerCode } from '../store/appState';

export type BannerKind = 'app' | 'notices' | 'error' | 'setup';

export interface BannerInputs {
  appProblems: readonly AppProblem[];
  /** The open chat's error code, if it has one. */
  errorCode: BannerCode | undefined;
  /** A send would stop at the welcome panel, and the panel is not shown. */
  setupNeeded: boolean;
  /** Files main set aside at start are still to be read (not dismissed). */
  notices?: boolean;
}

const APP_LOCKED = 1;
const APP_STORAGE = 2;
const STARTUP_NOTICES = 2.5;
const SETUP = 7;

/** Rank of the open chat's error by its code (lower is more relevant); every code is placed, checked by the compiler. */
const ERROR_RANK: Record<BannerCode, number> = {
  storage: 3,
  provider: 4,
  auth: 4,
  forbidden: 4,
  out_of_quota: 4,
  model_not_found: 4,
  rate_limited: 4,
  server_error: 4,
  unreachable: 4,
  provider_unavailable: 4,
  timeout: 4,
  interrupted: 4,
  bad_response: 4,
  empty_reply: 4,
  aborted: 4,
  unknown: 4,
  invalid_input: 5,
  not_found: 5,
  busy: 5,
  unsupported_version: 5,
  internal: 5,
  request_limit: 6,
  link_refused: 6,
  copy_failed: 6,
};

function rankOf(kind: BannerKind, inputs: BannerInputs): number {
  if (kind === 'app') return inputs.appProblems.includes('locked') ? APP_LOCKED : APP_STORAGE;
  if (kind === 'setup') return SETUP;
  if (kind === 'notices') return STARTUP_NOTICES;
  return inputs.errorCode === undefined ? SETUP : (ERROR_RANK[inputs.errorCode] ?? ERROR_RANK.unknown);
}

/** The one banner to show, or null when there is nothing to say. */
export function pickBanner(inputs: BannerInputs): BannerKind | null {
  const candidates: BannerKind[] = [];
  if (inputs.appProblems.length > 0) candidates.push('app');
  if (inputs.notices) candidates.push('notices');
  if (inputs.errorCode !== undefined) candidates.push('error');
  if (inputs.setupNeeded) candidates.push('setup');
  if (candidates.length === 0) return null;
  return candidates.reduce((best, kind) => (rankOf(kind, inputs) < rankOf(best, inputs) ? kind : best));
}
