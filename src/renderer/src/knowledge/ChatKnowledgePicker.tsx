// Which knowledge bases the open chat searches: a line above the composer (beside its MCP servers) with one box per
// base, so what the chat uses is seen at a glance and changed in one click. The new chat keeps its choice until its
// first send creates it; a stored chat saves each change. Shown once a knowledge base exists; each box's tooltip says
// where that base's index stands.
import { useId, type JSX } from 'react';
import { useT } from '../i18n';
import { FormError } from '../ui/FormError';
import { revealKnowledgeSettings, useChatKnowledge, useKnowledge, useShownBases } from './knowledgeStore';
import { statusText } from './knowledgeWords';
import './knowledge.css';

export function ChatKnowledgePicker(): JSX.Element | null {
  const t = useT();
  const id = useId();
  const bases = useShownBases();
  const error = useKnowledge((s) => (s.error?.place === 'chat' ? s.error.message : null));
  const setChatKnowledge = useKnowledge((s) => s.setChatKnowledge);
  const chosen = useChatKnowledge();
  if (!bases?.length) return null;
  // A base deleted since it was chosen is skipped (main does the same).
  const active = chosen.filter((kbId) => bases.some((base) => base.id === kbId));
  const toggle = (kbId: string, on: boolean) => void setChatKnowledge(on ? [...active, kbId] : active.filter((id) => id !== kbId));
  return (
    <div className="chat-knowledge" data-testid="chat-knowledge" data-on={active.length} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="chat-knowledge-label" title={t('knowledge.chatHint')}>
        {t('knowledge.chatLabel')}
      </span>
      {bases.map((base) => (
        <label key={base.id} className="chat-knowledge-base" title={statusText(base, t)}>
          <input
            type="checkbox"
            data-testid="chat-knowledge-option"
            data-kb-id={base.id}
            checked={active.includes(base.id)}
            onChange={(event) => toggle(base.id, event.target.checked)}
          />
          {base.name}
          {base.status === 'indexing' && <span className="chat-knowledge-indexing" aria-hidden="true" />}
        </label>
      ))}
      <button type="button" className="tool-more" title={t('knowledge.sidebarHint')} onClick={revealKnowledgeSettings}>
        {t('knowledge.chatManage')}
      </button>
      <FormError>{error}</FormError>
    </div>
  );
}
