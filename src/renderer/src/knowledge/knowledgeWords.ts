// What a knowledge base's row and a chat's choice say of where its index stands, and a file's name from its path
// (the renderer has no path module; main's paths use either separator).
import type { KnowledgeBaseView } from '../../../shared/knowledge';
import type { Translate } from '../i18n';

/** "Ready", "Indexing: 3 of 10 files", "Indexing failed"… */
export function statusText(base: KnowledgeBaseView, t: Translate): string {
  if (base.status === 'indexing' && base.progress && base.progress.total > 0)
    return t('knowledge.progress', { done: base.progress.done, total: base.progress.total });
  return t(`knowledge.status.${base.status}`);
}

/** The last part of a path: `/a/b/manual.pdf` and `C:\a\manual.pdf` both give `manual.pdf`. */
export function fileName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? path;
}
