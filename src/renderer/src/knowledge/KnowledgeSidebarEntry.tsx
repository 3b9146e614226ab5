// The sidebar's way to the knowledge bases: one quiet line at its foot that opens Settings at its knowledge section.
import type { JSX } from 'react';
import { useT } from '../i18n';
import { BookIcon } from '../ui/icons';
import { revealKnowledgeSettings, useShownBases } from './knowledgeStore';
import './knowledge.css';

export function KnowledgeSidebarEntry(): JSX.Element {
  const t = useT();
  const bases = useShownBases();
  const count = bases?.length ?? 0;
  const indexing = bases?.some((base) => base.status === 'indexing') ?? false;
  return (
    <div className="sidebar-foot">
      <button
        type="button"
        className="sidebar-knowledge"
        data-testid="sidebar-knowledge"
        data-indexing={indexing || undefined}
        title={t('knowledge.sidebarHint')}
        onClick={revealKnowledgeSettings}
      >
        <BookIcon />
        <span>{count ? t('knowledge.sidebarCount', { count }) : t('knowledge.sidebar')}</span>
      </button>
    </div>
  );
}
