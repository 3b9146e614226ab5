// The compare bar above the composer: which models the next send asks (2–4, `compare-model` toggles), and whether the
// chat keeps them as its compare set. Opened by the composer's `compare-open` button.
import type { JSX } from 'react';
import { modelGroups, refKey } from '../components/chat-settings/modelGroups';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import './compare.css';

export function CompareBar(): JSX.Element | null {
  const t = useT();
  const open = useAppState((s) => s.compareOpen);
  const providers = useAppState((s) => s.settings?.providers);
  const chosen = useAppState((s) => s.compareModels);
  const toggle = useAppState((s) => s.toggleCompareModel);
  const keep = useAppState((s) => s.keepCompareSet);
  const kept = useAppState((s) => s.currentSession.chat?.compareModels);
  const stored = useAppState((s) => s.currentSession.id !== null);
  if (!open) return null;
  const groups = modelGroups(providers ?? []);
  const chosenKeys = chosen.map(refKey);
  const keptNow = kept !== undefined && kept.map(refKey).join('|') === chosenKeys.join('|');
  return (
    <div className="compare-bar" role="group" aria-label={t('compare.models')}>
      <span className="compare-bar-hint">{chosen.length >= 2 ? t('compare.chosen', { n: chosen.length }) : t('compare.choose')}</span>
      <div className="compare-bar-models">
        {groups.flatMap((group) =>
          group.options.map((model) => {
            const on = chosenKeys.includes(refKey(model));
            return (
              <button
                key={refKey(model)}
                type="button"
                className={`compare-chip${on ? ' on' : ''}`}
                data-testid="compare-model"
                data-model={model.model}
                aria-pressed={on}
                title={group.provider.name}
                disabled={!on && chosen.length >= 4}
                onClick={() => toggle(model)}
              >
                {model.model}
              </button>
            );
          }),
        )}
      </div>
      {stored && (
        <label className="compare-keep" title={t('compare.keepHint')}>
          <input type="checkbox" checked={keptNow} disabled={chosen.length < 2} onChange={(event) => void keep(event.target.checked)} />
          {t('compare.keep')}
        </label>
      )}
    </div>
  );
}
