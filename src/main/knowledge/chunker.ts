// Chunking a document by its structure: each part (page, section, sheet, slide) is cut at paragraph boundaries into
// chunks of about `size` characters, each starting with the last `overlap` characters of the previous one, so a
// sentence on a boundary is whole in at least one chunk. Chunks never cross parts: a citation names one page.
import type { DocumentPart } from '../../shared/documents.js';

export interface Chunk {
  label: string;
  page?: number;
  text: string;
}

export interface ChunkOptions {
  size: number;
  overlap: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { size: 1200, overlap: 200 };

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    // A paragraph longer than a chunk is cut at sentence ends, then hard.
    if (trimmed.length <= size) {
      out.push(trimmed);
      continue;
    }
    let rest = trimmed;
    while (rest.length > size) {
      const window = rest.slice(0, size);
      const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('。'), window.lastIndexOf('\n'));
      const at = cut > size / 2 ? cut + 1 : size;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** The chunks of a document's parts, in reading order. */
export function chunkParts(parts: readonly DocumentPart[], options: ChunkOptions = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  for (const part of parts) {
    let current = '';
    const flush = () => {
      if (!current.trim()) return;
      chunks.push({ label: part.label, ...(part.page !== undefined ? { page: part.page } : {}), text: current.trim() });
      current = current.length > options.overlap ? current.slice(-options.overlap) : current;
    };
    let fresh = true;
    for (const piece of pieces(part.text, options.size)) {
      if (current && current.length + piece.length + 2 > options.size && !fresh) flush();
      current = current ? `${current}\n\n${piece}` : piece;
      fresh = false;
    }
    if (!fresh) flush();
  }
  return chunks;
}
