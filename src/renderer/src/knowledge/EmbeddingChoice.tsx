// What a knowledge base searches with: keywords alone (no model), or also an embedding model of one of the configured
// providers. Choosing "none" or a provider whose model is known saves at once; a typed model name is saved when its
// field is left (or Enter, or leaving Settings), like the other fields of Settings.
import { useId, useState, type JSX } from 'react';
import type { KnowledgeBaseView } from '../../../shared/knowledge';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { useSaveOnLeave } from '../components/settings/leaveGuard';
import { useKnowledge } from './knowledgeStore';

/** Models whose names say they make embeddings (offered first, and picked when a provider is chosen). */
const EMBEDDING_NAME = /embed|bge|(^|[-_/])e5([-_]|$)|gte|m3e/i;

export function embeddingModels(models: readonly string[]): string[] {
  return models.filter((model) => EMBEDDING_NAME.test(model));
}

export function EmbeddingChoice({ base }: { base: KnowledgeBaseView }): JSX.Element {
  const t = useT();
  const id = useId();
  const providers = useAppState((s) => s.settings?.providers) ?? [];
  const setEmbedding = useKnowledge((s) => s.setEmbedding);
  const [providerId, setProviderId] = useState(base.embedding?.providerId ?? '');
  const [model, setModel] = useState(base.embedding?.model ?? '');
  const provider = providers.find((p) => p.id === providerId);
  const suggested = provider ? embeddingModels(provider.models) : [];

  /** Saves the fields' choice when it differs from the base's and is complete. */
  const save = async (nextProvider: string, nextModel: string): Promise<boolean> => {
    const saved = base.embedding;
    if (!nextProvider) return saved ? setEmbedding(base.id, null) : true;
    const name = nextModel.trim();
    if (!name || (saved?.providerId === nextProvider && saved.model === name)) return true;
    return setEmbedding(base.id, { providerId: nextProvider, model: name });
  };
  useSaveOnLeave(() => save(providerId, model));

  return (
    <div className="kb-embedding">
      <div className="field">
        <label htmlFor={`${id}-provider`}>{t('knowledge.embedding')}</label>
        <select
          id={`${id}-provider`}
          data-testid="knowledge-embedding"
          aria-describedby={`${id}-hint`}
          value={providerId}
          onChange={(event) => {
            const next = event.target.value;
            const models = providers.find((p) => p.id === next)?.models ?? [];
            const nextModel = model.trim() && models.includes(model.trim()) ? model : (embeddingModels(models)[0] ?? model);
            setProviderId(next);
            setModel(next ? nextModel : '');
            void save(next, next ? nextModel : '');
          }}
        >
          <option value="">{t('knowledge.embedding.none')}</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {providerId && (
        <div className="field">
          <label htmlFor={`${id}-model`}>{t('knowledge.embedding.model')}</label>
          <input
            id={`${id}-model`}
            data-testid="knowledge-embedding-model"
            list={`${id}-models`}
            value={model}
            placeholder={t('knowledge.embedding.modelPlaceholder')}
            spellCheck={false}
            onChange={(event) => setModel(event.target.value)}
            onBlur={() => void save(providerId, model)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void save(providerId, model);
            }}
          />
          <datalist id={`${id}-models`}>
            {[...suggested, ...(provider?.models ?? []).filter((m) => !suggested.includes(m))].map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
      )}
      <p id={`${id}-hint`} className="hint kb-embedding-hint">
        {t('knowledge.embedding.hint')}
      </p>
    </div>
  );
}
