// The message box. Idle: Enter sends, Shift+Enter adds a line. While the open session answers: Enter steers the
// answer, Alt+Enter queues a follow-up, Escape stops. Enter never acts during IME composition. Locked while a
// session operation is in flight. The web toggle offers web search for the next question only; a link pasted alone is
// offered to be read (web/ComposerWebTools.tsx).
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type JSX, type KeyboardEvent } from 'react';
import { LIMITS } from '../../../shared/ipc';
import { AttachButton, ComposerAttachments, DropOverlay, useFileDrop } from '../attachments/ComposerAttachments';
import { NARROW_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { useT, type StringKey } from '../i18n';
import { selectCurrentKey, useAppState, type AppState } from '../store/appState';
import { SendIcon, StopIcon } from '../ui/icons';
import { PageOffer, WebToggle } from '../web/ComposerWebTools';
import { pastedUrlAlone } from '../web/pastedUrl';

/** Height in pixels the box grows to before it scrolls. */
const MAX_HEIGHT = 240;

const selectComposerText = (s: AppState): string => s.composerText[selectCurrentKey(s)] ?? '';

/** The hint in the empty box: in a narrow window a short one, so it stays on the box's one line (the keys are in Help). */
function placeholderKey(streaming: boolean, narrow: boolean): StringKey {
  if (streaming) return narrow ? 'composer.placeholderStreamingNarrow' : 'composer.placeholderStreaming';
  return narrow ? 'composer.placeholderNarrow' : 'composer.placeholder';
}

export function Composer(): JSX.Element {
  const t = useT();
  const key = useAppState(selectCurrentKey);
  const text = useAppState(selectComposerText);
  const isTyping = useAppState((s) => s.isTyping);
  const narrow = useMediaQuery(NARROW_QUERY);
  const locked = useAppState((s) => s.isSessionLoading);
  const setComposerText = useAppState((s) => s.setComposerText);
  const send = useAppState((s) => s.send);
  const steer = useAppState((s) => s.steer);
  const followUp = useAppState((s) => s.followUp);
  const stop = useAppState((s) => s.stop);
  // Compare (compare/): with 2–4 models chosen in the bar, a send asks them all; while they answer, Stop stops all.
  const compareOpen = useAppState((s) => s.compareOpen);
  const comparing = useAppState((s) => s.compare !== null && s.compare.sessionId === s.currentSession.id && !s.compare.ended);
  const compareReady = useAppState((s) => s.compareOpen && s.compareModels.length >= 2);
  const startCompare = useAppState((s) => s.startCompare);
  const stopCompare = useAppState((s) => s.stopCompare);
  const toggleCompare = useAppState((s) => s.toggleCompare);
  const ref = useRef<HTMLTextAreaElement>(null);
  const composing = useRef(false);
  const hasText = text.trim().length > 0;
  const attachments = useAppState((s) => s.composerAttachments[key]?.length ?? 0);
  const attachFiles = useAppState((s) => s.attachFiles);
  const dragging = useFileDrop(key, !locked);
  // The web toggle and the pasted link belong to the question being written in this chat: another chat starts clean.
  const webReady = useAppState((s) => s.builtinTools?.tools.some((tool) => tool.id === 'web_search' && tool.ready) ?? false);
  const loadBuiltinTools = useAppState((s) => s.loadBuiltinTools);
  const [web, setWeb] = useState({ key, on: false });
  const [pasted, setPasted] = useState<{ key: string; url: string } | null>(null);
  const webOn = web.key === key && web.on && webReady;
  const offerUrl = pasted && pasted.key === key && text.trim() === pasted.url && !isTyping ? pasted.url : undefined;
  useEffect(() => {
    void loadBuiltinTools();
  }, [loadBuiltinTools]);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  // A newly opened session puts the cursor back here, and so does the end of a lock that left focus nowhere (a
  // rename or delete made from the sidebar by keyboard keeps its focus there).
  const focusedKey = useRef<string | null>(null);
  useEffect(() => {
    if (locked) return;
    const switched = focusedKey.current !== key;
    focusedKey.current = key;
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (switched || idle) ref.current?.focus();
  }, [key, locked]);

  const submit = (asFollowUp: boolean) => {
    if (comparing) return;
    if (!isTyping && compareReady) {
      if (hasText) void startCompare(text);
      return;
    }
    if (!isTyping) {
      if (!hasText && attachments === 0) return;
      void send(text, webOn ? { webSearch: true } : undefined);
      setWeb({ key, on: false });
      setPasted(null);
      return;
    }
    // Files go with a message, not into a running answer: they wait in the composer until it ends.
    if (!hasText) return;
    if (asFollowUp) void followUp(text);
    else void steer(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter') {
      if (composing.current || event.nativeEvent.isComposing || event.keyCode === 229 || event.shiftKey) return;
      event.preventDefault();
      submit(event.altKey);
    } else if (event.key === 'Escape' && comparing) {
      event.preventDefault();
      void stopCompare();
    } else if (event.key === 'Escape' && isTyping) {
      event.preventDefault();
      void stop();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (!files.length) {
      const box = event.currentTarget;
      const outside = box.value.slice(0, box.selectionStart) + box.value.slice(box.selectionEnd);
      const url = pastedUrlAlone(event.clipboardData.getData('text/plain'), outside);
      setPasted(url ? { key, url } : null);
      return;
    }
    event.preventDefault();
    void attachFiles(key, files);
  };

  const readPage = (url: string) => {
    // The request replaces the link in the box first, so a send that cannot go yet leaves it there, not lost.
    const request = t('webTools.offer.request', { url });
    setComposerText(key, request);
    setPasted(null);
    void send(request, { readPage: true, ...(webOn && { webSearch: true }) });
    setWeb({ key, on: false });
  };

  return (
    <>
      {offerUrl && <PageOffer url={offerUrl} onRead={() => readPage(offerUrl)} onDismiss={() => setPasted(null)} />}
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit(false);
        }}
      >
        <ComposerAttachments sessionKey={key} />
        <AttachButton sessionKey={key} disabled={locked} />
        <button
          type="button"
          className={`icon-button composer-compare${compareOpen ? ' on' : ''}`}
          data-testid="compare-open"
          aria-pressed={compareOpen}
          aria-label={t('compare.open')}
          title={t('compare.openHint')}
          disabled={locked || isTyping || comparing}
          onClick={toggleCompare}
        >
          <CompareIcon />
        </button>
        <WebToggle
          pressed={webOn}
          ready={webReady}
          disabled={locked || comparing || (compareOpen && !isTyping)}
          onToggle={() => setWeb({ key, on: !webOn })}
        />
        <textarea
          ref={ref}
          className="composer-input"
          data-testid="composer-input"
          aria-label={t('composer.label')}
          placeholder={t(placeholderKey(isTyping, narrow))}
          rows={1}
          maxLength={LIMITS.maxMessageChars}
          value={text}
          disabled={locked}
          onChange={(event) => setComposerText(key, event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
        />
        <div className="composer-actions">
          {comparing ? (
            <button
              type="button"
              className="icon-button round danger"
              data-testid="stop"
              aria-label={t('compare.stopAll')}
              title={t('compare.stopAll')}
              onClick={() => void stopCompare()}
            >
              <StopIcon />
            </button>
          ) : isTyping ? (
            <>
              {hasText && (
                <>
                  <button
                    type="button"
                    className="button"
                    data-testid="steer"
                    title={t('composer.steer')}
                    aria-label={t('composer.steer')}
                    disabled={locked}
                    onClick={() => submit(false)}
                  >
                    {t('composer.steerShort')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    data-testid="follow-up"
                    title={t('composer.followUp')}
                    aria-label={t('composer.followUp')}
                    disabled={locked}
                    onClick={() => submit(true)}
                  >
                    {t('composer.followUpShort')}
                  </button>
                </>
              )}
              <button
                type="button"
                className="icon-button round danger"
                data-testid="stop"
                aria-label={t('composer.stop')}
                title={t('composer.stop')}
                onClick={() => void stop()}
              >
                <StopIcon />
              </button>
            </>
          ) : (
            <button
              type="submit"
              className="icon-button round primary"
              data-testid="send"
              aria-label={t('composer.send')}
              title={t('composer.send')}
              disabled={locked || (!hasText && attachments === 0)}
            >
              <SendIcon />
            </button>
          )}
        </div>
        {dragging && <DropOverlay />}
      </form>
    </>
  );
}

/** Two columns side by side: the compare button's picture. */
function CompareIcon(): JSX.Element {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <rect x="3" y="4" width="7.5" height="16" rx="1.5" />
      <rect x="13.5" y="4" width="7.5" height="16" rx="1.5" />
    </svg>
  );
}
