// The question in place, as an edit box: Enter (or Send) sends it as a new version, Shift+Enter adds a line, Escape
// or Cancel puts the message back as it was. Enter never acts during IME composition.
import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { useT } from '../../i18n';
import { useRowActions } from './rowActions';
import { DialogActions } from '../../ui/DialogActions';

export function EditBox({ messageId, original }: { messageId: string; original: string }): JSX.Element {
  const t = useT();
  const { idle, editDrafts, cancelEdit, saveEdit } = useRowActions();
  const [text, setText] = useState(() => editDrafts.get(messageId) ?? original);
  const composing = useRef(false);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  const change = (next: string) => {
    setText(next);
    editDrafts.set(messageId, next);
  };
  const cancel = () => {
    editDrafts.delete(messageId);
    cancelEdit();
  };
  const canSend = idle && saveEdit !== undefined && text.trim() !== '';
  const send = () => {
    if (!canSend) return;
    editDrafts.delete(messageId);
    saveEdit(messageId, text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !composing.current && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="msg-edit">
      <textarea
        ref={input}
        className="msg-edit-input"
        data-testid="message-edit-input"
        aria-label={t('branches.editLabel')}
        title={t('branches.editKeys')}
        value={text}
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
      />
      <DialogActions
        className="msg-edit-buttons"
        onCancel={cancel}
        confirm={t('branches.send')}
        testId="message-edit-save"
        disabled={!canSend}
        onConfirm={send}
      />
    </div>
  );
}
