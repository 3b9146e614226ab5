// Documents as attachments: a PDF, Office, ODF, EPUB or RTF file — or a text file not in UTF-8 (GBK, Big5, Shift-JIS) —
// is read by the document worker when it is added; its reading is kept (a few, by hash) for sending. A document the
// worker cannot read is refused with the worker's reason. What goes into a request: documents/for-model.ts.
import { createHash } from 'node:crypto';
import type { AddAttachmentRequest, AttachmentPart, AttachmentRefusal } from '../../shared/attachments.js';
import { extensionOf, isTextExtension } from '../../shared/attachments.js';
import { DOCUMENT_EXTENSIONS } from '../../shared/document-words.js';
import type { DocumentResult, ExtractedDocument } from '../../shared/documents.js';
import { extractDocument, type ExtractOptions } from '../documents/extract.js';
import { documentForModel, type NumberParts } from '../documents/for-model.js';

/** The stored type of a document's original bytes. */
export const DOCUMENT_MIME = 'application/octet-stream';

/** True when a file named `name` that `judge` refused should be read as a document instead. */
export function isDocumentCandidate(name: string, refused: AttachmentRefusal, bytes: Uint8Array): boolean {
  const ext = extensionOf(name);
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return refused.reason === 'unsupported' || refused.reason === 'too_large';
  // A text file whose bytes are not UTF-8 (and have no NUL byte, which no legacy text encoding has): its encoding is detected.
  return isTextExtension(ext) && refused.reason === 'unsupported' && !bytes.includes(0);
}

/** Readings of documents added or sent in this process, by hash (the most recent few). */
export class DocumentReadings {
  private readonly kept = new Map<string, ExtractedDocument>();
  constructor(
    private readonly extract: (bytes: Uint8Array, name: string, options?: ExtractOptions) => Promise<DocumentResult> = extractDocument,
    private readonly keep = 8,
  ) {}

  /** Reads a document being added: its part (with pages, sheets, tokens) or why it is refused. */
  async judge(
    request: AddAttachmentRequest,
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ part: AttachmentPart } | { refused: AttachmentRefusal }> {
    const result = await this.extract(request.bytes, request.name, onProgress ? { onProgress } : {});
    if (!result.ok) return { refused: { reason: 'document', name: request.name, code: result.error.code } };
    const sha256 = createHash('sha256').update(request.bytes).digest('hex');
    this.remember(sha256, result.document);
    const { kind, pages, sheets, parts, tokens } = result.document;
    return {
      part: {
        type: 'attachment',
        kind: 'document',
        sha256,
        mimeType: DOCUMENT_MIME,
        name: request.name,
        size: request.bytes.length,
        document: {
          kind,
          parts: parts.length,
          tokens,
          ...(pages !== undefined ? { pages } : {}),
          ...(sheets !== undefined ? { sheets } : {}),
        },
      },
    };
  }

  /** The reading of a stored document, read again from its bytes when it is not kept. */
  async reading(part: AttachmentPart, bytes: () => Promise<Uint8Array | undefined>): Promise<ExtractedDocument | undefined> {
    const kept = this.kept.get(part.sha256);
    if (kept) return kept;
    const stored = await bytes();
    if (!stored) return undefined;
    const result = await this.extract(stored, part.name);
    if (!result.ok) return undefined;
    this.remember(part.sha256, result.document);
    return result.document;
  }

  private remember(sha256: string, document: ExtractedDocument): void {
    this.kept.delete(sha256);
    this.kept.set(sha256, document);
    while (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value!);
  }
}

/**
 * Tokens of one document a request may carry: a document within it is sent whole, a larger one only by its parts most
 * relevant to the question (up to it). A quarter of the chat model's context, leaving room for the chat and the
 * answer; a quarter of 128k when the model's context is unknown; never under 1,000.
 */
export const DOCUMENT_BUDGET_TOKENS = 32_000;
export function documentBudgetTokens(contextWindow: number | undefined): number {
  return contextWindow && contextWindow > 0 ? Math.max(1000, Math.floor(contextWindow / 4)) : DOCUMENT_BUDGET_TOKENS;
}

/** The document parts of a user message with which of their parts go for `question` noted on each (`document.sent`). */
export async function noteSentParts(
  readings: DocumentReadings,
  parts: readonly AttachmentPart[],
  question: string,
  read: (sha256: string) => Promise<{ bytes: Uint8Array } | undefined>,
  budget: number,
): Promise<AttachmentPart[]> {
  const noted: AttachmentPart[] = [];
  for (const part of parts) {
    if (part.kind !== 'document' || !part.document) {
      noted.push(part);
      continue;
    }
    const document = await readings.reading(part, async () => (await read(part.sha256))?.bytes);
    if (!document) {
      noted.push(part);
      continue;
    }
    const sent = documentForModel(document, question, budget);
    noted.push({ ...part, document: { ...part.document, sent: { whole: sent.whole, pages: sent.pages, labels: sent.sent } } });
  }
  return noted;
}

/**
 * The fenced, labelled block of a document for `question` (its parts numbered for citing when `numberParts` is given);
 * undefined when its file is gone or no longer reads.
 */
export async function documentForRequest(
  readings: DocumentReadings,
  part: AttachmentPart,
  question: string,
  read: (sha256: string) => Promise<{ bytes: Uint8Array } | undefined>,
  budget = DOCUMENT_BUDGET_TOKENS,
  numberParts?: NumberParts,
): Promise<string | undefined> {
  const document = await readings.reading(part, async () => (await read(part.sha256))?.bytes);
  if (!document) return undefined;
  return documentForModel(document, question, budget, numberParts).text;
}
