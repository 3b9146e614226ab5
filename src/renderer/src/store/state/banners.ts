// Contract of the banners slice: the error banner of each session, and what a banner says and offers to retry.
import type { AttachmentPart } from '../../../../shared/attachments';
import type { SendTools } from '../../../../shared/builtin-tools';
import type { IpcErrorCode } from '../../../../shared/errors';
import type { ProviderErrorCode } from '../../../../shared/messages';
import type { RunRequest } from '../openSession';

/** Codes the banner knows how to word: the provider's, IPC's, and the shell's own. */
export type BannerCode = ProviderErrorCode | IpcErrorCode | 'link_refused' | 'copy_failed' | 'request_limit';

/** What went wrong in one session; the text the user wrote is kept for retry. */
export interface BannerError {
  code: BannerCode;
  /** Main's raw message, shown as detail. */
  message: string;
  unsentText: string;
  /** What the retry button does, or null when there is nothing to retry. */
  retry: RunRequest['kind'] | null;
  /** The stored message a retried regenerate or edit names. */
  messageId?: string;
  /** The one-time tools the failed send asked for; a retried send asks for them again. */
  once?: SendTools;
  /**
   * The run broke off after showing text and stays in the chat: the failure is said there, under the answer, with
   * Retry (no banner), and the text and files (`attachments`) wait there instead of in the composer.
   */
  inline?: true;
  attachments?: AttachmentPart[];
}

export interface BannersSlice {
  /** Banner per session key; the open session's is shown. */
  errors: Record<string, BannerError>;
  /**
   * Closes the open session's banner. A run broken off on screen goes with it: main forgets it, and its text and files
   * go back into the composer (the person edits the question there).
   */
  dismissError(): void;
}
