// A new chat before its first message: in the middle of the empty conversation, where the eye goes, what to do and
// the few keys worth knowing (steering and follow-ups included, which nothing else shows before an answer runs).
import type { JSX } from 'react';
import { useT, type StringKey } from '../i18n';
import { useAppState, type AppState } from '../store/appState';
import { PaperclipIcon } from '../ui/icons';
import { ALT, MOD } from './ShortcutHelp';
import '../styles/empty-chat.css';

/** A draft with nothing in it yet, and no other chat on its way in. */
export const selectEmptyChat = (s: AppState): boolean =>
  s.currentSession.id === null && s.currentSession.messages.length === 0 && !s.isSessionLoading;

const TIPS: ReadonlyArray<{ keys: string[]; action: StringKey }> = [
  { keys: ['Shift', 'Enter'], action: 'shortcuts.newLine' },
  { keys: ['Enter'], action: 'shortcuts.steer' },
  { keys: [ALT, 'Enter'], action: 'shortcuts.followUp' },
  { keys: ['Esc'], action: 'shortcuts.stop' },
  { keys: [MOD, 'K'], action: 'shortcuts.search' },
  { keys: [MOD, '/'], action: 'emptyChat.allShortcuts' },
];

export function EmptyChat(): JSX.Element | null {
  const t = useT();
  const empty = useAppState(selectEmptyChat);
  if (!empty) return null;
  return (
    <section className="empty-chat" data-testid="empty-chat" aria-labelledby="empty-chat-title">
      <div className="empty-chat-card">
        <h2 id="empty-chat-title" className="empty-chat-title">
          {t('emptyChat.title')}
        </h2>
        <p className="empty-chat-intro">{t('emptyChat.intro')}</p>
        <ul className="empty-chat-tips" aria-label={t('emptyChat.tips')}>
          {TIPS.map(({ keys, action }) => (
            <li key={action}>
              <span className="empty-chat-keys">
                {keys.map((key, i) => (
                  <span key={i}>
                    {i > 0 && '+'}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </span>
              <span>{t(action)}</span>
            </li>
          ))}
          <li>
            <span className="empty-chat-keys">
              <PaperclipIcon />
            </span>
            <span>{t('emptyChat.attach')}</span>
          </li>
        </ul>
      </div>
    </section>
  );
}
