// The setup hint: a send would stop at the welcome panel and the panel is closed — one line and a button to open it.
import type { JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { selectKeylessTarget } from '../store/welcomeSlice';

export function SetupHint(): JSX.Element {
  const t = useT();
  const target = useAppState(selectKeylessTarget);
  const openWelcome = useAppState((s) => s.openWelcome);
  return (
    <div className="setup-hint" data-testid="setup-hint">
      <span>{target ? t('welcome.hint.needKey', { provider: target.name }) : t('welcome.hint.noProvider')}</span>
      <button type="button" className="button" data-testid="setup-hint-open" onClick={openWelcome}>
        {t('welcome.hint.action')}
      </button>
    </div>
  );
}
