// The window's one banner, above the composer: whichever of the app's problem, the files set aside at start, the open
// chat's error or the setup hint is most relevant now (banner-priority.ts says the order).
import type { JSX } from 'react';
import { ErrorBanner } from '../ui/ErrorBanner';
import { selectCurrentError, useAppState, type AppState } from '../store/appState';
import { selectSendNeedsSetup, selectWelcomeShown } from '../store/welcomeSlice';
import { SetupHint } from '../welcome/SetupHint';
import { AppStatusBanner } from './AppStatusBanner';
import { pickBanner, type BannerKind } from './banner-priority';
import { StartupNotices } from './StartupNotices';

// A run broken off on screen says so under its answer (InterruptedNote), not in a banner as well.
const selectBanner = (s: AppState): BannerKind | null =>
  pickBanner({
    appProblems: s.appProblems,
    errorCode: selectCurrentError(s)?.inline ? undefined : selectCurrentError(s)?.code,
    setupNeeded: selectSendNeedsSetup(s) && !selectWelcomeShown(s),
    notices: s.appNotices.length > 0,
  });

export function Banner(): JSX.Element | null {
  const kind = useAppState(selectBanner);
  if (kind === 'app') return <AppStatusBanner />;
  if (kind === 'notices') return <StartupNotices />;
  if (kind === 'error') return <ErrorBanner />;
  if (kind === 'setup') return <SetupHint />;
  return null;
}
