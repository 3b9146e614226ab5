// The sidebar's import button: main asks for the file (our JSON or archive, or ChatGPT's export) and imports it.
import type { JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { ImportIcon } from '../ui/icons';

export function ImportButton(): JSX.Element {
  const t = useT();
  const busy = useAppState((s) => s.transferBusy);
  const locked = useAppState((s) => s.isSessionLoading);
  const importChats = useAppState((s) => s.importChats);
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="import-open"
      aria-label={t('transfer.import')}
      title={t('transfer.import')}
      aria-busy={busy}
      disabled={busy || locked}
      onClick={() => void importChats()}
    >
      <ImportIcon />
    </button>
  );
}
