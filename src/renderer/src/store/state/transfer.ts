// Contract of the transfer slice: export and import of chats, and the status notice line they (and the shell) use.
import type { ExportFormat } from '../../../../shared/transfer';

/** A line for the status notice: a fixed confirmation, or text (errors stay until dismissed). */
export type Notice = 'copied' | { text: string; tone: 'info' | 'error' };

export interface TransferSlice {
  /** A save/open dialog or the work after it is in progress: the transfer buttons are disabled. */
  transferBusy: boolean;
  /** Saves the open chat as `format` (main asks where). */
  exportChat(format: ExportFormat): Promise<void>;
  /** Saves every chat into one archive (main asks where). */
  exportAllChats(): Promise<void>;
  /** Imports a file main asks for; opens the first chat imported. */
  importChats(): Promise<void>;
}
