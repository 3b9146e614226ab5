// The readers, one per format, run inside the document worker (src/main/workers/document-worker.ts). Each keeps the
// document's structure as parts (pages, heading sections, sheets, slides, chapters). Failures are thrown as
// DocumentFailure with a code; the worker turns everything into a DocumentResult, so nothing throws across the boundary.
import { countTokens } from 'gpt-tokenizer';
import type { DocumentErrorCode, DocumentKind, DocumentPart, DocumentResult, ExtractedDocument } from '../../shared/documents.js';
import { decodeCodePage, decodeText } from './encoding.js';
import { htmlToMarkdown, markdownTable, rtfToText, splitAtHeadings, xmlParagraphs } from './markup.js';
import { ZipDamaged, ZipTooLarge, readZip, zipText, ZIP_LIMITS } from './zip-bound.js';

export class DocumentFailure extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'DocumentFailure';
  }
}

export interface ExtractLimits {
  /** Bytes a ZIP-based document may inflate to. */
  maxInflatedBytes: number;
  /** Pages of a PDF read (the rest are left out and the document says so). */
  maxPages: number;
  /** Characters of text kept in all. */
  maxChars: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxInflatedBytes: ZIP_LIMITS.maxInflatedBytes,
  maxPages: 2_000,
  maxChars: 20_000_000,
};

/** Progress of a long read: parts done of parts in all (pages of a PDF). */
export type ProgressReport = (done: number, total: number) => void;

const SPREADSHEET = ['xlsx', 'xlsm', 'xls', 'ods', 'csv', 'tsv'];
const SOURCE_OR_TEXT =
  /^(txt|log|json|jsonl|yaml|yml|toml|ini|xml|css|scss|sql|sh|bash|zsh|ps1|bat|js|mjs|cjs|jsx|ts|tsx|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|lua|r|dart|scala|vue|svelte|tex)$/;

/** The reader a file name chooses, or undefined when no reader takes it. */
export function documentKindFor(name: string): DocumentKind | undefined {
  const ext = extension(name);
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  if (ext === 'odt') return 'odt';
  if (SPREADSHEET.includes(ext)) return 'spreadsheet';
  if (ext === 'pptx') return 'pptx';
  if (ext === 'epub') return 'epub';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'rtf') return 'rtf';
  if (SOURCE_OR_TEXT.test(ext)) return 'text';
  return undefined;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Reads one document; never throws. */
export async function extractBytes(
  bytes: Uint8Array,
  name: string,
  onProgress: ProgressReport = () => {},
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): Promise<DocumentResult> {
  const kind = documentKindFor(name);
  if (!kind) return { ok: false, error: { code: 'unsupported', detail: `no reader for "${extension(name) || name}"` } };
  try {
    const { parts, pages, sheets } = await read(kind, bytes, name, onProgress, limits);
    const kept = boundChars(parts, limits.maxChars);
    if (kept.every((part) => !part.text.trim())) {
      if (kind === 'pdf') throw new DocumentFailure('no_text', 'no page has a text layer');
      throw new DocumentFailure('no_text', 'the document has no text');
    }
    const document: ExtractedDocument = { kind, name, parts: kept, tokens: tokensOf(kept) };
    if (pages !== undefined) document.pages = pages;
    if (sheets !== undefined) document.sheets = sheets;
    return { ok: true, document };
  } catch (error) {
    if (error instanceof DocumentFailure) return { ok: false, error: { code: error.code, detail: error.message } };
    if (error instanceof ZipTooLarge) return { ok: false, error: { code: 'too_large', detail: error.message } };
    if (error instanceof ZipDamaged) return { ok: false, error: { code: 'damaged', detail: error.message } };
    const detail = error instanceof Error ? error.message : String(error);
    const errorName = error instanceof Error ? error.name : '';
    if (errorName === 'PasswordException' || /password/i.test(detail)) return { ok: false, error: { code: 'protected', detail } };
    return { ok: false, error: { code: 'damaged', detail } };
  }
}

function boundChars(parts: DocumentPart[], maxChars: number): DocumentPart[] {
  let left = maxChars;
  const out: DocumentPart[] = [];
  for (const part of parts) {
    if (left <= 0) break;
    out.push(part.text.length > left ? { ...part, text: part.text.slice(0, left) } : part);
    left -= part.text.length;
  }
  return out;
}

/** Tokens counted in slices, so one huge text never costs one huge call. */
export function tokensOf(parts: DocumentPart[]): number {
  let tokens = 0;
  for (const part of parts) for (let at = 0; at < part.text.length; at += 20_000) tokens += countTokens(part.text.slice(at, at + 20_000));
  return tokens;
}

interface Read {
  parts: DocumentPart[];
  pages?: number;
  sheets?: number;
}

async function read(kind: DocumentKind, bytes: Uint8Array, name: string, onProgress: ProgressReport, limits: ExtractLimits): Promise<Read> {
  switch (kind) {
    case 'pdf':
      return readPdf(bytes, onProgress, limits);
    case 'docx':
      return readDocx(bytes, limits);
    case 'odt':
      return readOdt(bytes, limits);
    case 'spreadsheet':
      return readSpreadsheet(bytes, name, limits);
    case 'pptx':
      return readPptx(bytes, limits, onProgress);
    case 'epub':
      return readEpub(bytes, limits);
    case 'html':
      return sections(htmlToMarkdown(decodeText(bytes).text));
    case 'markdown':
      return sections(decodeText(bytes).text);
    case 'rtf':
      return readRtf(bytes);
    case 'text':
      return { parts: [{ label: name, text: decodeText(bytes).text }] };
  }
}

function sections(markdown: string): Read {
  const split = splitAtHeadings(markdown, 2);
  return { parts: split.map((section, i) => ({ label: section.heading ?? (i === 0 ? 'Start' : `Section ${i + 1}`), text: section.text })) };
}

async function readPdf(bytes: Uint8Array, onProgress: ProgressReport, limits: ExtractLimits): Promise<Read> {
  if (!startsWith(bytes, '%PDF-') && !findAscii(bytes.subarray(0, 1024), '%PDF-'))
    throw new DocumentFailure('damaged', 'not a PDF (no %PDF- header)');
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of (detaches) the buffer it is given: it gets a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  try {
    const total = pdf.numPages;
    const reading = Math.min(total, limits.maxPages);
    const parts: DocumentPart[] = [];
    for (let page = 1; page <= reading; page++) {
      const proxy = await pdf.getPage(page);
      const content = await proxy.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
        else if (item.str && !text.endsWith(' ')) text += ' ';
      }
      proxy.cleanup();
      parts.push({
        label: `Page ${page}`,
        page,
        text: text
          .replace(/[ \t]+\n/g, '\n')
          .replace(/\n{3,}/g, '\n\n')
          .trim(),
      });
      if (page % 10 === 0 || page === reading) onProgress(page, reading);
    }
    return { parts, pages: total };
  } finally {
    await pdf.destroy();
  }
}

function startsWith(bytes: Uint8Array, ascii: string): boolean {
  for (let i = 0; i < ascii.length; i++) if (bytes[i] !== ascii.charCodeAt(i)) return false;
  return true;
}

function findAscii(bytes: Uint8Array, ascii: string): boolean {
  return Buffer.from(bytes).includes(ascii, 0, 'latin1');
}

async function readDocx(bytes: Uint8Array, limits: ExtractLimits): Promise<Read> {
  // Inflated once under the bound first: mammoth's own unzip has none.
  const entries = readZip(bytes, limits.maxInflatedBytes);
  if (!entries.has('word/document.xml')) throw new DocumentFailure('damaged', 'no word/document.xml');
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return sections(htmlToMarkdown(value));
}

function readOdt(bytes: Uint8Array, limits: ExtractLimits): Read {
  const entries = readZip(bytes, limits.maxInflatedBytes);
  const xml = zipText(entries, 'content.xml');
  if (!xml) throw new DocumentFailure('damaged', 'no content.xml');
  const body = xml.replace(
    /<text:h\b[^>]*text:outline-level="(\d)"[^>]*>([\s\S]*?)<\/text:h>/g,
    (_, level: string, inner: string) => `<h${level}>${inner}</h${level}>`,
  );
  const html = body
    .replace(/<table:table-row\b[^>]*>/g, '<tr>')
    .replace(/<\/table:table-row>/g, '</tr>')
    .replace(/<table:table-cell\b[^>]*>/g, '<td>')
    .replace(/<\/table:table-cell>/g, '</td>')
    .replace(/<table:table\b[^>]*>/g, '<table>')
    .replace(/<\/table:table>/g, '</table>')
    .replace(/<text:p\b[^>]*\/>/g, '')
    .replace(/<text:p\b[^>]*>/g, '<p>')
    .replace(/<\/text:p>/g, '</p>')
    .replace(/<text:(s|tab)\b[^>]*\/>/g, ' ');
  return sections(htmlToMarkdown(html));
}

async function readSpreadsheet(bytes: Uint8Array, name: string, limits: ExtractLimits): Promise<Read> {
  const ext = extension(name);
  if (ext === 'xlsx' || ext === 'xlsm' || ext === 'ods') readZip(bytes, limits.maxInflatedBytes);
  const XLSX = await import('xlsx');
  const text = ext === 'csv' || ext === 'tsv';
  const workbook = text
    ? XLSX.read(decodeText(bytes).text, { type: 'string', FS: ext === 'tsv' ? '\t' : undefined, raw: true })
    : XLSX.read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false });
  const parts: DocumentPart[] = [];
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, defval: '', raw: false });
    const cells = rows.map((row) =>
      row.map((cell) =>
        cell === null || cell === undefined ? '' : typeof cell === 'object' ? JSON.stringify(cell) : String(cell as string | number),
      ),
    );
    parts.push({ label: `Sheet: ${sheetName}`, text: markdownTable(cells) });
  }
  return { parts, sheets: workbook.SheetNames.length };
}

function readPptx(bytes: Uint8Array, limits: ExtractLimits, onProgress: ProgressReport): Read {
  const entries = readZip(bytes, limits.maxInflatedBytes);
  const slides = [...entries.keys()]
    .map((key) => /^ppt\/slides\/slide(\d+)\.xml$/.exec(key))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  if (!entries.has('ppt/presentation.xml')) throw new DocumentFailure('damaged', 'no ppt/presentation.xml');
  const parts: DocumentPart[] = slides.map((n, i) => {
    const lines = xmlParagraphs(zipText(entries, `ppt/slides/slide${n}.xml`) ?? '', 'a:p', 'a:t');
    const notes = xmlParagraphs(zipText(entries, `ppt/notesSlides/notesSlide${n}.xml`) ?? '', 'a:p', 'a:t').filter(
      (line) => !/^\d+$/.test(line),
    );
    onProgress(i + 1, slides.length);
    const [title, ...rest] = lines;
    const text = [title ? `## ${title}` : '', ...rest, notes.length ? `\nNotes: ${notes.join(' ')}` : ''].filter(Boolean).join('\n');
    return { label: `Slide ${i + 1}`, page: i + 1, text };
  });
  return { parts, pages: slides.length };
}

function readEpub(bytes: Uint8Array, limits: ExtractLimits): Read {
  const entries = readZip(bytes, limits.maxInflatedBytes);
  const container = zipText(entries, 'META-INF/container.xml');
  const opfPath = container && /full-path="([^"]+)"/.exec(container)?.[1];
  const opf = opfPath && zipText(entries, opfPath);
  if (!opfPath || !opf) throw new DocumentFailure('damaged', 'no EPUB package document');
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const manifest = new Map<string, string>();
  for (const [item] of opf.matchAll(/<item\b[^>]*>/g)) {
    const id = /\bid="([^"]+)"/.exec(item)?.[1];
    const href = /\bhref="([^"]+)"/.exec(item)?.[1];
    if (id && href) manifest.set(id, href);
  }
  const parts: DocumentPart[] = [];
  for (const [, idref] of opf.matchAll(/<itemref\b[^>]*\bidref="([^"]+)"/g)) {
    const href = manifest.get(idref!);
    if (!href) continue;
    const html = zipText(entries, base + decodeURIComponent(href));
    if (!html) continue;
    const markdown = htmlToMarkdown(html);
    if (!markdown.trim()) continue;
    const heading = /^#{1,6} (.+)$/m.exec(markdown)?.[1];
    const n = parts.length + 1;
    parts.push({ label: heading ? `Chapter ${n} — ${heading}` : `Chapter ${n}`, text: markdown });
  }
  return { parts };
}

function readRtf(bytes: Uint8Array): Read {
  const source = new TextDecoder('latin1').decode(bytes);
  if (!source.startsWith('{\\rtf')) throw new DocumentFailure('damaged', 'not an RTF file');
  const codePage = Number(/\\ansicpg(\d+)/.exec(source)?.[1] ?? 1252);
  return sections(rtfToText(source, (b) => decodeCodePage(b, codePage)));
}
