// The sidebar's folders, above the chat list: one level, each a `folder` holding its chats' rows (pinned first, the
// list filter applies), collapsed or open as main keeps it. New, rename (`folder-name-input` in place), export and
// delete (its chats go back to the list). A chat row dropped on a folder moves there; `session-move` does the same
// by keyboard (MoveMenu).
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type JSX, type KeyboardEvent } from 'react';
import type { ChatFolder } from '../../../../shared/folders';
import type { SessionSummary } from '../../../../shared/sessions';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { filterSummaries } from '../../store/sessionList';
import { ChevronIcon, DownloadIcon, FolderIcon, FolderPlusIcon, PencilIcon, TrashIcon } from '../../ui/icons';
import { SessionItem } from '../SessionItem';
import { SESSION_DRAG_TYPE } from './dragTypes';

/** `folder-new`: shows the new folder's name field at the top of the folders. */
export function NewFolderButton(): JSX.Element {
  const t = useT();
  const setDraft = useAppState((s) => s.setFolderDraft);
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="folder-new"
      aria-label={t('folders.new')}
      title={t('folders.new')}
      onClick={() => setDraft(true)}
    >
      <FolderPlusIcon />
    </button>
  );
}

/** Accepts a dragged chat row; `onDropSession` gets its id. */
export function sessionDropProps(onDropSession: (id: string) => void): {
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
} {
  return {
    onDragOver: (event) => {
      if (!event.dataTransfer.types.includes(SESSION_DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event) => {
      const id = event.dataTransfer.getData(SESSION_DRAG_TYPE);
      if (!id) return;
      event.preventDefault();
      onDropSession(id);
    },
  };
}

/** What the chat list shares with the folders' rows: which chat is renamed, and the row actions it owns. */
export interface RowActions {
  renamingId: string | null;
  onStartRename: (id: string) => void;
  onRename: (id: string, name: string) => void;
  onCancelRename: () => void;
  onDelete: (id: string) => void;
}

export function FolderTree({ actions }: { actions: RowActions }): JSX.Element | null {
  const t = useT();
  const folders = useAppState((s) => s.folders);
  const sessions = useAppState((s) => s.sessions);
  const filter = useAppState((s) => s.filter);
  const loadFolders = useAppState((s) => s.loadFolders);
  const createFolder = useAppState((s) => s.createFolder);
  const creating = useAppState((s) => s.folderDraft);
  const setCreating = useAppState((s) => s.setFolderDraft);

  // Loaded once; again when a chat names a folder the list does not have (an import brought it).
  const known = useMemo(() => new Set((folders ?? []).map((f) => f.id)), [folders]);
  const unknown = sessions.some((s) => s.folderId !== undefined && !known.has(s.folderId));
  useEffect(() => {
    if (folders === null || unknown) void loadFolders();
  }, [folders, unknown, loadFolders]);

  const untitled = t('session.untitled');
  const matching = useMemo(() => filterSummaries(sessions, filter, untitled), [sessions, filter, untitled]);
  const byFolder = useMemo(() => {
    const map = new Map<string, SessionSummary[]>();
    for (const summary of matching) if (summary.folderId) map.set(summary.folderId, [...(map.get(summary.folderId) ?? []), summary]);
    return map;
  }, [matching]);

  if (!creating && !folders?.length) return null;
  return (
    <div className="folder-tree" role="group" aria-label={t('folders.title')}>
      {creating && (
        <FolderNameInput
          initial=""
          onSave={(name) => {
            setCreating(false);
            if (name.trim()) void createFolder(name);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {(folders ?? []).map((folder) => (
        <Folder key={folder.id} folder={folder} chats={byFolder.get(folder.id) ?? []} actions={actions} />
      ))}
    </div>
  );
}

function Folder({ folder, chats, actions }: { folder: ChatFolder; chats: SessionSummary[]; actions: RowActions }): JSX.Element {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [over, setOver] = useState(false);
  const currentId = useAppState((s) => s.currentSession.id);
  const locked = useAppState((s) => s.isSessionLoading);
  const toggle = useAppState((s) => s.toggleFolder);
  const rename = useAppState((s) => s.renameFolder);
  const remove = useAppState((s) => s.deleteFolder);
  const exportFolder = useAppState((s) => s.exportFolder);
  const move = useAppState((s) => s.moveToFolder);
  const openSession = useAppState((s) => s.openSession);
  const pinSession = useAppState((s) => s.pinSession);
  const openMoveMenu = useAppState((s) => s.openMoveMenu);
  const onOpen = useCallback((id: string) => void openSession(id), [openSession]);
  const onPin = useCallback((id: string, pinned: boolean) => void pinSession(id, pinned), [pinSession]);
  const onMove = useCallback((id: string, anchor: HTMLElement) => openMoveMenu(id, anchor.getBoundingClientRect()), [openMoveMenu]);
  const drop = sessionDropProps((id) => {
    setOver(false);
    void move(id, folder.id);
  });
  const name = folder.name;
  return (
    <section
      className={over ? 'folder drop-over' : 'folder'}
      data-testid="folder"
      data-folder-id={folder.id}
      aria-label={name}
      onDragOver={(event) => {
        drop.onDragOver(event);
        if (event.defaultPrevented) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop.onDrop}
    >
      <div className="folder-head">
        {renaming ? (
          <FolderNameInput
            initial={name}
            onSave={(value) => {
              setRenaming(false);
              if (value.trim() && value.trim() !== name) void rename(folder.id, value);
            }}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <button
            type="button"
            className="folder-toggle"
            aria-expanded={!folder.collapsed}
            aria-label={t('folders.toggle', { name })}
            onClick={() => void toggle(folder.id)}
          >
            <span className={folder.collapsed ? 'folder-chevron' : 'folder-chevron open'}>
              <ChevronIcon />
            </span>
            <FolderIcon />
            <span className="folder-name">{name}</span>
            <span className="folder-count" aria-label={t('folders.count', { count: chats.length })}>
              {chats.length}
            </span>
          </button>
        )}
        {!renaming && (
          <span className="folder-actions">
            <button
              type="button"
              className="icon-button"
              data-testid="folder-rename"
              aria-label={t('folders.rename', { name })}
              title={t('folders.rename', { name })}
              onClick={() => setRenaming(true)}
            >
              <PencilIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              data-testid="folder-export"
              aria-label={t('folders.export', { name })}
              title={t('folders.export', { name })}
              onClick={() => void exportFolder(folder.id)}
            >
              <DownloadIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              data-testid="folder-delete"
              aria-label={t('folders.delete', { name })}
              title={t('folders.delete', { name })}
              onClick={() => void remove(folder.id)}
            >
              <TrashIcon />
            </button>
          </span>
        )}
      </div>
      {!folder.collapsed && (
        <div className="folder-chats" role="grid" aria-label={name}>
          {chats.length === 0 && <p className="folder-empty">{t('folders.empty')}</p>}
          {chats.map((summary, index) => (
            <SessionItem
              key={summary.id}
              summary={summary}
              active={summary.id === currentId}
              locked={locked}
              pending={false}
              renaming={summary.id === actions.renamingId}
              rowIndex={index + 1}
              tabColumn={0}
              top={0}
              inFlow
              onOpen={onOpen}
              onStartRename={actions.onStartRename}
              onRename={actions.onRename}
              onCancelRename={actions.onCancelRename}
              onDelete={actions.onDelete}
              onPin={onPin}
              onMove={onMove}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function FolderNameInput({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}): JSX.Element {
  const t = useT();
  const [value, setValue] = useState(initial);
  // Enter, Escape and the blur that follows them end it once.
  const done = useRef(false);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save) onSave(value);
    else onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };
  return (
    <input
      className="folder-name-input"
      data-testid="folder-name-input"
      aria-label={t('folders.namePlaceholder')}
      placeholder={t('folders.namePlaceholder')}
      autoFocus
      maxLength={200}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
    />
  );
}
