// The model's reasoning, apart from the answer: open while it is being written, collapsed once it is done (and when
// restored from history), and the person's own choice wins either way.
import { useId, useState, type JSX } from 'react';
import { useT } from '../i18n';

/** The reasoning section of an answer; `streaming` while the model is still writing it. */
export function Reasoning({ text, streaming }: { text: string; streaming: boolean }): JSX.Element {
  const t = useT();
  const id = useId();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? streaming;
  return (
    <section className="msg-reasoning" data-testid="message-reasoning" data-state={open ? 'open' : 'closed'}>
      <button type="button" className="msg-reasoning-toggle" aria-expanded={open} aria-controls={id} onClick={() => setChosen(!open)}>
        {streaming ? t('chat.reasoningStreaming') : t('chat.reasoning')}
      </button>
      {/* Kept in the DOM when collapsed: find-in-page and tests still see the text; `hidden` keeps it out of view. */}
      <div id={id} className="msg-reasoning-text" hidden={!open}>
        {text}
      </div>
    </section>
  );
}
