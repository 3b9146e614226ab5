// Export and import of chats: the formats a chat can be saved as, and what an import reports. Files are always
// chosen with the system dialogs in main; the renderer only names a session and a format.

/** One chat as a file: readable Markdown, lossless JSON (importable), or a standalone sanitized HTML page. */
export const EXPORT_FORMATS = ['markdown', 'json', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `saved: false` when the person cancelled the save dialog (nothing was written). */
export interface ExportResult {
  saved: boolean;
  /** The file's name (not its folder), for the confirmation. */
  fileName?: string;
  /** Chats written (1 for one chat; every readable chat for "export all"). */
  count: number;
}

/** A conversation of the chosen file that was not imported, and why (in the person's language). */
export interface ImportFailure {
  /** Its title in the file, or its position ("#3") when it has none. */
  title: string;
  reason: string;
}

/**
 * What an imported chat holds less than the file did, counted per chat so the report can say it. Zero everywhere for
 * our own exports, which are lossless.
 */
export interface LeftOut {
  /** Pictures whose file the export does not carry (or not as a picture we accept): a marker stands in each one's place. */
  pictures: number;
  /** Outputs of ChatGPT's tools a person saw there (browsing results, quotes, code output, errors), not imported. */
  toolOutputs: number;
  /** Messages in no shape we can read, left out (their replies still hang on the message before them). */
  unreadable: number;
}

export const NOTHING_LEFT_OUT: LeftOut = Object.freeze({ pictures: 0, toolOutputs: 0, unreadable: 0 });

/**
 * `cancelled`: the open dialog was dismissed. Otherwise each conversation was imported whole or not at all; `stopped`
 * says the import ended before the file's last conversation (the person pressed Cancel, or reading the file failed
 * part way), and every chat imported until then is kept.
 */
export type ImportResult =
  | { cancelled: true }
  | {
      cancelled: false;
      fileName: string;
      /** New sessions (new ids), in the file's order. */
      imported: Array<{ id: string; name: string; leftOut: LeftOut }>;
      failed: ImportFailure[];
      /** Conversations in the file. */
      total: number;
      stopped?: 'cancelled' | 'failed';
    };

/**
 * An import under way, as the window shows it: sent (as `import_progress` events) from the moment the file is chosen
 * until the import's reply, which always follows the last one.
 */
export interface ImportProgress {
  /** Names this import for `cancelImport`. */
  importId: string;
  fileName: string;
  /** `reading`: the file is read and checked, off main's thread (`total` not known yet); `importing`: chats are written. */
  phase: 'reading' | 'importing';
  /** Conversations in the file (0 while reading). */
  total: number;
  /** Conversations dealt with so far, imported or refused. */
  done: number;
  /** Of those, the ones imported (stored as new chats). */
  imported: number;
}

/** The `format` field of our own chat export (one chat per JSON file). */
export const CHAT_EXPORT_FORMAT = 'tiny-agent-chat';
/** The `format` field of the manifest of an "export all" archive. */
export const ARCHIVE_FORMAT = 'tiny-agent-archive';
/** Version of the export wrapper; the session lines inside carry their own format version. */
export const EXPORT_VERSION = 1;

export const TRANSFER_LIMITS = {
  /** Largest file an import reads (checked before reading). */
  maxImportBytes: 200 * 1024 * 1024,
  /** Largest total an archive may unpack to (a small zip must not expand into gigabytes). */
  maxUnpackedBytes: 400 * 1024 * 1024,
  /** Most conversations one import takes. */
  maxConversations: 20_000,
} as const;

/**
 * `text` cut to at most `max` UTF-16 units without splitting a character. A cut inside an emoji leaves a lone
 * surrogate, which a ZIP entry name (UTF-8) turns into U+FFFD while JSON keeps it: an archive's manifest and its
 * entries would then name a chat differently. Names are cut with this wherever they are cut.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
