// The main pane's header: sidebar toggle, the open session's title, its model picker and chat settings, an
// "answering" status, settings. However narrow the pane, the buttons keep their size and never cover each other: the
// title gives way first (cut with an ellipsis), then the picker's name, the usage total and the status fold
// (layout.css, by the header's own width: the sidebar takes part of the window).
import type { JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { ChatSettingsPanel } from './chat-settings/ChatSettingsPanel';
import { ModelPicker } from './chat-settings/ModelPicker';
import { GearIcon, SidebarIcon, SlidersIcon } from '../ui/icons';
import { ExportMenu } from '../transfer/ExportMenu';
import { CondenseNowButton } from '../chat/condense/CondensedMarker';
import { UsageTotal } from '../usage/UsageTotal';

export function Header({ narrow }: { narrow: boolean }): JSX.Element {
  const t = useT();
  const name = useAppState((s) => s.currentSession.name);
  const isNewChat = useAppState((s) => s.currentSession.id === null);
  const isTyping = useAppState((s) => s.isTyping);
  const sidebarShown = useAppState((s) => (narrow ? s.drawerOpen : !s.sidebarCollapsed));
  const toggleSidebar = useAppState((s) => s.toggleSidebar);
  const setSettingsOpen = useAppState((s) => s.setSettingsOpen);
  const setShortcutsOpen = useAppState((s) => s.setShortcutsOpen);
  const chatSettingsOpen = useAppState((s) => s.chatSettingsOpen);
  const setChatSettingsOpen = useAppState((s) => s.setChatSettingsOpen);
  const title = isNewChat ? t('session.newChat') : name || t('session.untitled');
  const toggleLabel = sidebarShown ? t('header.hideSidebar') : t('header.showSidebar');
  return (
    <header className="main-header">
      <button
        type="button"
        className="icon-button"
        data-testid="sidebar-toggle"
        aria-label={toggleLabel}
        title={toggleLabel}
        aria-expanded={sidebarShown}
        aria-controls={sidebarShown ? 'sidebar' : undefined}
        onClick={() => toggleSidebar(narrow)}
      >
        <SidebarIcon />
      </button>
      <h1 className="session-title" data-testid="session-title" title={title}>
        {title}
      </h1>
      <UsageTotal />
      <ModelPicker />
      <button
        type="button"
        className="icon-button"
        data-testid="chat-settings-open"
        aria-label={t('chatSettings.open')}
        title={t('chatSettings.open')}
        aria-haspopup="dialog"
        onClick={() => setChatSettingsOpen(true)}
      >
        <SlidersIcon />
      </button>
      {chatSettingsOpen && <ChatSettingsPanel />}
      <CondenseNowButton />
      <ExportMenu />
      {isTyping && (
        <span className="answering" role="status">
          <span className="answering-dot" aria-hidden="true" />
          <span className="answering-text">{t('header.answering')}</span>
        </span>
      )}
      <button
        type="button"
        className="icon-button"
        data-testid="shortcut-help-open"
        aria-label={t('shortcuts.open')}
        title={t('shortcuts.open')}
        aria-haspopup="dialog"
        onClick={() => setShortcutsOpen(true)}
      >
        <span aria-hidden="true" className="help-glyph">
          ?
        </span>
      </button>
      <button
        type="button"
        className="icon-button"
        data-testid="settings-open"
        aria-label={t('header.settings')}
        title={t('header.settings')}
        aria-haspopup="dialog"
        onClick={() => setSettingsOpen(true)}
      >
        <GearIcon />
      </button>
    </header>
  );
}
