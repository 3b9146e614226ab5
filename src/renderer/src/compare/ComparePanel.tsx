// The compare of the open chat: one column per model, streaming side by side (tabs in a narrow window), each with the
// answer's caption (model, time to first token, tokens, cost). Stop one or all; regenerate one; pick one to continue
// (the others stay as its versions); merge them.
import { useState, type JSX } from 'react';
import { messageText } from '../../../shared/messages';
import { Markdown } from '../chat/Markdown';
import { MessageMeta } from '../chat/MessageMeta';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import type { CompareColumnView } from '../store/state';
import './compare.css';

/** At most this wide, the columns become tabs. */
export const COMPARE_TABS_QUERY = '(max-width: 700px)';

export function ComparePanel(): JSX.Element | null {
  const t = useT();
  const view = useAppState((s) => (s.compare && s.compare.sessionId === s.currentSession.id ? s.compare : null));
  const stop = useAppState((s) => s.stopCompare);
  const close = useAppState((s) => s.closeCompare);
  const merge = useAppState((s) => s.mergeAnswers);
  const setTab = useAppState((s) => s.setCompareTab);
  const tabs = useMediaQuery(COMPARE_TABS_QUERY);
  if (!view) return null;
  const stored = view.columns.filter((c) => c.end?.messageId);
  const shown = tabs ? [view.columns[Math.min(view.tab, view.columns.length - 1)]!] : view.columns;
  return (
    <section className={`compare-panel${tabs ? ' tabs' : ''}`} aria-label={t('compare.panel')} data-testid="compare-panel">
      <header className="compare-head">
        <p className="compare-question" title={t('compare.question')}>
          {view.userText}
        </p>
        <div className="compare-head-actions">
          {!view.ended && (
            <button type="button" className="button danger" data-testid="compare-stop-all" onClick={() => void stop()}>
              {t('compare.stopAll')}
            </button>
          )}
          {view.ended && stored.length >= 2 && (
            <button
              type="button"
              className="button"
              data-testid="compare-merge"
              title={t('compare.mergeHint')}
              onClick={() => {
                close();
                void merge(stored[0]!.end!.messageId!);
              }}
            >
              {t('compare.merge')}
            </button>
          )}
          {view.ended && (
            <button type="button" className="button" data-testid="compare-close" onClick={close}>
              {t('compare.close')}
            </button>
          )}
        </div>
      </header>
      {tabs && (
        <div className="compare-tabs" role="tablist" aria-label={t('compare.tabs')}>
          {view.columns.map((column, i) => (
            <button
              key={column.runId}
              type="button"
              role="tab"
              aria-selected={i === view.tab}
              className={`compare-tab${i === view.tab ? ' on' : ''}`}
              data-testid="compare-tab"
              data-model={column.model.model}
              onClick={() => setTab(i)}
            >
              {column.model.model}
            </button>
          ))}
        </div>
      )}
      <div className="compare-columns" style={{ gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))` }}>
        {shown.map((column) => (
          <Column
            key={column.runId}
            column={column}
            ended={view.ended}
            restored={view.restored === true}
            index={view.columns.indexOf(column)}
          />
        ))}
      </div>
    </section>
  );
}

function Column({
  column,
  ended,
  restored,
  index,
}: {
  column: CompareColumnView;
  ended: boolean;
  /** Brought back after a restart: its run is long over, so it is not answered again from here. */
  restored: boolean;
  index: number;
}): JSX.Element {
  const t = useT();
  const stop = useAppState((s) => s.stopCompare);
  const regenerate = useAppState((s) => s.regenerateColumn);
  const pick = useAppState((s) => s.pickColumn);
  const [source] = useState(() => ({}));
  const streaming = column.state === 'streaming';
  const text = messageText(column.message);
  return (
    <article
      className="compare-column"
      data-testid="compare-column"
      data-model={column.model.model}
      data-state={column.state}
      aria-busy={streaming || undefined}
    >
      <h3 className="compare-column-model">{column.model.model}</h3>
      <div className="compare-column-body md" data-testid="compare-content">
        {text === '' && streaming ? (
          <p className="msg-generating">{t('compare.waiting')}</p>
        ) : (
          <Markdown source={streaming ? source : column.message} text={text} streaming={streaming} />
        )}
        {column.state === 'failed' && <p className="compare-failed">{t('compare.failed', { message: column.error ?? '' })}</p>}
      </div>
      {!streaming && <MessageMeta message={column.message} />}
      <div className="compare-column-actions">
        {streaming ? (
          <button type="button" className="button" data-testid="compare-stop" onClick={() => void stop(column.runId)}>
            {t('compare.stop')}
          </button>
        ) : restored ? null : (
          <button type="button" className="button" data-testid="compare-regenerate" onClick={() => void regenerate(column.runId)}>
            {t('compare.regenerate')}
          </button>
        )}
        {ended && column.end?.messageId && (
          <button
            type="button"
            className="button primary"
            data-testid="compare-pick"
            title={t('compare.pickHint')}
            onClick={() => void pick(index)}
          >
            {t('compare.pick')}
          </button>
        )}
      </div>
    </article>
  );
}
