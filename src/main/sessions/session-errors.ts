// The wording of what went wrong: a storage failure as the person's AppError, and why a run was not saved. Pure.
import { AppError } from '../../shared/errors.js';
import type { RunOutcome } from './run-outcome.js';
import type { SessionMessages } from './session-messages.js';
import { StoreError, type SessionLogger } from './store/session-store.js';

/** A StoreError as the localized AppError the window shows (I/O failures are logged too); anything else unchanged. */
export function storeFailure(error: unknown, messages: SessionMessages, log: SessionLogger): unknown {
  if (!(error instanceof StoreError)) return error;
  switch (error.kind) {
    case 'not_found':
      return new AppError('not_found', messages.notFound);
    case 'corrupt':
      return new AppError('storage', messages.unreadable);
    case 'unsupported_version':
      return new AppError('unsupported_version', messages.unsupportedVersion);
    case 'changed':
      return new AppError('storage', messages.changedOnDisk);
    case 'io':
      log.error('session storage failed', error);
      return new AppError('storage', messages.storageFailed(messages.storageCauses[error.storageCause]));
  }
}

/** Why a run could not be saved, naming the cause when the disk told us one. */
export function saveFailureText(error: unknown, messages: SessionMessages): string {
  if (!(error instanceof StoreError)) return messages.saveFailed;
  if (error.kind === 'changed') return messages.changedOnDisk;
  return error.kind === 'io' && error.storageCause !== 'io'
    ? `${messages.saveFailed} ${messages.storageCauses[error.storageCause]}`
    : messages.saveFailed;
}

/** Why a run that the commit rule rolled back shows nothing saved. */
export function failureText(outcome: Extract<RunOutcome, { commit: false }>, messages: SessionMessages): string {
  if (outcome.code === 'empty_reply') return messages.emptyReply;
  if (outcome.code === 'aborted') return messages.stoppedBeforeReply;
  return messages.runFailed(outcome.code, outcome.detail);
}
