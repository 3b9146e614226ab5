// The BM25 chunk ranker and what the model receives of a document: whole when it fits, else the relevant parts.
import { describe, expect, it } from 'vitest';
import { documentForModel } from '../../../src/main/documents/for-model.js';
import { chunkParts, rankChunks } from '../../../src/main/documents/retrieval.js';
import { tokensOf } from '../../../src/main/documents/extract-core.js';
import {
  documentSummary,
  isOpenableDocument,
  partLabelWords,
  sentPartsNote,
  DOCUMENT_ERROR_WORDS,
} from '../../../src/shared/document-words.js';
import type { DocumentPart, ExtractedDocument } from '../../../src/shared/documents.js';

const filler = (n: number) => Array.from({ length: 60 }, (_, i) => `general background sentence ${n}-${i} about nothing much.`).join(' ');

function pdf(parts: DocumentPart[]): ExtractedDocument {
  return { kind: 'pdf', name: 'manual.pdf', parts, pages: parts.length, tokens: tokensOf(parts) };
}

const pages: DocumentPart[] = [
  { label: 'Page 1', page: 1, text: `Welcome. ${filler(1)}` },
  { label: 'Page 2', page: 2, text: `Installation steps. ${filler(2)}` },
  { label: 'Page 3', page: 3, text: `The warranty lasts 24 months from purchase. ${filler(3)}` },
  { label: 'Page 4', page: 4, text: `Cleaning the filter. ${filler(4)}` },
  { label: 'Page 5', page: 5, text: `保修期为购买之日起二十四个月。${filler(5)}` },
  { label: 'Page 6', page: 6, text: `Troubleshooting. ${filler(6)}` },
  { label: 'Page 7', page: 7, text: `Warranty claims go to the dealer with the receipt. ${filler(7)}` },
];

describe('rankChunks', () => {
  it('puts the chunks that carry the question words first', () => {
    const ranked = rankChunks(chunkParts(pages), 'the warranty in months');
    expect(ranked.map((c) => c.label)).toEqual(['Page 3', 'Page 7', 'Page 4']);
  });

  it('matches a Chinese question to Chinese text by bigrams', () => {
    expect(rankChunks(chunkParts(pages), '保修期多久')[0]!.label).toBe('Page 5');
  });

  it('splits a long part at paragraphs into chunks of the bound', () => {
    const long: DocumentPart = {
      label: 'Chapter 1',
      text: Array.from({ length: 10 }, (_, i) => `para ${i} ${'x'.repeat(900)}`).join('\n\n'),
    };
    const chunks = chunkParts([long], 2_000);
    expect(chunks.map((c) => c.text.length)).toEqual([1816, 1816, 1816, 1816, 1816]);
    expect(chunks.every((c) => c.label === 'Chapter 1')).toBe(true);
  });
});

describe('documentForModel', () => {
  it('sends a document that fits whole, as one fenced block labelled per part', () => {
    const doc = pdf([
      { label: 'Page 1', page: 1, text: 'one' },
      { label: 'Page 2', page: 2, text: 'two' },
    ]);
    const sent = documentForModel(doc, 'anything', 10_000);
    expect(sent).toEqual({
      text: 'Document: manual.pdf\n```document\n[Page 1]\none\n\n[Page 2]\ntwo\n```',
      whole: true,
      sent: ['Page 1', 'Page 2'],
      pages: [1, 2],
      tokens: doc.tokens,
    });
  });

  it('sends only the relevant pages of a larger one, in page order, and says which', () => {
    const doc = pdf(pages);
    const sent = documentForModel(doc, 'warranty', 1_500);
    expect(sent.whole).toBe(false);
    expect(sent.pages).toEqual([3, 7]);
    expect(sent.text).toContain('[Page 3]\nThe warranty lasts 24 months');
    expect(sent.text).not.toContain('[Page 1]');
    expect(sent.text.split('\n')[0]).toBe('Document: manual.pdf (only the parts relevant to the question: Page 3, Page 7 — of 7 pages)');
    expect(sentPartsNote('en', { whole: false, pages: sent.pages, labels: sent.sent })).toBe('pages 3, 7 sent');
    expect(sentPartsNote('zh-CN', { whole: false, pages: sent.pages, labels: sent.sent })).toBe('已发送第 3、7 页');
  });

  it('numbers the parts it sends when asked, so an answer can cite them: the header says how', () => {
    const doc = pdf(pages);
    const asked: Array<Array<{ label: string; page?: number }>> = [];
    const sent = documentForModel(doc, 'warranty', 1_500, (parts) => {
      asked.push(parts.map(({ label, page }) => ({ label, page })));
      return parts.map((_, i) => 6 + i);
    });
    expect(asked).toEqual([
      [
        { label: 'Page 3', page: 3 },
        { label: 'Page 7', page: 7 },
      ],
    ]);
    expect(sent.text.split('\n')[0]).toBe(
      'Document: manual.pdf (only the parts relevant to the question: Page 3, Page 7 — of 7 pages) — cite the parts you use by their numbers, like [6]',
    );
    expect(sent.text).toContain('[6] Page 3\nThe warranty lasts 24 months');
    expect(sent.text).toContain('[7] Page 7\n');
    expect(sent.text).not.toContain('[Page 3]');
  });

  it('keeps a fence longer than any backtick run inside', () => {
    const doc = pdf([{ label: 'Page 1', page: 1, text: 'code:\n````\nx\n````' }]);
    expect(documentForModel(doc, '', 1000).text.split('\n')[1]).toBe('`````document');
  });
});

describe('document words', () => {
  it("says a page, a slide and a sheet in Chinese; a document's own heading stays as written", () => {
    const labels = ['Page 3', 'Slide 2', 'Sheet: Q1 sales', 'Introduction', 'Page three'];
    expect(labels.map((label) => partLabelWords('zh-CN', label))).toEqual([
      '第 3 页',
      '第 2 张幻灯片',
      '工作表：Q1 sales',
      'Introduction',
      'Page three',
    ]);
    expect(labels.map((label) => partLabelWords('en', label))).toEqual(labels);
    expect(sentPartsNote('zh-CN', { whole: false, pages: [], labels: ['Sheet: Q1', 'Sheet: Q2'] })).toBe('已发送：工作表：Q1、工作表：Q2');
  });

  it('lets the system open documents a viewer shows, never a web page, a macro workbook or a program', () => {
    const names = ['a.pdf', 'B.DOCX', 'c.xlsx', 'd.pptx', 'e.epub', 'f.html', 'g.xlsm', 'h.exe', 'pdf', '.pdf'];
    expect(names.filter(isOpenableDocument)).toEqual(['a.pdf', 'B.DOCX', 'c.xlsx', 'd.pptx', 'e.epub']);
  });

  it('names counts and failures in both languages', () => {
    expect(documentSummary('en', { kind: 'pdf', pages: 12, parts: 0, tokens: 3400 })).toBe('12 pages · 3.4k tokens');
    expect(documentSummary('zh-CN', { kind: 'spreadsheet', sheets: 2, parts: 0, tokens: 800 })).toBe('2 个工作表 · 800 个词元');
    expect(DOCUMENT_ERROR_WORDS.en.protected).toBe('protected: not read (it needs a password)');
    expect(DOCUMENT_ERROR_WORDS.en.no_text).toBe('no text in it — it is pictures (a scan); text recognition may come later');
    expect(DOCUMENT_ERROR_WORDS['zh-CN'].protected).toBe('受密码保护：未读取');
  });
});
