// The folder choice of one chat (`session-move`): a small menu of `folder-option`s, "No folder" first. Arrow keys move,
// Enter or a click chooses, Escape or a click outside closes; focus goes back to the chat's row.
import { useEffect, useRef, type JSX, type KeyboardEvent } from 'react';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';

export function MoveMenu(): JSX.Element | null {
  const t = useT();
  const menu = useAppState((s) => s.moveMenu);
  const folders = useAppState((s) => s.folders) ?? [];
  const current = useAppState((s) => s.sessions.find((x) => x.id === s.moveMenu?.sessionId)?.folderId ?? '');
  const close = useAppState((s) => s.closeMoveMenu);
  const move = useAppState((s) => s.moveToFolder);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    // The chat's folder first (a selector list would match whichever option comes first in the menu).
    const menuEl = ref.current;
    (menuEl?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menuEl?.querySelector<HTMLElement>('[role="menuitemradio"]'))?.focus();
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [menu, close]);

  if (!menu) return null;
  const refocus = () =>
    document.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(menu.sessionId)}"] [data-testid="session-move"]`)?.focus();
  const choose = (folderId: string) => {
    close();
    refocus();
    if (folderId !== current) void move(menu.sessionId, folderId || null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      refocus();
    } else if (event.key === 'Tab') {
      close();
    }
  };
  const options = [{ id: '', name: t('folders.none') }, ...folders];
  return (
    <div
      ref={ref}
      className="move-menu"
      role="menu"
      aria-label={t('folders.moveTitle')}
      style={{ top: menu.top, left: menu.left }}
      onKeyDown={onKeyDown}
    >
      {options.map((folder) => (
        <button
          key={folder.id || 'none'}
          type="button"
          role="menuitemradio"
          aria-checked={folder.id === current}
          className="move-option"
          data-testid="folder-option"
          data-folder-id={folder.id}
          onClick={() => choose(folder.id)}
        >
          {folder.name}
        </button>
      ))}
    </div>
  );
}
