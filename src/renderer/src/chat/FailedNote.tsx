// The red note under an answer that ended with an error: the cause by code, then what happened, both in the
// person's language. The stored English sentence is read back into its detail; one that is no known sentence (older
// files) shows as it is.
import { useContext, type JSX } from 'react';
import { localizeErrorText } from '../../../shared/error-detail';
import type { AssistantMessage } from '../../../shared/messages';
import { LocaleContext, useT } from '../i18n';
import { errorCauseKey } from '../ui/ErrorBanner';

export function FailedNote({ message }: { message: AssistantMessage }): JSX.Element {
  const t = useT();
  const locale = useContext(LocaleContext);
  const cause = message.errorCode ? t(errorCauseKey(message.errorCode)) : t('chat.failed');
  const detail = message.errorMessage ? localizeErrorText(locale, message.errorMessage) : '';
  return (
    <p className="msg-failed" data-testid="message-error" data-code={message.errorCode}>
      <span className="msg-failed-cause">{cause}</span>
      {detail && detail !== cause && (
        <>
          {' '}
          <span className="msg-failed-detail">{detail}</span>
        </>
      )}
    </p>
  );
}
