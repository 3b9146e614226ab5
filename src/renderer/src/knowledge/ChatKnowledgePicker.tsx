// Which knowledge bases the open chat searches, chosen like its MCP servers: a line above the composer naming them,
// opening to one box per base. The new chat keeps its choice until its first send creates it; a stored chat saves it
// with its settings. Shown once at least one knowledge base exists; its tooltip says where each base's index stands.
import { type JSX } from 'react';
import { useT } from '../i18n';
import { FormError } from '../ui/FormError';
import { revealKnowledgeSettings, useChatKnowledge, useKnowledge } from './knowledgeStore';
import { statusText } from './knowledgeWords';
import './knowledge.css';

export function ChatKnowledgePicker(): JSX.Element | null {
  const t = useT();
  const bases = useKnowledge((s) => s.view?.bases);
  const error = useKnowledge((s) => (s.error?.place === 'chat' ? s.error.message : null));
  const setChatKnowledge = useKnowledge((s) => s.setChatKnowledge);
  const chosen = useChatKnowledge();
  if (!bases?.length) return null;
  // A base deleted since it was chosen is skipped (main does the same).
  const active = chosen.filter((kbId) => bases.some((base) => base.id === kbId));
  const used = bases.filter((base) => active.includes(base.id));
  const label = used.length
    ? t('knowledge.chatOn', { bases: used.map((base) => base.name).join(t('knowledge.chatSeparator')) })
    : t('knowledge.chatOff');
  const tooltip = [t('knowledge.chatHint'), ...bases.map((base) => `${base.name}: ${statusText(base, t)}`)].join('\n');
  const toggle = (kbId: string, on: boolean) => void setChatKnowledge(on ? [...active, kbId] : active.filter((id) => id !== kbId));
  return (
    <details className="chat-knowledge" data-testid="chat-knowledge" data-on={used.length}>
      <summary data-testid="chat-knowledge-summary" title={tooltip}>
        {label}
      </summary>
      <div className="chat-knowledge-menu" role="group" aria-label={t('knowledge.chatHint')}>
        {bases.map((base) => (
          <label key={base.id} className="check" title={statusText(base, t)}>
            <input
              type="checkbox"
              data-testid="chat-knowledge-option"
              data-kb-id={base.id}
              checked={active.includes(base.id)}
              onChange={(event) => toggle(base.id, event.target.checked)}
            />
            {base.name}
          </label>
        ))}
        <button type="button" className="tool-more" onClick={revealKnowledgeSettings}>
          {t('knowledge.chatManage')}
        </button>
      </div>
      <FormError>{error}</FormError>
    </details>
  );
}
