// One sidebar row of the chat grid: the title cell opens the chat; pin, rename and delete cells float over the
// title's end on hover or focus. One Tab stop for the whole grid: `tabColumn` says which cell of this row holds it
// (the list moves it with the arrow keys, see useSessionGridKeys).
import { memo, type JSX, type MouseEvent, type ReactNode } from 'react';
import type { SessionSummary } from '../../../shared/sessions';
import { useT } from '../i18n';
import { PendingApprovalMark } from '../chat/tools/PendingApprovalMark';
import { FolderIcon, PencilIcon, PinIcon, TrashIcon } from '../ui/icons';
import { SESSION_DRAG_TYPE } from './folders/dragTypes';
import { RenameInput } from './RenameInput';

interface SessionItemProps {
  summary: SessionSummary;
  active: boolean;
  /** Sidebar locked while a session operation is in flight. */
  locked: boolean;
  /** Picked while the sidebar was locked: it opens once the lock is released. */
  pending: boolean;
  renaming: boolean;
  /** 1-based row of the grid (headings count), for assistive technology: only visible rows exist in the DOM. */
  rowIndex: number;
  /** Cell (SESSION_COLUMNS) that takes Tab focus, or -1 when another row holds it. */
  tabColumn: number;
  /** Offset of the row in the virtual list, in pixels. */
  top: number;
  onOpen: (id: string) => void;
  onStartRename: (id: string) => void;
  onRename: (id: string, name: string) => void;
  onCancelRename: () => void;
  onDelete: (id: string) => void;
  onPin: (id: string, pinned: boolean) => void;
  /** Opens the folder choice for this chat at the button (keyboard and mouse). */
  onMove: (id: string, anchor: HTMLElement) => void;
  /** Laid out in the flow (a folder's rows) instead of at `top` in the virtual list. */
  inFlow?: boolean;
}

export const SessionItem = memo(function SessionItem(props: SessionItemProps): JSX.Element {
  const { summary, active, locked, pending, renaming, rowIndex, tabColumn, top } = props;
  const t = useT();
  const name = summary.name || t('session.untitled');
  const tab = (column: number) => (column === tabColumn ? 0 : -1);
  return (
    <div
      role="row"
      className={active ? 'session-item active' : 'session-item'}
      data-pending={pending || undefined}
      aria-busy={pending || undefined}
      data-testid="session-item"
      data-session-id={summary.id}
      aria-current={active ? 'true' : undefined}
      aria-rowindex={rowIndex}
      style={props.inFlow ? undefined : { transform: `translateY(${top}px)` }}
      draggable={!renaming && !summary.problem}
      onDragStart={(event) => {
        event.dataTransfer.setData(SESSION_DRAG_TYPE, summary.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      // Open is never refused while the sidebar is locked: the store keeps the pick until the lock is released.
      onClick={renaming ? undefined : () => props.onOpen(summary.id)}
    >
      <span role="gridcell" className="session-title-cell">
        {renaming ? (
          <RenameInput
            initial={summary.name}
            label={t('sidebar.renameInput', { name })}
            onSave={(value) => props.onRename(summary.id, value)}
            onCancel={props.onCancelRename}
          />
        ) : (
          <button type="button" className="session-open" title={name} tabIndex={tab(0)} data-column={0}>
            <span className="session-name">{name}</span>
          </button>
        )}
        {summary.problem && (
          <span
            className="session-problem"
            role="img"
            aria-label={t(summary.problem === 'unsupported_version' ? 'sidebar.problem.newer' : 'sidebar.problem.unreadable')}
            title={t(summary.problem === 'unsupported_version' ? 'sidebar.problem.newer' : 'sidebar.problem.unreadable')}
            data-testid="session-problem"
          >
            !
          </span>
        )}
        <PendingApprovalMark sessionId={summary.id} fromSummary={summary.pendingApproval} />
        {summary.failed && !summary.isStreaming && (
          <span
            className="failed-mark"
            role="img"
            aria-label={t('sidebar.failed')}
            title={t('sidebar.failed')}
            data-testid="session-failed"
          >
            !
          </span>
        )}
        {summary.isStreaming && (
          <span className="streaming-dot" role="img" aria-label={t('sidebar.streaming')} data-testid="session-streaming" />
        )}
      </span>
      {/* A click on a button stays with it; one on the fade around them (they reach the row's middle) opens the chat. */}
      {!renaming && (
        <span
          className="session-actions"
          onClick={(event) => {
            if ((event.target as Element).closest('button')) event.stopPropagation();
          }}
        >
          <ActionCell
            column={1}
            tabColumn={tabColumn}
            disabled={locked}
            testId="session-pin"
            className={summary.pinned ? 'icon-button pinned' : 'icon-button'}
            pressed={summary.pinned}
            label={t(summary.pinned ? 'sidebar.unpin' : 'sidebar.pin', { name })}
            onClick={() => props.onPin(summary.id, !summary.pinned)}
          >
            <PinIcon />
          </ActionCell>
          <ActionCell
            column={2}
            tabColumn={tabColumn}
            disabled={locked}
            testId="session-rename"
            label={t('sidebar.rename', { name })}
            onClick={() => props.onStartRename(summary.id)}
          >
            <PencilIcon />
          </ActionCell>
          <ActionCell
            column={3}
            tabColumn={tabColumn}
            disabled={locked}
            testId="session-delete"
            label={t('sidebar.delete', { name })}
            onClick={() => props.onDelete(summary.id)}
          >
            <TrashIcon />
          </ActionCell>
          <ActionCell
            column={4}
            tabColumn={tabColumn}
            disabled={locked || summary.problem !== undefined}
            testId="session-move"
            label={t('folders.move', { name })}
            onClick={(event) => props.onMove(summary.id, event.currentTarget)}
          >
            <FolderIcon />
          </ActionCell>
        </span>
      )}
    </div>
  );
});

interface ActionCellProps {
  /** Cell of the row (SESSION_COLUMNS); focusable by Tab only when it is `tabColumn`. */
  column: number;
  tabColumn: number;
  disabled: boolean;
  testId: string;
  label: string;
  className?: string;
  pressed?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}

/** One action of a row: a grid cell holding an icon button named for its chat. */
function ActionCell({ column, tabColumn, testId, label, className = 'icon-button', pressed, ...rest }: ActionCellProps): JSX.Element {
  return (
    <span role="gridcell">
      <button
        type="button"
        className={className}
        data-testid={testId}
        aria-pressed={pressed}
        aria-label={label}
        title={label}
        disabled={rest.disabled}
        tabIndex={column === tabColumn ? 0 : -1}
        data-column={column}
        onClick={rest.onClick}
      >
        {rest.children}
      </button>
    </span>
  );
}
