// The Preview button under an answer that is one web page (wholeAnswer.ts): the whole answer runs in the same sealed
// panel as a code block's preview.
import { useMemo, type JSX } from 'react';
import { useT } from '../i18n';
import { openPreview } from './previewStore';
import { wholeAnswerPage } from './wholeAnswer';

export function AnswerPreviewButton({ text }: { text: string }): JSX.Element | null {
  const t = useT();
  const page = useMemo(() => wholeAnswerPage(text), [text]);
  if (page === null) return null;
  return (
    <button
      type="button"
      className="msg-action"
      data-testid="answer-preview"
      title={t('preview.answerHint')}
      onClick={() => openPreview('html', page, 'answer')}
    >
      {t('preview.answer')}
    </button>
  );
}
