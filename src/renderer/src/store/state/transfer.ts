// Contract of the transfer slice: export and import of chats, an import's progress, and the status notice line they
// (and the shell) use.
import type { ExportFormat, ImportProgress } from '../../../../shared/transfer';

/**
 * A line for the status notice: a fixed confirmation, or text (errors stay until dismissed). `origin: 'import'`: an
 * import's report, shown in the sidebar under the import button (over the window only while the sidebar is hidden).
 */
export type Notice = 'copied' | { text: string; tone: 'info' | 'error'; origin?: 'import' };

export interface TransferSlice {
  /** A save/open dialog or the work after it is in progress: the transfer buttons are disabled. */
  transferBusy: boolean;
  /** An import is under way (from its dialog to its report). */
  importRunning: boolean;
  /** How far it has got, from main's `import_progress` events; null before the first and after the report. */
  importProgress: ImportProgress | null;
  /** Cancel was pressed and main has not answered the import yet. */
  importCancelling: boolean;
  /** Saves the open chat as `format` (main asks where). */
  exportChat(format: ExportFormat): Promise<void>;
  /** Saves every chat into one archive (main asks where). */
  exportAllChats(): Promise<void>;
  /** Imports a file main asks for; opens the first chat imported (unless the import was cancelled). */
  importChats(): Promise<void>;
  /** Stops the import under way: chats already imported stay. */
  cancelImport(): Promise<void>;
}
