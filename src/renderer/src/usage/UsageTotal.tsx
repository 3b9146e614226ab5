// The open chat's usage in the header: tokens of the answers shown (and their cost when prices are set), a button
// that opens the breakdown. Nothing is shown while no shown answer reported usage.
import { useId, useMemo, useRef, useState, type JSX } from 'react';
import { formatCost } from '../../../shared/usage';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { chatTotal } from './chatTotal';
import { compactTokens } from './compactTokens';
import { useCurrency } from './pricing';
import './usage.css';
import { useClickOutside } from '../ui/useClickOutside';

export function UsageTotal(): JSX.Element | null {
  const t = useT();
  const id = useId();
  const usage = useAppState((s) => s.currentSession.usage);
  const settings = useAppState((s) => s.settings);
  const locale = useAppState((s) => s.locale);
  const currency = useCurrency();
  const total = useMemo(() => chatTotal(usage, settings), [usage, settings]);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useClickOutside(rootRef, open, () => setOpen(false));

  if (!total) return null;
  const full = (n: number) => n.toLocaleString(locale);
  const compact = compactTokens(total.tokens);
  const cost = total.cost !== undefined ? formatCost(total.cost, currency) : undefined;
  const label = cost
    ? t('usage.totalLabelCost', { tokens: full(total.tokens), cost })
    : t('usage.totalLabel', { tokens: full(total.tokens) });
  const rows: Array<[string, string]> = [[t('usage.row.input'), full(total.input)]];
  if (total.cached) rows.push([t('usage.row.cached'), full(total.cached)]);
  rows.push([t('usage.row.output'), full(total.output)]);
  if (total.reasoning) rows.push([t('usage.row.reasoning'), full(total.reasoning)]);
  rows.push([t('usage.row.answers'), full(total.answers)]);
  if (cost) rows.push([t('usage.row.cost'), cost]);

  return (
    <div
      className="usage-total"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Handled here: Escape must not also stop a running answer.
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="usage-total-button"
        data-testid="usage-total"
        data-tokens={total.tokens}
        // The figure alone, shown instead of "… tokens" where the header has little room (usage.css).
        data-compact={compact}
        aria-describedby={`${id}-label`}
        title={label}
        aria-expanded={open}
        aria-controls={open ? `${id}-details` : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="usage-total-tokens">{t('usage.total', { tokens: compact })}</span>
        {cost && <span className="usage-total-cost">{cost}</span>}
      </button>
      {/* The name is what the button shows (the compact figure); the exact numbers are its description. */}
      <span id={`${id}-label`} hidden>
        {label}
      </span>
      {open && (
        <div id={`${id}-details`} className="usage-popover" role="region" aria-labelledby={`${id}-title`} data-testid="usage-details">
          <h2 id={`${id}-title`} className="usage-popover-title">
            {t('usage.detailsTitle')}
          </h2>
          <dl className="usage-rows">
            {rows.map(([name, value]) => (
              <div key={name} className="usage-row">
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {total.unpriced.length > 0 && <p className="usage-note">{t('usage.noPrice', { models: total.unpriced.join(', ') })}</p>}
          <p className="usage-note">{t('usage.detailsNote')}</p>
        </div>
      )}
    </div>
  );
}
