// The caption under an answer: model, tokens in / cached / out / reasoning, its cost at the price set for its model,
// time to first token and total time. Only what is known is shown — a provider that reports no usage gets no token
// figures (and no cost) rather than zeros. An answer stopped before the provider's usage arrived shows the counts main
// estimated, each marked ≈.
import { useContext, type JSX } from 'react';
import type { AssistantMessage } from '../../../shared/messages';
import { costOf, formatCost, knownUsage } from '../../../shared/usage';
import { LocaleContext, useT } from '../i18n';
import { useCurrency, usePrice } from '../usage/pricing';

/** Milliseconds as people read them: "850 ms", "1.4 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

export function MessageMeta({ message }: { message: AssistantMessage }): JSX.Element | null {
  const t = useT();
  // The app's language, not the system's: the caption reads like the header's total beside it.
  const locale = useContext(LocaleContext);
  const price = usePrice(message.providerId, message.model);
  const currency = useCurrency();
  const { timing } = message;
  const known = knownUsage(message.usage);
  const cost = known && costOf(known, price);
  const estimated = known !== undefined && message.usage.estimated === true;
  const about = estimated ? '≈' : '';
  const count = (n: number): string => about + n.toLocaleString(locale);
  const parts: string[] = [];
  if (message.model) parts.push(message.model);
  if (known?.input !== undefined) parts.push(t('usage.input', { count: count(known.input) }));
  if (known?.cached !== undefined) parts.push(t('usage.cached', { count: count(known.cached) }));
  if (known?.output !== undefined) parts.push(t('usage.output', { count: count(known.output) }));
  if (known?.reasoning !== undefined) parts.push(t('usage.reasoning', { count: count(known.reasoning) }));
  if (cost !== undefined) parts.push(t('usage.cost', { cost: about + formatCost(cost, currency) }));
  if (timing?.firstTokenMs !== undefined) parts.push(t('meta.firstToken', { time: formatDuration(timing.firstTokenMs) }));
  if (timing) parts.push(t('meta.duration', { time: formatDuration(timing.durationMs) }));
  if (parts.length === 0) return null;
  const hints = [estimated && t('usage.estimatedHint'), cost !== undefined && t('usage.costHint', { model: message.model })].filter(
    Boolean,
  );
  return (
    <p
      className="msg-meta"
      data-testid="message-meta"
      data-estimated={estimated || undefined}
      aria-label={t('meta.label')}
      title={hints.length ? hints.join('\n') : undefined}
    >
      {parts.join(' · ')}
    </p>
  );
}
