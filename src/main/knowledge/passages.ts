// Passages as the model reads them: numbered, each with its file and place, so an answer can cite them as [n].
import path from 'node:path';
import type { KnowledgePassage } from '../../shared/knowledge.js';

export function formatPassages(passages: readonly KnowledgePassage[], first = 1): string {
  return passages
    .map((p, i) => `[${first + i}] ${path.basename(p.file)} — ${p.label}${p.page !== undefined ? ` (p. ${p.page})` : ''}\n${p.text}`)
    .join('\n\n');
}
