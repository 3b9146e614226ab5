// One knowledge base in Settings: its name (renamed in place), where its index stands (with the indexing's progress),
// its files and passages, the folders and files it holds (each removable), what it searches with, and add folder /
// add files (main's open dialog), index again, delete (asked first). Each change here is saved at once.
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import type { KnowledgeBaseView } from '../../../shared/knowledge';
import { useT } from '../i18n';
import { FormError } from '../ui/FormError';
import { useUnsavedDraft } from '../components/settings/leaveGuard';
import { EmbeddingChoice } from './EmbeddingChoice';
import { useKnowledge } from './knowledgeStore';
import { statusText } from './knowledgeWords';

export function KnowledgeBaseRow({ base, focusAdd }: { base: KnowledgeBaseView; focusAdd: boolean }): JSX.Element {
  const t = useT();
  const id = useId();
  const error = useKnowledge((s) => (s.error?.place === base.id ? s.error.message : null));
  const addPaths = useKnowledge((s) => s.addPaths);
  const removePath = useKnowledge((s) => s.removePath);
  const reindex = useKnowledge((s) => s.reindex);
  const remove = useKnowledge((s) => s.remove);
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Main's dialog is open (or its answer pending): the add buttons wait for it. */
  const [choosing, setChoosing] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusAdd) addButton.current?.focus();
  }, [focusAdd]);

  const add = async (kind: 'files' | 'folder') => {
    setChoosing(true);
    await addPaths(base.id, kind);
    setChoosing(false);
  };
  const indexing = base.status === 'indexing';
  const progress = base.progress;
  return (
    <li className="kb-row" data-testid="knowledge-base" data-kb-id={base.id} data-status={base.status} aria-labelledby={`${id}-name`}>
      <div className="kb-head">
        <span className={`kb-dot kb-${base.status}`} aria-hidden="true" />
        {renaming ? (
          <RenameForm
            base={base}
            onDone={() => {
              setRenaming(false);
              setTimeout(() => renameButton.current?.focus());
            }}
          />
        ) : (
          <strong id={`${id}-name`} className="kb-name" data-testid="knowledge-name">
            {base.name}
          </strong>
        )}
        <span className="kb-state" data-testid="knowledge-status">
          {statusText(base, t)}
        </span>
      </div>
      {indexing && progress && progress.total > 0 && (
        <progress
          className="kb-progress"
          data-testid="knowledge-progress"
          max={progress.total}
          value={progress.done}
          aria-label={t('knowledge.progress', { done: progress.done, total: progress.total })}
        />
      )}
      <p className="kb-counts" data-testid="knowledge-counts">
        {base.files === 1
          ? t('knowledge.countsOne', { chunks: base.chunks })
          : t('knowledge.counts', { files: base.files, chunks: base.chunks })}
      </p>
      {base.status === 'error' && base.error && (
        <p className="kb-error" data-testid="knowledge-base-error">
          {base.error}
        </p>
      )}
      {base.paths.length > 0 ? (
        <ul className="kb-paths" aria-label={t('knowledge.title')}>
          {base.paths.map((path) => (
            <li key={path} data-testid="knowledge-path" data-path={path}>
              <code title={path}>{path}</code>
              <button
                type="button"
                className="link-button"
                data-testid="knowledge-path-remove"
                aria-label={t('knowledge.removePathNamed', { path })}
                onClick={() => void removePath(base.id, path)}
              >
                {t('knowledge.removePath')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t('knowledge.noPaths')}</p>
      )}
      <EmbeddingChoice base={base} />
      {confirmDelete ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby={`${id}-delete`} data-testid="knowledge-delete-confirm">
          <p id={`${id}-delete`}>{t('knowledge.deleteConfirm', { name: base.name })}</p>
          <div className="field-row">
            <button type="button" className="button" autoFocus onClick={() => setConfirmDelete(false)}>
              {t('dialog.cancel')}
            </button>
            <button type="button" className="button danger" data-testid="knowledge-delete-yes" onClick={() => void remove(base.id)}>
              {t('knowledge.delete')}
            </button>
          </div>
        </div>
      ) : (
        <div className="kb-actions">
          <button
            ref={addButton}
            type="button"
            className="button"
            data-testid="knowledge-add-folder"
            disabled={choosing}
            onClick={() => void add('folder')}
          >
            {t('knowledge.addFolder')}
          </button>
          <button type="button" className="button" data-testid="knowledge-add-files" disabled={choosing} onClick={() => void add('files')}>
            {t('knowledge.addFiles')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="knowledge-reindex"
            disabled={indexing || base.paths.length === 0}
            onClick={() => void reindex(base.id)}
          >
            {t('knowledge.reindex')}
          </button>
          <button
            ref={renameButton}
            type="button"
            className="button"
            data-testid="knowledge-rename"
            disabled={renaming}
            onClick={() => setRenaming(true)}
          >
            {t('knowledge.rename')}
          </button>
          <button type="button" className="button danger-text" data-testid="knowledge-delete" onClick={() => setConfirmDelete(true)}>
            {t('knowledge.delete')}
          </button>
        </div>
      )}
      <FormError testId="knowledge-row-error">{error && t('knowledge.failed', { message: error })}</FormError>
    </li>
  );
}

function RenameForm({ base, onDone }: { base: KnowledgeBaseView; onDone: () => void }): JSX.Element {
  const t = useT();
  const rename = useKnowledge((s) => s.rename);
  const [name, setName] = useState(base.name);
  const changed = name.trim() !== '' && name.trim() !== base.name;
  useUnsavedDraft(t('knowledge.rename'), changed);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return onDone();
    if (await rename(base.id, name.trim())) onDone();
  };
  return (
    <form className="kb-rename" onSubmit={(event) => void submit(event)}>
      <input
        data-testid="knowledge-rename-input"
        aria-label={t('knowledge.name')}
        autoFocus
        maxLength={200}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onDone();
        }}
      />
      <button type="submit" className="button primary" data-testid="knowledge-rename-save" disabled={!name.trim()}>
        {t('knowledge.renameSave')}
      </button>
    </form>
  );
}
