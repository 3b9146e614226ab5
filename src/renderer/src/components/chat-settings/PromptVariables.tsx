// The prompt variables a system prompt may use, listed under its editor; a click appends one to the prompt.
import type { JSX } from 'react';
import { PROMPT_VARIABLES } from '../../../../shared/prompt-variables';
import { useT } from '../../i18n';

export function PromptVariables({ onInsert }: { onInsert: (token: string) => void }): JSX.Element {
  const t = useT();
  return (
    <p className="hint prompt-variables" data-testid="prompt-variables">
      {t('variables.title')}{' '}
      {PROMPT_VARIABLES.map((name) => {
        const token = `{{${name}}}`;
        return (
          <button
            key={name}
            type="button"
            className="prompt-variable"
            data-variable={name}
            aria-label={t('variables.insert', { name: token })}
            onClick={() => onInsert(token)}
          >
            <code>{token}</code>
          </button>
        );
      })}
    </p>
  );
}
