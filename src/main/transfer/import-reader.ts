// Reading an import file into conversations: the file read, unpacked when it is a ZIP, parsed, and each conversation
// converted to session lines — our own export or ChatGPT's. It runs in the import worker (workers/import-worker.ts),
// never on main's thread: a 174 MB conversations.json is parsed and converted where no answer is streaming.
//
// A file is refused whole (ImportRefusal: nothing will be written) when it is too large, not readable, not JSON or ZIP,
// in no format we know, empty, or holding more conversations than one import takes. Otherwise the conversations come
// one by one, in the file's order, each read or refused on its own: whatever one holds (or a bug it meets), the others
// are still read.
import fs from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, strToU8 } from 'fflate';
import type { TRANSFER_LIMITS } from '../../shared/transfer.js';
import { isJsonEntry, isZip, MANIFEST_FILE, readArchive } from './archive.js';
import type { ReadConversation } from './candidate.js';
import {
  chatgptAssets,
  chatgptConversations,
  chatgptTitle,
  isChatgptAssetFile,
  isChatgptExport,
  readChatgptConversation,
} from './import-chatgpt.js';
import { isNewerExport, isOwnExport, ownTitle, readOwnExport } from './import-own.js';
import type { TransferStrings } from './strings.js';

/** Why a whole file is refused, in the person's words; nothing of it is written. */
export class ImportRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusal';
  }
}

export interface ImportReadOptions {
  strings: TransferStrings;
  limits: typeof TRANSFER_LIMITS;
  /** The system prompt of chats imported from elsewhere (ChatGPT's is not in its export). */
  systemPrompt: string;
  /** Used when a conversation or message has no time (ms). */
  now: number;
  /** A conversation whose reading threw, for the log (it is refused with a reason the person can read). */
  logFailure(context: string, error: unknown): void;
}

/** A file accepted as a whole: how many conversations it holds, and each of them read (lazily, in order). */
export interface OpenedImport {
  total: number;
  conversations: Iterable<ReadConversation>;
}

/** Work done since start (tests and the benchmark count it): bytes given to JSON.parse, conversations converted. */
export const importReadWork = { bytesParsed: 0, conversationsRead: 0 };

/** Reads `source` as an import file; throws ImportRefusal when it is refused as a whole. */
export async function openImport(source: string, options: ImportReadOptions): Promise<OpenedImport> {
  const { strings, limits } = options;
  let bytes: Buffer;
  try {
    // Size first: a file past the limit is refused without reading a byte of it.
    const stat = await fs.stat(source);
    if (stat.size > limits.maxImportBytes) refuse(strings.tooLarge(Math.round(limits.maxImportBytes / 1024 / 1024)));
    bytes = await fs.readFile(source);
  } catch (error) {
    if (error instanceof ImportRefusal) throw error;
    return refuse(strings.unreadable((error as NodeJS.ErrnoException).code ?? String(error)));
  }
  const opened = isZip(bytes) ? await readZip(bytes, options) : readJson(parseJson(bytes) ?? refuse(strings.notJson), options);
  if (opened.total === 0) refuse(strings.nothingInFile);
  if (opened.total > limits.maxConversations) refuse(strings.tooManyConversations(limits.maxConversations));
  return opened;
}

/** `assets`: the pictures of ChatGPT's export ZIP, when the file was that ZIP. */
function readJson(value: unknown, options: ImportReadOptions, assets?: ReadonlyMap<string, Uint8Array>): OpenedImport {
  const { strings, limits } = options;
  if (isOwnExport(value)) {
    if (isNewerExport(value)) refuse(strings.newerVersion);
    const title = ownTitle(value, strings.position(1));
    return { total: 1, conversations: [readAlone(title, options, () => readOwnExport(value, strings, title))] };
  }
  if (isChatgptExport(value)) {
    const list = chatgptConversations(value);
    if (list.length > limits.maxConversations) refuse(strings.tooManyConversations(limits.maxConversations));
    const chatgpt = { systemPrompt: options.systemPrompt, now: options.now, ...(assets && { asset: chatgptAssets(assets) }) };
    return {
      total: list.length,
      conversations: (function* () {
        for (let i = 0; i < list.length; i++) {
          const conversation = list[i];
          // Let go of what is converted: the parsed file need not stay whole until the last conversation.
          list[i] = undefined;
          yield readAlone(chatgptTitle(conversation, i + 1, strings), options, () =>
            readChatgptConversation(conversation, i + 1, strings, chatgpt),
          );
        }
      })(),
    };
  }
  return refuse(strings.wrongFormat);
}

/** Our archive (manifest + chats), or ChatGPT's export ZIP (conversations.json inside). */
async function readZip(bytes: Uint8Array, options: ImportReadOptions): Promise<OpenedImport> {
  const { strings, limits } = options;
  // JSON, and the pictures ChatGPT's export carries (named after their asset ids): nothing else is unpacked.
  const archive = await readArchive(
    bytes,
    limits.maxUnpackedBytes,
    (name) => isJsonEntry(name) || isChatgptAssetFile(name),
    limits.maxConversations,
  );
  if (!archive.ok) {
    refuse(
      {
        too_large: () => strings.tooLarge(Math.round(limits.maxUnpackedBytes / 1024 / 1024)),
        too_many: () => strings.tooManyConversations(limits.maxConversations),
        damaged: () => strings.damagedArchive,
      }[archive.reason](),
    );
  }
  const { files } = archive;
  const conversationsJson = [...files.keys()].find((name) => path.posix.basename(name) === 'conversations.json');
  if (!files.has(MANIFEST_FILE) && conversationsJson) {
    return readJson(parseJson(files.get(conversationsJson)!) ?? refuse(strings.notJson), options, files);
  }
  if (!files.has(MANIFEST_FILE)) refuse(strings.wrongFormat);
  const manifest = parseJson(files.get(MANIFEST_FILE)!) as { chats?: Array<{ file?: unknown }> } | undefined;
  if (!manifest || (manifest as { format?: unknown }).format !== 'tiny-agent-archive') refuse(strings.wrongFormat);
  if (isNewerExport({ version: (manifest as { version?: unknown }).version })) refuse(strings.newerVersion);
  // The manifest's order; chats the manifest does not list are still imported after them.
  // Each name as the ZIP spells it: an archive written before names were cut on characters has a lone surrogate in
  // its manifest where the entry's UTF-8 name has U+FFFD.
  const listed = (manifest.chats ?? [])
    .map((chat) => chat.file)
    .filter((file): file is string => typeof file === 'string')
    .map((file) => strFromU8(strToU8(file)));
  const names = [...new Set([...listed, ...[...files.keys()].filter((name) => name.startsWith('chats/')).sort()])];
  return {
    total: names.length,
    conversations: (function* () {
      for (const name of names) {
        const fallback = path.posix.basename(name);
        const data = files.get(name);
        files.delete(name);
        const value = data ? parseJson(data) : undefined;
        if (value === undefined) yield { ok: false, failure: { title: fallback, reason: strings.notJson } };
        else if (isOwnExport(value) && isNewerExport(value))
          yield { ok: false, failure: { title: fallback, reason: strings.newerVersion } };
        else yield readAlone(ownTitle(value, fallback), options, () => readOwnExport(value, strings, fallback));
      }
    })(),
  };
}

/**
 * Reads one conversation so that a throw refuses it alone: whatever one conversation holds (or a bug it meets), the
 * others of the file are still read, and the report names it with a reason the person can read.
 */
function readAlone(title: string, options: ImportReadOptions, read: () => ReadConversation): ReadConversation {
  importReadWork.conversationsRead += 1;
  try {
    return read();
  } catch (error) {
    options.logFailure(`import: "${title}" could not be read`, error);
    return { ok: false, failure: { title, reason: options.strings.conversationUnreadable } };
  }
}

/** JSON text (a UTF-8 byte order mark allowed), or undefined when it is not JSON. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    importReadWork.bytesParsed += bytes.length;
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

function refuse(message: string): never {
  throw new ImportRefusal(message);
}
