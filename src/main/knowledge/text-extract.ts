// The default reader of a knowledge base's files until the document worker is merged: text, Markdown and source files
// read as UTF-8. Markdown is cut at its headings (each heading's section is a part, labelled by the heading).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DocumentPart, DocumentResult } from '../../shared/documents.js';

export type Extract = (file: string) => Promise<DocumentResult>;

const TEXT_EXTENSIONS = new Set([
  '.txt',
  '.md',
  '.markdown',
  '.rst',
  '.csv',
  '.tsv',
  '.json',
  '.yaml',
  '.yml',
  '.toml',
  '.ini',
  '.xml',
  '.html',
  '.htm',
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.tsx',
  '.jsx',
  '.py',
  '.rb',
  '.go',
  '.rs',
  '.java',
  '.kt',
  '.c',
  '.h',
  '.cc',
  '.cpp',
  '.hpp',
  '.cs',
  '.swift',
  '.php',
  '.sh',
  '.sql',
  '.css',
  '.scss',
  '.lua',
  '.r',
  '.tex',
]);

/** The largest file read as text (bigger ones are not source or notes). */
const MAX_BYTES = 8 * 1024 * 1024;

export function isReadableText(file: string): boolean {
  return TEXT_EXTENSIONS.has(path.extname(file).toLowerCase());
}

function markdownParts(text: string, name: string): DocumentPart[] {
  const parts: DocumentPart[] = [];
  let label = name;
  let lines: string[] = [];
  const flush = () => {
    const body = lines.join('\n').trim();
    if (body) parts.push({ label, text: body });
    lines = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      label = heading[1]!;
    }
    lines.push(line);
  }
  flush();
  return parts;
}

export const extractText: Extract = async (file) => {
  if (!isReadableText(file)) return { ok: false, error: { code: 'unsupported' } };
  const stat = await fs.stat(file);
  if (stat.size > MAX_BYTES) return { ok: false, error: { code: 'too_large' } };
  const text = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const name = path.basename(file);
  const ext = path.extname(file).toLowerCase();
  const parts = ext === '.md' || ext === '.markdown' ? markdownParts(text, name) : text.trim() ? [{ label: name, text }] : [];
  if (parts.length === 0) return { ok: false, error: { code: 'no_text' } };
  const kind = ext === '.md' || ext === '.markdown' ? 'markdown' : 'text';
  return { ok: true, document: { kind, name, parts, tokens: Math.ceil(text.length / 4) } };
};
