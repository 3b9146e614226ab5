// What is wrong with the app as a whole, said in the window: another instance holds the data folder, the folder is
// read-only, the disk is full. Stays until main reports the problem gone.
import type { JSX } from 'react';
import type { AppProblem } from '../../../shared/app-status';
import { useT, type StringKey } from '../i18n';
import { useAppState } from '../store/appState';
import './status.css';

const TEXT: Record<AppProblem, StringKey> = {
  locked: 'status.locked',
  readOnly: 'status.readOnly',
  diskFull: 'status.diskFull',
  noPermission: 'status.noPermission',
};

export function AppStatusBanner(): JSX.Element | null {
  const t = useT();
  const problems = useAppState((s) => s.appProblems);
  const recheck = useAppState((s) => s.loadAppStatus);
  if (problems.length === 0) return null;
  return (
    <div className="app-status" role="alert" aria-label={t('status.label')} data-testid="app-status" data-problems={problems.join(' ')}>
      <ul className="app-status-list">
        {problems.map((problem) => (
          <li key={problem} data-problem={problem}>
            {t(TEXT[problem])}
          </li>
        ))}
      </ul>
      {!problems.includes('locked') && (
        <button type="button" className="button" data-testid="app-status-recheck" onClick={() => void recheck()}>
          {t('status.recheck')}
        </button>
      )}
    </div>
  );
}
