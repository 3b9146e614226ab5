// Prices of a provider's models, in its editor: one row per priced model (per million tokens: input, cached input,
// output). Saved with the provider; the model box offers the provider's models.
import { useId, type JSX } from 'react';
import { useT } from '../i18n';
import { PlusIcon } from '../ui/icons';
import type { PriceRow } from './priceRows';
import './usage.css';

export function ModelPricesEditor({
  rows,
  models,
  onChange,
}: {
  rows: readonly PriceRow[];
  models: readonly string[];
  onChange: (rows: PriceRow[]) => void;
}): JSX.Element {
  const t = useT();
  const id = useId();
  const update = (index: number, field: keyof PriceRow, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const unpriced = models.find((model) => !rows.some((row) => row.model.trim() === model)) ?? '';
  const number = { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } as const;
  return (
    <fieldset className="field price-fieldset" aria-describedby={`${id}-hint`} data-testid="settings-prices">
      <legend>{t('usage.prices')}</legend>
      <p id={`${id}-hint`} className="hint">
        {t('usage.pricesHint')}
      </p>
      {rows.length > 0 && (
        <ul className="price-rows">
          <li className="price-row price-head" aria-hidden="true">
            <span className="price-model">{t('usage.priceModel')}</span>
            <span>{t('usage.priceInput')}</span>
            <span>{t('usage.priceCachedInput')}</span>
            <span>{t('usage.priceOutput')}</span>
            <span />
          </li>
          {rows.map((row, index) => (
            <li key={index} className="price-row" data-testid="price-row">
              <input
                className="price-model"
                data-testid="price-model"
                aria-label={t('usage.priceModel')}
                list={`${id}-models`}
                spellCheck={false}
                autoComplete="off"
                value={row.model}
                onChange={(event) => update(index, 'model', event.target.value)}
              />
              <input
                {...number}
                data-testid="price-input"
                aria-label={`${t('usage.priceInput')} (${row.model})`}
                value={row.input}
                onChange={(event) => update(index, 'input', event.target.value)}
              />
              <input
                {...number}
                data-testid="price-cached"
                aria-label={`${t('usage.priceCachedInput')} (${row.model})`}
                placeholder={t('usage.priceCachedPlaceholder')}
                value={row.cachedInput}
                onChange={(event) => update(index, 'cachedInput', event.target.value)}
              />
              <input
                {...number}
                data-testid="price-output"
                aria-label={`${t('usage.priceOutput')} (${row.model})`}
                value={row.output}
                onChange={(event) => update(index, 'output', event.target.value)}
              />
              <button
                type="button"
                className="icon-button"
                data-testid="price-remove"
                aria-label={t('usage.priceRemove', { model: row.model })}
                title={t('usage.priceRemove', { model: row.model })}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <datalist id={`${id}-models`}>
        {models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <div className="field-row">
        <button
          type="button"
          className="button"
          data-testid="price-add"
          onClick={() => onChange([...rows, { model: unpriced, input: '', output: '', cachedInput: '' }])}
        >
          <PlusIcon />
          {t('usage.priceAdd')}
        </button>
      </div>
    </fieldset>
  );
}
