// Words a person reads about a document: why it was not read, what its chip says, and which parts were sent.
import type { DocumentErrorCode, ExtractedDocument } from './documents.js';
import type { Locale } from './settings.js';

export type DocumentLocale = Locale;

/** Extensions attached as documents (read by the document worker, not sent as raw text). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'odt', 'xlsx', 'xlsm', 'xls', 'ods', 'pptx', 'epub', 'rtf', 'htm', 'xhtml'] as const;

/**
 * Extensions of attached documents the system's viewer may open (openAttachedDocument): documents a viewer shows —
 * never a web page (it would run its scripts) or a workbook with macros.
 */
const OPENABLE_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'docx', 'odt', 'xlsx', 'xls', 'ods', 'pptx', 'epub', 'rtf']);

/** True when an attached document named `name` may be opened with the system's viewer. */
export function isOpenableDocument(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && OPENABLE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

export const DOCUMENT_ERROR_WORDS: Record<DocumentLocale, Record<DocumentErrorCode, string>> = {
  en: {
    protected: 'protected: not read (it needs a password)',
    no_text: 'no text in it — it is pictures (a scan); text recognition may come later',
    damaged: 'damaged: it could not be read',
    too_large: 'too large: it unpacks past the limit, not read',
    unsupported: 'this kind of file is not read',
    timeout: 'reading took too long and was stopped',
  },
  'zh-CN': {
    protected: '受密码保护：未读取',
    no_text: '其中没有文字——是图片（扫描件）；以后可能支持文字识别',
    damaged: '文件已损坏：无法读取',
    too_large: '文件过大：解压后超出上限，未读取',
    unsupported: '不支持读取此类文件',
    timeout: '读取时间过长，已停止',
  },
};

/** The chip's summary: "12 pages · 3.4k tokens", "2 sheets · 800 tokens". */
export function documentSummary(
  locale: DocumentLocale,
  document: Pick<ExtractedDocument, 'kind' | 'pages' | 'sheets' | 'tokens'> & { parts: number },
): string {
  const tokens = document.tokens >= 1000 ? `${(document.tokens / 1000).toFixed(1)}k` : String(document.tokens);
  const zh = locale === 'zh-CN';
  let count: string;
  if (document.sheets !== undefined)
    count = zh ? `${document.sheets} 个工作表` : `${document.sheets} ${document.sheets === 1 ? 'sheet' : 'sheets'}`;
  else if (document.pages !== undefined && document.kind === 'pptx')
    count = zh ? `${document.pages} 张幻灯片` : `${document.pages} ${document.pages === 1 ? 'slide' : 'slides'}`;
  else if (document.pages !== undefined)
    count = zh ? `${document.pages} 页` : `${document.pages} ${document.pages === 1 ? 'page' : 'pages'}`;
  else count = zh ? `${document.parts} 部分` : `${document.parts} ${document.parts === 1 ? 'part' : 'parts'}`;
  return zh ? `${count} · ${tokens} 个词元` : `${count} · ${tokens} tokens`;
}

/** Which parts went with a message: "pages 3, 7 sent" / "已发送第 3、7 页"; undefined when the whole document went. */
/**
 * A part's label as the reader of `locale` reads it: the reader names a part "Page 3", "Slide 2" or "Sheet: Q1"
 * (main's words); in Chinese they are 第 3 页, 第 2 张幻灯片, 工作表：Q1. Headings and chapters are the document's own.
 */
export function partLabelWords(locale: DocumentLocale, label: string): string {
  if (locale !== 'zh-CN') return label;
  const numbered = /^(Page|Slide) (\d+)$/.exec(label);
  if (numbered) return numbered[1] === 'Page' ? `第 ${numbered[2]} 页` : `第 ${numbered[2]} 张幻灯片`;
  const sheet = /^Sheet: (.*)$/s.exec(label);
  return sheet ? `工作表：${sheet[1]}` : label;
}

export function sentPartsNote(locale: DocumentLocale, sent: { whole: boolean; pages: number[]; labels: string[] }): string | undefined {
  if (sent.whole) return undefined;
  const zh = locale === 'zh-CN';
  if (sent.pages.length)
    return zh ? `已发送第 ${sent.pages.join('、')} 页` : `${sent.pages.length === 1 ? 'page' : 'pages'} ${sent.pages.join(', ')} sent`;
  return zh ? `已发送：${sent.labels.map((label) => partLabelWords(locale, label)).join('、')}` : `sent: ${sent.labels.join(', ')}`;
}

/** Reading progress: "reading… 120 / 500 pages". */
export function readingProgress(locale: DocumentLocale, done: number, total: number): string {
  return locale === 'zh-CN' ? `正在读取… ${done} / ${total} 页` : `reading… ${done} / ${total} pages`;
}
