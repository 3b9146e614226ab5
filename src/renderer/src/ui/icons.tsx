// Small inline SVG icons (no icon font, nothing remote). Decorative: the buttons carry the accessible names.
import type { JSX } from 'react';

function Icon({ d }: { d: string }): JSX.Element {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const PlusIcon = () => <Icon d="M12 5v14M5 12h14" />;
export const PencilIcon = () => <Icon d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />;
export const TrashIcon = () => <Icon d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />;
export const GearIcon = () => (
  <Icon d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
);
export const SidebarIcon = () => <Icon d="M4 5h16v14H4zM9 5v14" />;
export const SendIcon = () => <Icon d="M5 12h13M13 6l6 6-6 6" />;
export const StopIcon = () => <Icon d="M7 7h10v10H7z" />;
export const CloseIcon = () => <Icon d="M6 6l12 12M18 6L6 18" />;
export const RefreshIcon = () => <Icon d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />;
export const SearchIcon = () => <Icon d="M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM20 20l-4-4" />;
export const PinIcon = () => <Icon d="M9 4h6l-1 6 3 3H7l3-3-1-6zM12 13v7" />;
/** Out of a tray (export) and into a tray (import). */
export const ExportIcon = () => <Icon d="M12 15V3M7 8l5-5 5 5M4 14v5a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-5" />;
/** A file with an arrow going into it: bringing chats in (a down arrow into a tray read as "save"). */
export const ImportIcon = () => <Icon d="M8 8V4a1 1 0 0 1 1-1h6l5 5v12a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1v-4M14 3v5h5M2 12h10M9 9l3 3-3 3" />;
export const SlidersIcon = () => <Icon d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" />;
export const PaperclipIcon = () => (
  <Icon d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />
);
export const FileIcon = () => <Icon d="M14 3H6v18h12V7l-4-4zM14 3v4h4M9 13h6M9 17h6" />;
export const FolderIcon = () => <Icon d="M3 6h6l2 2h10v11H3z" />;
export const ChevronIcon = () => <Icon d="M9 6l6 6-6 6" />;
export const DownloadIcon = () => <Icon d="M12 4v11M7 10l5 5 5-5M5 20h14" />;
export const FolderPlusIcon = () => <Icon d="M3 6h6l2 2h10v11H3zM12 11v5M9.5 13.5h5" />;
/** Lines pressed together: condense the earlier messages into a summary. */
export const CondenseIcon = () => <Icon d="M4 4h16M4 20h16M12 8v4M9 9.5l3 2.5 3-2.5M12 16v-4M9 14.5l3-2.5 3 2.5" />;
/** An open book: knowledge bases. */
export const BookIcon = () => <Icon d="M12 6c-2-1.5-5-2-8-2v14c3 0 6 .5 8 2 2-1.5 5-2 8-2V4c-3 0-6 .5-8 2zM12 6v14" />;
