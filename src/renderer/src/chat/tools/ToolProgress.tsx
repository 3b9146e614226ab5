// A running tool call's progress on its block, as its server last reported it: the server's own words (or the step
// it is at) and, when the total is known, a bar and the share done.
import type { JSX } from 'react';
import type { ToolCallProgress } from '../../../../shared/mcp';
import { useT } from '../../i18n';

const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

export function ToolProgress({ progress }: { progress: ToolCallProgress }): JSX.Element {
  const t = useT();
  const { total } = progress;
  const share = total ? Math.round(Math.min(1, Math.max(0, progress.progress / total)) * 100) : undefined;
  const counted = total
    ? t('tools.progressOf', { progress: NUMBER.format(progress.progress), total: NUMBER.format(total) })
    : t('tools.progressStep', { progress: NUMBER.format(progress.progress) });
  const words = progress.message ?? counted;
  return (
    <span className="tool-progress" data-testid="tool-progress" data-progress={progress.progress} data-total={total}>
      {share !== undefined && <progress className="tool-progress-bar" value={share} max={100} aria-label={words} />}
      <span className="tool-progress-text">{share !== undefined ? `${words} · ${share}%` : words}</span>
    </span>
  );
}
