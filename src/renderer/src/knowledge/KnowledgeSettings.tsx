// The Knowledge bases section of Settings: every base (KnowledgeBaseRow) and a form that creates one. A base is made
// empty and filled from its row (main's open dialog); the list follows main's answers and its events while indexing
// moves on. Opened from the sidebar's entry, Settings scrolls here.
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { useT } from '../i18n';
import { DialogActions } from '../ui/DialogActions';
import { Field } from '../ui/Field';
import { FormError } from '../ui/FormError';
import { useUnsavedDraft } from '../components/settings/leaveGuard';
import { KnowledgeBaseRow } from './KnowledgeBaseRow';
import { useKnowledge, useShownBases } from './knowledgeStore';
import './knowledge.css';

export function KnowledgeSettings(): JSX.Element {
  const t = useT();
  const id = useId();
  const view = useKnowledge((s) => s.view);
  const bases = useShownBases();
  const createFromFolder = useKnowledge((s) => s.createFromFolder);
  const [choosing, setChoosing] = useState(false);
  const error = useKnowledge((s) => s.error);
  const load = useKnowledge((s) => s.load);
  const revealRequested = useKnowledge((s) => s.revealRequested);
  const [creating, setCreating] = useState(false);
  /** The base just created: its row takes the focus (its Add folder button), so filling it is the next step. */
  const [created, setCreated] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!revealRequested) return;
    useKnowledge.setState({ revealRequested: false });
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [revealRequested]);

  return (
    <section ref={section} className="settings-section knowledge-settings" aria-labelledby={`${id}-title`} data-testid="settings-knowledge">
      {/* Opened from the sidebar's entry, the dialog's first focus lands here (data-autofocus), not on its top. */}
      <h3 id={`${id}-title`} className="settings-subtitle" tabIndex={-1} data-autofocus={revealRequested || undefined}>
        {t('knowledge.title')}
      </h3>
      <p className="hint">{t('knowledge.intro')}</p>
      <FormError testId="knowledge-config-error">{view?.error && t('knowledge.configError', { message: view.error })}</FormError>
      {bases && bases.length === 0 && <p className="hint">{t('knowledge.none')}</p>}
      {bases && bases.length > 0 && (
        <ul className="kb-list">
          {bases.map((base) => (
            <KnowledgeBaseRow key={base.id} base={base} focusAdd={created === base.id} />
          ))}
        </ul>
      )}
      {creating ? (
        <CreateForm
          onCancel={() => {
            setCreating(false);
            setTimeout(() => newButton.current?.focus());
          }}
          onCreated={(kbId) => {
            setCreating(false);
            setCreated(kbId);
          }}
        />
      ) : (
        <div className="field-row kb-section-actions">
          <button
            type="button"
            className="button primary"
            data-testid="knowledge-add"
            disabled={choosing}
            onClick={() => {
              setChoosing(true);
              void createFromFolder(t('knowledge.new')).finally(() => setChoosing(false));
            }}
          >
            {t('knowledge.addBaseFolder')}
          </button>
          <button ref={newButton} type="button" className="button" data-testid="knowledge-new" onClick={() => setCreating(true)}>
            {t('knowledge.new')}
          </button>
        </div>
      )}
      <FormError testId="knowledge-error">{error?.place === 'section' && t('knowledge.failed', { message: error.message })}</FormError>
    </section>
  );
}

function CreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (kbId: string) => void }): JSX.Element {
  const t = useT();
  const create = useKnowledge((s) => s.create);
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  useUnsavedDraft(t('knowledge.new'), name.trim() !== '' && !sending);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setSending(true);
    const base = await create(name.trim());
    setSending(false);
    if (base) onCreated(base.id);
  };
  return (
    <form className="kb-form" onSubmit={(event) => void submit(event)}>
      <Field label={t('knowledge.name')}>
        {(control) => (
          <input
            {...control}
            data-testid="knowledge-name-input"
            autoFocus
            maxLength={200}
            value={name}
            placeholder={t('knowledge.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              // Escape closes this form, not Settings.
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              onCancel();
            }}
          />
        )}
      </Field>
      <DialogActions
        className="field-row end"
        onCancel={onCancel}
        confirm={t('knowledge.create')}
        testId="knowledge-create"
        disabled={sending || !name.trim()}
      />
    </form>
  );
}
