// The welcome panel's one question about updates: on or off, with what turning them on sends. Asked only while
// desktop.json says the person was never asked (`enabled: null`); the answer is saved at once, so the question never
// comes back, and it stays on screen until the panel closes so the choice can still be changed there.
import { useEffect, useId, useState, type JSX } from 'react';
import { useT } from '../i18n';
import { useDesktop } from '../shortcuts';

export function UpdatesChoice(): JSX.Element | null {
  const t = useT();
  const id = useId();
  const loaded = useDesktop((s) => s.loaded);
  const enabled = useDesktop((s) => s.view.settings.updates.enabled);
  const [asking, setAsking] = useState(false);
  /** Shown as chosen at once; main's copy follows. */
  const [choice, setChoice] = useState<boolean | null>(null);
  useEffect(() => {
    if (loaded && enabled === null) setAsking(true);
  }, [loaded, enabled]);
  if (!asking) return null;

  const choose = (on: boolean) => {
    setChoice(on);
    void useDesktop.getState().update({ updates: { enabled: on } });
  };
  return (
    <fieldset className="welcome-updates" data-testid="welcome-updates" aria-describedby={`${id}-what`}>
      <legend className="welcome-subtitle">{t('welcome.updates.heading')}</legend>
      <p id={`${id}-what`} className="hint">
        {t('welcome.updates.what')}
      </p>
      <div className="welcome-updates-options">
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-updates`}
            data-testid="welcome-updates-on"
            checked={choice === true}
            onChange={() => choose(true)}
          />
          {t('welcome.updates.on')}
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-updates`}
            data-testid="welcome-updates-off"
            checked={choice === false}
            onChange={() => choose(false)}
          />
          {t('welcome.updates.off')}
        </label>
      </div>
      <p className="hint">{t('welcome.updates.later')}</p>
    </fieldset>
  );
}
