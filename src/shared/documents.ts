// Documents read from a person's files (attachments and knowledge bases). Owner: the document worker in main.

/** Which reader produced a document. */
export type DocumentKind = 'pdf' | 'docx' | 'odt' | 'spreadsheet' | 'pptx' | 'epub' | 'html' | 'markdown' | 'rtf' | 'text';

/** One structural part of a document, in reading order: a PDF page, a Word heading's section, a sheet, a slide, a chapter. */
export interface DocumentPart {
  /** What a person reads as the part's place, e.g. "Page 3", "Sheet: Sales", "Slide 2", "Chapter 1 — Title". */
  label: string;
  /** 1-based page or slide number when the format has pages or slides. */
  page?: number;
  /** Markdown text of the part (spreadsheets as Markdown tables with their header row). */
  text: string;
}

/** A document whose text was read. Extraction never throws across the worker boundary: failures are `DocumentError`s. */
export interface ExtractedDocument {
  kind: DocumentKind;
  name: string;
  parts: DocumentPart[];
  /** Pages (PDF), slides (PPTX) or sheets (spreadsheets) when the format has them. */
  pages?: number;
  sheets?: number;
  /** Estimated tokens of all parts' text. */
  tokens: number;
}

/** Why a document could not be read; each code has words in both languages. */
export type DocumentErrorCode = 'protected' | 'no_text' | 'damaged' | 'too_large' | 'unsupported' | 'timeout';

export interface DocumentError {
  code: DocumentErrorCode;
  /** The reader's own message, for the details line. */
  detail?: string;
}

export type DocumentResult = { ok: true; document: ExtractedDocument } | { ok: false; error: DocumentError };
