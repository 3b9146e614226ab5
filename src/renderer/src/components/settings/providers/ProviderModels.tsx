// The provider's models as one list in its editor: each row a model, whether chats offer it, and whether it takes
// images; the list refreshes from the provider's /models, a model can be added by name, and a long list filters.
import { useId, useState, type JSX, type KeyboardEvent } from 'react';
import { takesImages } from '../../../../../shared/model-images';
import { useT } from '../../../i18n';
import { PlusIcon, RefreshIcon } from '../../../ui/icons';
import { filterRows, offeredModels, withOffered, withTyped, type ModelRow } from './modelRows';
import './provider-models.css';

/** Rows beyond which a filter box is shown. */
const FILTER_FROM = 8;

export type ModelsListing = { state: 'idle' | 'loading' } | { state: 'done'; count: number } | { state: 'failed'; message: string };

interface ProviderModelsProps {
  rows: readonly ModelRow[];
  onRowsChange: (rows: ModelRow[]) => void;
  /** The person's "takes images" choices by model (others are guessed from the id). */
  images: Readonly<Record<string, boolean>>;
  onImagesChange: (images: Record<string, boolean>) => void;
  /** A model name typed but not added yet (Save adds it too). */
  typed: string;
  onTypedChange: (typed: string) => void;
  listing: ModelsListing;
  onRefresh: () => void;
}

export function ProviderModels(props: ProviderModelsProps): JSX.Element {
  const { rows, onRowsChange, images, onImagesChange, typed, onTypedChange, listing } = props;
  const t = useT();
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = filterRows(rows, filter);
  const offeredCount = offeredModels(rows).length;
  /** Row ids by position in the whole list (model names may hold any character). */
  const position = new Map(rows.map((row, index) => [row.model, index]));
  const add = () => {
    if (!typed.trim()) return;
    onRowsChange(withTyped(rows, typed));
    onTypedChange('');
  };
  const onTypedKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the name here rather than saving the whole provider.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="field provider-models" data-testid="provider-models" aria-describedby={`${id}-hint`}>
      <legend>{t('providers.models')}</legend>
      <p id={`${id}-hint`} className="hint">
        {t('providers.modelsHint')}
      </p>
      <div className="field-row provider-models-bar">
        <p className="hint provider-models-status" role="status" data-testid="settings-models-status">
          {listing.state === 'loading'
            ? t('settings.modelsLoading')
            : listing.state === 'failed'
              ? t('settings.modelsFailed', { message: listing.message })
              : t('providers.modelsOffered', { offered: offeredCount, total: rows.length })}
        </p>
        <button
          type="button"
          className="button small"
          data-testid="settings-load-models"
          disabled={listing.state === 'loading'}
          onClick={props.onRefresh}
        >
          <RefreshIcon />
          {t('settings.loadModels')}
        </button>
      </div>
      {rows.length > FILTER_FROM && (
        <input
          type="search"
          className="provider-models-filter"
          data-testid="provider-models-filter"
          aria-label={t('providers.modelsFilter')}
          placeholder={t('providers.modelsFilter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      {rows.length > 0 && (
        <div className="provider-models-scroll">
          <table className="provider-models-table">
            <thead>
              <tr>
                <th scope="col">{t('providers.modelOffer')}</th>
                <th scope="col" className="provider-model-name">
                  {t('providers.modelName')}
                </th>
                <th scope="col">{t('providers.modelImages')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.model} data-testid="provider-model" data-model={row.model} data-offered={row.offered}>
                  <td>
                    <input
                      type="checkbox"
                      id={`${id}-m${position.get(row.model)}`}
                      data-testid="provider-model-offer"
                      checked={row.offered}
                      onChange={(event) => onRowsChange(withOffered(rows, row.model, event.target.checked))}
                    />
                  </td>
                  <td className="provider-model-name">
                    <label htmlFor={`${id}-m${position.get(row.model)}`}>{row.model}</label>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      data-testid="provider-model-images"
                      aria-label={t('providers.modelImagesLabel', { model: row.model })}
                      checked={takesImages(row.model, images)}
                      onChange={(event) => onImagesChange({ ...images, [row.model]: event.target.checked })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="field-row">
        <input
          data-testid="settings-model"
          aria-label={t('providers.modelAdd')}
          placeholder={t('providers.modelAddPlaceholder')}
          spellCheck={false}
          autoComplete="off"
          value={typed}
          onChange={(event) => onTypedChange(event.target.value)}
          onKeyDown={onTypedKey}
        />
        <button type="button" className="button" data-testid="provider-model-add" disabled={!typed.trim()} onClick={add}>
          <PlusIcon />
          {t('providers.modelAdd')}
        </button>
      </div>
    </fieldset>
  );
}
