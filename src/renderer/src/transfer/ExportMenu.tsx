// The header's export button and its menu: the open chat as Markdown, JSON or HTML, or every chat as one archive.
// Main asks where to save; the menu only says what to save.
import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/transfer';
import { useT, type StringKey } from '../i18n';
import { useAppState } from '../store/appState';
import { ExportIcon } from '../ui/icons';
import './transfer.css';
import { useClickOutside } from '../ui/useClickOutside';

const LABEL: Record<ExportFormat, { name: StringKey; hint: StringKey }> = {
  markdown: { name: 'transfer.format.markdown', hint: 'transfer.format.markdownHint' },
  json: { name: 'transfer.format.json', hint: 'transfer.format.jsonHint' },
  html: { name: 'transfer.format.html', hint: 'transfer.format.htmlHint' },
};

export function ExportMenu(): JSX.Element {
  const t = useT();
  const isDraft = useAppState((s) => s.currentSession.id === null);
  const hasChats = useAppState((s) => s.sessions.length > 0);
  const busy = useAppState((s) => s.transferBusy);
  const exportChat = useAppState((s) => s.exportChat);
  const exportAllChats = useAppState((s) => s.exportAllChats);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
  }, [open]);
  useClickOutside(root, open, () => setOpen(false), 'pointerdown');

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (work: () => Promise<void>) => {
    close(true);
    void work();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="export-menu" ref={root} onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        data-testid="session-export"
        aria-label={t('transfer.export')}
        title={t('transfer.export')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'export-menu' : undefined}
        disabled={busy || (isDraft && !hasChats)}
        onClick={() => setOpen(!open)}
      >
        <ExportIcon />
      </button>
      {open && (
        <div className="export-menu-list" id="export-menu" role="menu" aria-label={t('transfer.export')}>
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="export-menu-item"
              data-testid="export-format"
              data-format={format}
              disabled={isDraft}
              onClick={() => choose(() => exportChat(format))}
            >
              <span className="export-menu-name">{t(LABEL[format].name)}</span>
              <span className="export-menu-hint">{t(LABEL[format].hint)}</span>
            </button>
          ))}
          <div className="export-menu-separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            className="export-menu-item"
            data-testid="export-all"
            disabled={!hasChats}
            onClick={() => choose(exportAllChats)}
          >
            <span className="export-menu-name">{t('transfer.exportAll')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
