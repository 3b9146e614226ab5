// The conversation sidebar: new chat, search, import (with an import's progress and report under it), title filter,
// the session list, and the sync status at its foot. Collapsible on wide windows, an overlay drawer on narrow ones;
// locked while a session operation is in flight.
import type { JSX, KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { CloseIcon, PlusIcon, SearchIcon } from '../ui/icons';
import { SessionList } from './SessionList';
import { NewFolderButton } from './folders/FolderTree';
import { ImportButton } from '../transfer/ImportButton';
import { ImportProgress } from '../transfer/ImportProgress';
import { StatusNotice } from './StatusNotice';
import { SidebarSyncStatus } from '../sync/SyncStatusLine';
import { KnowledgeSidebarEntry } from '../knowledge/KnowledgeSidebarEntry';

export function Sidebar({ narrow }: { narrow: boolean }): JSX.Element | null {
  const t = useT();
  const collapsed = useAppState((s) => s.sidebarCollapsed);
  const drawerOpen = useAppState((s) => s.drawerOpen);
  const locked = useAppState((s) => s.isSessionLoading);
  const filter = useAppState((s) => s.filter);
  const setFilter = useAppState((s) => s.setFilter);
  const newChat = useAppState((s) => s.newChat);
  const closeDrawer = useAppState((s) => s.closeDrawer);
  const openSearch = useAppState((s) => s.setSearchOpen);
  const importReport = useAppState((s) => typeof s.notice === 'object' && s.notice?.origin === 'import');

  if (narrow ? !drawerOpen : collapsed) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (narrow && event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      closeDrawer();
    }
  };

  return (
    <>
      {narrow && <div className="drawer-backdrop" onClick={closeDrawer} />}
      <nav
        id="sidebar"
        className={narrow ? 'sidebar drawer' : 'sidebar'}
        aria-label={t('sidebar.label')}
        aria-busy={locked}
        onKeyDown={onKeyDown}
      >
        <div className="sidebar-top">
          <button
            type="button"
            className="button primary new-chat"
            data-testid="new-session"
            aria-label={t('sidebar.newChat')}
            disabled={locked}
            onClick={newChat}
          >
            <PlusIcon />
            <span>{t('sidebar.newChat')}</span>
          </button>
          <button
            type="button"
            className="icon-button"
            data-testid="search-open"
            aria-label={t('search.open')}
            title={`${t('search.open')} (${t('search.shortcut')})`}
            onClick={() => openSearch(true)}
          >
            <SearchIcon />
          </button>
          <ImportButton />
          <NewFolderButton />
          {narrow && (
            <button type="button" className="icon-button" aria-label={t('sidebar.closeDrawer')} onClick={closeDrawer}>
              <CloseIcon />
            </button>
          )}
        </div>
        <ImportProgress />
        {importReport && <StatusNotice placement="sidebar" />}
        <input
          type="search"
          className="sidebar-filter"
          data-testid="session-filter"
          aria-label={t('sidebar.filter')}
          placeholder={t('sidebar.filterPlaceholder')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <SessionList />
        <SidebarSyncStatus />
        <KnowledgeSidebarEntry />
      </nav>
    </>
  );
}
