// Inline rename box of a sidebar row: Enter saves, Escape cancels, an empty name is refused; leaving it saves a
// changed, non-empty name and otherwise cancels.
import { useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { LIMITS } from '../../../shared/ipc';
import { useT } from '../i18n';

interface RenameInputProps {
  initial: string;
  label: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

export function RenameInput({ initial, label, onSave, onCancel }: RenameInputProps): JSX.Element {
  const t = useT();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const settled = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (save: boolean) => {
    settled.current = true;
    const name = value.trim();
    if (save && name !== initial.trim()) onSave(name);
    else onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!value.trim()) setInvalid(true);
      else finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };

  return (
    <span className="rename">
      <input
        ref={ref}
        className="rename-input"
        data-testid="session-rename-input"
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        value={value}
        maxLength={LIMITS.maxNameChars}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => !settled.current && finish(value.trim().length > 0)}
        onClick={(event) => event.stopPropagation()}
      />
      {invalid && (
        <span id={errorId} role="alert" className="rename-error">
          {t('sidebar.renameEmpty')}
        </span>
      )}
    </span>
  );
}
