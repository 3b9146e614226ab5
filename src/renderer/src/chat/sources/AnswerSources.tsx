// The sources under an answer that read the web: numbered as the model got them (so [n] in the answer matches), each
// its title and host, a link the list's click handler opens in the system browser (listClicks.ts). A long list shows
// its first few until the person asks for all.
import { useState, type JSX } from 'react';
import type { WebSource } from '../../../../shared/web-tools';
import { useT } from '../../i18n';
import './sources.css';

/** More sources than this are collapsed to the first COLLAPSED_SHOWN. */
export const COLLAPSE_OVER = 5;
export const COLLAPSED_SHOWN = 3;

/** "example.org" of a URL (without a leading www.), or the URL itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function AnswerSources({ sources }: { sources: readonly WebSource[] }): JSX.Element {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const long = sources.length > COLLAPSE_OVER;
  const shown = long && !expanded ? sources.slice(0, COLLAPSED_SHOWN) : sources;
  return (
    <section className="answer-sources" data-testid="answer-sources" aria-label={t('webTools.sources')}>
      <h4 className="answer-sources-title">{t('webTools.sourcesCount', { count: sources.length })}</h4>
      <ol className="answer-sources-list">
        {shown.map((source, i) => {
          const host = hostOf(source.url);
          return (
            <li key={source.url} data-testid="answer-source" data-url={source.url}>
              <a href={source.url} title={`${t('webTools.sourceOpen', { host })}\n${source.url}`} rel="noreferrer">
                <span className="answer-source-n">{i + 1}</span>
                <span className="answer-source-title">{source.title || host}</span>
                <span className="answer-source-host">{host}</span>
              </a>
            </li>
          );
        })}
      </ol>
      {long && (
        <button type="button" className="answer-sources-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('webTools.sourcesLess') : t('webTools.sourcesMore', { count: sources.length })}
        </button>
      )}
    </section>
  );
}
