// The app shell: sidebar and main pane (header, conversation or the welcome panel, the one banner, queue, composer),
// settings, shortcuts, and the locale and theme every part renders with.
import { CompareBar } from './compare/CompareBar';
import { ComparePanel } from './compare/ComparePanel';
import { useEffect, type JSX } from 'react';
import { ChatServersPicker } from './chat/tools/ChatServersPicker';
import { Composer } from './components/Composer';
import { Conversation } from './components/Conversation';
import { EmptyChat } from './components/EmptyChat';
import { Header } from './components/Header';
import { QueueStrip } from './components/QueueStrip';
import { SettingsDialog } from './components/SettingsDialog';
import { ShortcutHelp } from './components/ShortcutHelp';
import { Sidebar } from './components/Sidebar';
import { StatusNotice } from './components/StatusNotice';
import { Banner } from './status/Banner';
import { NARROW_QUERY, useMediaQuery } from './hooks/useMediaQuery';
import { useShortcuts } from './hooks/useShortcuts';
import { useDocumentTheme } from './hooks/useTheme';
import { LocaleContext } from './i18n';
import { FindBar } from './search/FindBar';
import { SearchDialog } from './search/SearchDialog';
import { useAppState } from './store/appState';
import { selectWelcomeShown } from './store/welcomeSlice';
import { WelcomePanel } from './welcome/WelcomePanel';
import { PreviewPanel } from './preview';
import { startDesktop, UpdateReady, useDesktop } from './shortcuts';
import { ChatKnowledgePicker, CitationPanel, startKnowledge } from './knowledge';

export function App(): JSX.Element {
  const locale = useAppState((s) => s.locale);
  const theme = useAppState((s) => s.theme);
  const settingsOpen = useAppState((s) => s.settingsOpen);
  const searchOpen = useAppState((s) => s.searchOpen);
  const findOpen = useAppState((s) => s.findOpen);
  const shortcutsOpen = useAppState((s) => s.shortcutsOpen);
  const welcomeShown = useAppState(selectWelcomeShown);
  const narrow = useMediaQuery(NARROW_QUERY);
  useDocumentTheme(theme, locale);
  useShortcuts();
  useEffect(() => startDesktop(), []);
  useEffect(() => startKnowledge(), []);
  const updateStatus = useDesktop((s) => s.view.update.status);
  return (
    <LocaleContext.Provider value={locale}>
      <div className={narrow ? 'app narrow' : 'app'}>
        <Sidebar narrow={narrow} />
        <main className="main">
          <Header narrow={narrow} />
          {findOpen && <FindBar />}
          {updateStatus.kind === 'ready' && <UpdateReady version={updateStatus.version} notes={updateStatus.notes} />}
          <div className="conversation">
            {welcomeShown ? (
              <WelcomePanel />
            ) : (
              <>
                <Conversation />
                <EmptyChat />
              </>
            )}
          </div>
          <ComparePanel />
          <div className="main-bottom">
            <CompareBar />
            <Banner />
            <QueueStrip />
            <ChatServersPicker />
            <ChatKnowledgePicker />
            <Composer />
          </div>
        </main>
        <PreviewPanel />
        <CitationPanel />
        {settingsOpen && <SettingsDialog />}
        {searchOpen && <SearchDialog />}
        {shortcutsOpen && <ShortcutHelp />}
        <StatusNotice />
      </div>
    </LocaleContext.Provider>
  );
}
