// Contract of the shell slice: the window around the conversation (sidebar, drawer, status notice, links, clipboard).
import type { Notice } from './transfer';

export interface ShellSlice {
  filter: string;
  sidebarCollapsed: boolean;
  drawerOpen: boolean;
  /** A short confirmation for the status line (e.g. "answer copied", "chat exported"). */
  notice: Notice | null;
  setFilter(filter: string): void;
  /** Collapses the sidebar on wide windows, opens/closes the drawer on narrow ones. */
  toggleSidebar(narrow: boolean): void;
  closeDrawer(): void;
  clearNotice(): void;
  openLink(url: string): Promise<void>;
  copyLastAnswer(): Promise<void>;
}
