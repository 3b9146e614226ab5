// Words of export and import: dialog titles, the labels written into Markdown and HTML exports, and why a file or
// a conversation in it could not be imported. Both languages, the same terms as the window (chat, answer, reasoning).
import type { Locale } from '../../shared/settings.js';
import type { ExportFormat } from '../../shared/transfer.js';

export interface TransferStrings {
  exportTitle: string;
  exportAllTitle: string;
  importTitle: string;
  filterName: Record<ExportFormat | 'archive' | 'importable', string>;
  /** Labels inside exported documents. */
  you: string;
  assistant: string;
  reasoning: string;
  toolCall(name: string): string;
  toolResult(name: string): string;
  toolError(name: string): string;
  attachment(name: string): string;
  /** An attached text file whose bytes are no longer in the data folder. */
  attachmentMissing(name: string): string;
  stopped: string;
  refused: string;
  failed(message: string): string;
  version(n: number, of: number): string;
  exportedFrom(date: string): string;
  model: string;
  created: string;
  untitled: string;
  /** A chat whose own file cannot be read (damaged, or from a newer version) cannot be exported. */
  chatUnreadable: string;
  /** Whole-file refusals. */
  tooLarge(limitMb: number): string;
  unreadable(detail: string): string;
  notJson: string;
  wrongFormat: string;
  newerVersion: string;
  damagedArchive: string;
  tooManyConversations(limit: number): string;
  nothingInFile: string;
  /** Per-conversation refusals. */
  badShape(detail: string): string;
  brokenHistory(detail: string): string;
  badAttachment(name: string): string;
  noMessages: string;
  /** Data nested past what import walks (JSON nested `limit` levels would overflow the stack of whatever reads it next). */
  tooDeep(limit: number): string;
  /** A conversation whose reading threw: refused alone, whatever it holds, so the rest of the file still imports. */
  conversationUnreadable: string;
  writeFailed: string;
  /** Another import is under way (one at a time). */
  importRunning: string;
  /** The import worker stopped before it could say what the file holds (a file beyond what it can read, or a bug). */
  importStopped: string;
  /** In place of a picture a ChatGPT export names but does not carry in conversations.json. */
  imageNotIncluded: string;
  position(n: number): string;
}

const en: TransferStrings = {
  exportTitle: 'Export chat',
  exportAllTitle: 'Export all chats',
  importTitle: 'Import chats',
  filterName: {
    markdown: 'Markdown',
    json: 'Tiny Agent chat (JSON)',
    html: 'Web page (HTML)',
    archive: 'Tiny Agent archive (ZIP)',
    importable: 'Tiny Agent export, archive or ChatGPT conversations.json',
  },
  you: 'You',
  assistant: 'Assistant',
  reasoning: 'Reasoning',
  toolCall: (name) => `Tool call: ${name}`,
  toolResult: (name) => `Result of ${name}`,
  toolError: (name) => `Error from ${name}`,
  attachment: (name) => `Attachment: ${name}`,
  attachmentMissing: (name) => `Attachment: ${name} (the file is no longer in the data folder)`,
  stopped: 'Stopped before the answer was finished.',
  refused: 'The model declined to answer.',
  failed: (message) => `The answer failed: ${message}`,
  version: (n, of) => `version ${n} of ${of}`,
  exportedFrom: (date) => `Exported from Tiny Agent on ${date}`,
  model: 'Model',
  created: 'Created',
  untitled: 'Untitled chat',
  chatUnreadable: "This chat's file cannot be read, so it cannot be exported.",
  tooLarge: (limit) => `The file is larger than ${limit} MB, too large to import. Nothing was changed.`,
  unreadable: (detail) => `The file could not be read (${detail}). Nothing was changed.`,
  notJson: 'The file is not valid JSON (it may be cut short or damaged). Nothing was changed.',
  wrongFormat: 'This file is neither a Tiny Agent export nor a ChatGPT data export (conversations.json). Nothing was changed.',
  newerVersion: 'The file comes from a newer Tiny Agent. Please update the app to import it. Nothing was changed.',
  damagedArchive: 'The archive is damaged or not a ZIP file. Nothing was changed.',
  tooManyConversations: (limit) => `The file holds more than ${limit} chats; import at most ${limit} at a time. Nothing was changed.`,
  nothingInFile: 'The file holds no chats. Nothing was changed.',
  badShape: (detail) => `not in the expected shape (${detail})`,
  brokenHistory: (detail) => `its messages do not form a complete history (${detail})`,
  badAttachment: (name) => `the attached file "${name}" is damaged`,
  noMessages: 'it has no messages',
  tooDeep: (limit) => `it holds data nested more than ${limit} levels deep`,
  conversationUnreadable: 'it could not be read (its content is beyond what import can handle)',
  writeFailed: 'it could not be saved',
  importRunning: 'Another import is still under way. Wait for it to finish, or cancel it.',
  importStopped: 'The file could not be read to the end (it may be too large for this computer to read at once). Nothing was changed.',
  imageNotIncluded: '[image not included in the export]',
  position: (n) => `#${n}`,
};

const zh: TransferStrings = {
  exportTitle: '导出对话',
  exportAllTitle: '导出全部对话',
  importTitle: '导入对话',
  filterName: {
    markdown: 'Markdown',
    json: 'Tiny Agent 对话（JSON）',
    html: '网页（HTML）',
    archive: 'Tiny Agent 归档（ZIP）',
    importable: 'Tiny Agent 导出文件、归档或 ChatGPT conversations.json',
  },
  you: '你',
  assistant: '助手',
  reasoning: '思考过程',
  toolCall: (name) => `工具调用：${name}`,
  toolResult: (name) => `${name} 的结果`,
  toolError: (name) => `${name} 出错`,
  attachment: (name) => `附件：${name}`,
  attachmentMissing: (name) => `附件：${name}（文件已不在数据文件夹中）`,
  stopped: '回答在完成前被停止。',
  refused: '模型拒绝了回答。',
  failed: (message) => `回答失败：${message}`,
  version: (n, of) => `第 ${n} 版，共 ${of} 版`,
  exportedFrom: (date) => `于 ${date} 从 Tiny Agent 导出`,
  model: '模型',
  created: '创建于',
  untitled: '未命名对话',
  chatUnreadable: '无法读取这个对话的文件，因此无法导出。',
  tooLarge: (limit) => `文件超过 ${limit} MB，无法导入。未做任何更改。`,
  unreadable: (detail) => `无法读取文件（${detail}）。未做任何更改。`,
  notJson: '文件不是有效的 JSON（可能不完整或已损坏）。未做任何更改。',
  wrongFormat: '这个文件既不是 Tiny Agent 的导出文件，也不是 ChatGPT 的数据导出（conversations.json）。未做任何更改。',
  newerVersion: '文件来自更新版本的 Tiny Agent，请升级应用后再导入。未做任何更改。',
  damagedArchive: '归档已损坏或不是 ZIP 文件。未做任何更改。',
  tooManyConversations: (limit) => `文件中的对话超过 ${limit} 个，每次最多导入 ${limit} 个。未做任何更改。`,
  nothingInFile: '文件中没有对话。未做任何更改。',
  badShape: (detail) => `格式不符（${detail}）`,
  brokenHistory: (detail) => `消息记录不完整（${detail}）`,
  badAttachment: (name) => `附件“${name}”已损坏`,
  noMessages: '没有任何消息',
  tooDeep: (limit) => `其中的数据嵌套超过 ${limit} 层`,
  conversationUnreadable: '无法读取（其内容超出了导入能处理的范围）',
  writeFailed: '无法保存',
  importRunning: '另一个导入仍在进行中。请等它完成，或将其取消。',
  importStopped: '无法完整读取文件（文件可能太大，这台电脑无法一次读完）。未做任何更改。',
  imageNotIncluded: '[图片未包含在导出文件中]',
  position: (n) => `第 ${n} 个`,
};

export const TRANSFER_STRINGS: Record<Locale, TransferStrings> = { en, 'zh-CN': zh };
