// The caption under an answer: model, tokens in / out / reasoning, time to first token and total time. Only what is
// known is shown — a provider that reports no usage gets no token figures rather than zeros.
import type { JSX } from 'react';
import type { AssistantMessage } from '../../../shared/messages';
import { useT } from '../i18n';

/** Milliseconds as people read them: "850 ms", "1.4 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

export function MessageMeta({ message }: { message: AssistantMessage }): JSX.Element | null {
  const t = useT();
  const { usage, timing } = message;
  const reported = usage.input > 0 || usage.output > 0 || usage.totalTokens > 0;
  const parts: string[] = [];
  if (message.model) parts.push(message.model);
  if (reported) parts.push(t('meta.tokens', { input: usage.input.toLocaleString(), output: usage.output.toLocaleString() }));
  if (usage.reasoning > 0) parts.push(t('meta.reasoning', { count: usage.reasoning.toLocaleString() }));
  if (timing?.firstTokenMs !== undefined) parts.push(t('meta.firstToken', { time: formatDuration(timing.firstTokenMs) }));
  if (timing) parts.push(t('meta.duration', { time: formatDuration(timing.durationMs) }));
  if (parts.length === 0) return null;
  return (
    <p className="msg-meta" data-testid="message-meta" aria-label={t('meta.label')}>
      {parts.join(' · ')}
    </p>
  );
}
