// The chat header's model picker: a button naming the chat's model that opens a filterable list grouped by
// provider. Keyboard: the filter box is a combobox over the listbox — arrows move, Enter chooses, Escape closes.
// Before any provider exists it says "No model — Set up" and opens the welcome panel; a chat whose provider is gone or
// switched off says so on the button (store/chatProvider.ts decides which).
import { useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { ModelRef } from '../../../../shared/settings';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { chatProvider } from '../../store/chatProvider';
import { modelGroups, refKey } from './modelGroups';
import { useClickOutside } from '../../ui/useClickOutside';

/** The model the open chat (or the new chat) runs on next: its own choice, else Settings' default. */
export function useChatModel(): ModelRef | null {
  return useAppState(
    (s) => (s.currentSession.id === null ? s.newChatSettings.model : s.currentSession.chat.model) ?? s.settings?.defaultModel ?? null,
  );
}

export function ModelPicker(): JSX.Element | null {
  const t = useT();
  const id = useId();
  const providers = useAppState((s) => s.settings?.providers);
  const setChatModel = useAppState((s) => s.setChatModel);
  const openWelcome = useAppState((s) => s.openWelcome);
  const current = useChatModel();
  const open = useAppState((s) => s.modelPickerOpen);
  const setOpen = useAppState((s) => s.setModelPickerOpen);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => modelGroups(providers ?? [], filter), [providers, filter]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);

  // Opening puts the active option on the current model.
  useEffect(() => {
    if (!open) return;
    const index = current ? options.findIndex((option) => refKey(option) === refKey(current)) : -1;
    setActive(Math.max(0, index));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an opening moves the active option, not a new list
  }, [open]);

  // A list opened elsewhere (a banner's "Choose a model") is closed when the picker goes (another chat, no provider).
  useEffect(() => () => setOpen(false), [setOpen]);

  // A click outside closes the list.
  useClickOutside(rootRef, open, () => setOpen(false));

  // The active option stays in view while the arrows move it.
  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  if (!providers) return null;
  const chat = chatProvider({ providers }, current);
  if (chat.state === 'none') {
    // Nothing to choose from yet: the button is the way to set a provider up, never a model nobody chose.
    return (
      <div className="model-picker" ref={rootRef}>
        <button
          type="button"
          className="model-picker-button model-picker-none"
          data-testid="model-picker"
          data-state="none"
          aria-label={t('picker.none')}
          title={t('picker.noneTitle')}
          onClick={openWelcome}
        >
          {/* A narrow header keeps the action only (layout by the header's width, conversation-settings.css). */}
          <span className="model-picker-name model-picker-none-full">{t('picker.none')}</span>
          <span className="model-picker-name model-picker-none-short" aria-hidden="true">
            {t('picker.noneShort')}
          </span>
        </button>
      </div>
    );
  }
  const provider = chat.state === 'ready' ? chat.provider : undefined;
  const label =
    chat.state === 'gone'
      ? t('picker.missing', { model: chat.model.model })
      : chat.state === 'off'
        ? t('picker.off', { model: chat.model.model, provider: chat.provider.name })
        : chat.state === 'ready'
          ? chat.model.model
          : t('picker.choose');
  const unavailable = chat.state === 'gone' || chat.state === 'off';

  const close = () => {
    setOpen(false);
    setFilter('');
    buttonRef.current?.focus();
  };
  const choose = (ref: ModelRef | undefined) => {
    if (ref) void setChatModel(ref);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (options.length) setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : Math.max(0, options.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      // Handled here: Escape must not also stop a running answer.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  let index = -1;
  return (
    <div className="model-picker" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={unavailable ? 'model-picker-button model-picker-unavailable' : 'model-picker-button'}
        data-testid="model-picker"
        data-state={unavailable ? 'unavailable' : chat.state}
        data-model={current?.model}
        data-provider-id={current?.providerId}
        aria-haspopup="listbox"
        aria-expanded={open}
        // The name holds every word shown on the button (the provider too), so voice control finds it by what it says.
        aria-label={t('picker.label', { model: provider ? `${label} ${provider.name}` : label })}
        title={provider ? `${provider.name} · ${current?.model}` : label}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="model-picker-name">{label}</span> {provider && <span className="model-picker-provider">{provider.name}</span>}
        <span aria-hidden="true" className="model-picker-caret">
          ▾
        </span>
      </button>
      {open && (
        <div className="model-popover">
          <input
            autoFocus
            className="model-filter"
            data-testid="model-filter"
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={options.length ? `${id}-opt-${active}` : undefined}
            aria-label={t('picker.filter')}
            placeholder={t('picker.filter')}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div id={`${id}-list`} role="listbox" ref={listRef} className="model-list" aria-label={t('picker.choose')}>
            {groups.length === 0 && <p className="model-empty">{t('picker.empty')}</p>}
            {groups.map((group) => (
              <div key={group.provider.id} role="group" aria-labelledby={`${id}-g-${group.provider.id}`}>
                <div id={`${id}-g-${group.provider.id}`} className="model-group-label" role="presentation">
                  {group.provider.name}
                </div>
                {group.options.map((option) => {
                  index += 1;
                  const i = index;
                  const selected = current !== null && refKey(option) === refKey(current);
                  return (
                    <div
                      key={refKey(option)}
                      id={`${id}-opt-${i}`}
                      role="option"
                      data-index={i}
                      data-testid="model-option"
                      data-model={option.model}
                      data-provider-id={option.providerId}
                      aria-selected={selected}
                      className={`model-option${i === active ? ' active' : ''}${selected ? ' selected' : ''}`}
                      onMouseEnter={() => setActive(i)}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                    >
                      {option.model}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
