// The quick-ask window's state and actions: one question becomes a real chat (created in main, answered by the
// same session service), its answer streams in from the session events, and "Open in Tiny Agent" moves it into the
// main window. In the browser harness there is no main window to move to: the view opens the chat in place.
import { create } from 'zustand';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { Locale, ThemeSetting } from '../../../shared/settings';

export interface QuickAskState {
  locale: Locale;
  theme: ThemeSetting;
  sessionId: string | null;
  question: string;
  answer: string;
  busy: boolean;
  /** A question asked while the last answer was still ending: sent as soon as that run ends, never dropped. */
  queued: string | null;
  error: string | null;
  init(): Promise<void>;
  ask(text: string): Promise<void>;
  stop(): Promise<void>;
  openInApp(): Promise<void>;
  hide(): void;
}

export const useQuickAsk = create<QuickAskState>((set, get) => ({
  locale: 'en',
  theme: 'system',
  sessionId: null,
  question: '',
  answer: '',
  busy: false,
  queued: null,
  error: null,
  async init() {
    window.api.onSessionEvent((envelope: SessionEventEnvelope) => {
      if (envelope.sessionId !== get().sessionId) return;
      const event = envelope.event;
      if (event.type === 'delta' && event.text) set((s) => ({ answer: s.answer + event.text }));
      else if (event.type === 'error') set({ error: event.message, busy: false });
      else if (event.type === 'run_end') {
        const { queued } = get();
        set({ busy: false, queued: null });
        if (queued) void get().ask(queued);
      }
    });
    const settings = await window.api.getSettings();
    if (settings.ok) set({ locale: settings.value.locale, theme: settings.value.theme });
  },
  async ask(text) {
    const question = text.trim();
    if (!question) return;
    if (get().busy) {
      set((s) => ({ queued: s.queued ? `${s.queued}\n\n${question}` : question }));
      return;
    }
    set({ question, answer: '', error: null, busy: true });
    let sessionId = get().sessionId;
    if (!sessionId) {
      const created = await window.api.createSession({});
      if (!created.ok) return set({ error: created.error.message, busy: false });
      sessionId = created.value.id;
      set({ sessionId });
    }
    const sent = await window.api.send({ sessionId, text: question });
    if (!sent.ok) set({ error: sent.error.message, busy: false });
  },
  async stop() {
    const sessionId = get().sessionId;
    if (sessionId) await window.api.abort({ sessionId });
  },
  async openInApp() {
    const sessionId = get().sessionId;
    if (!sessionId) return;
    const moved = await window.api.quickAskOpenInApp({ sessionId });
    if (moved.ok && moved.value.moved) {
      set({ sessionId: null, question: '', answer: '', error: null });
      return;
    }
    // No main window (the browser harness): this window becomes the full app with the chat open.
    await window.api.updateUiState({ lastSessionId: sessionId });
    window.location.hash = '';
    window.location.reload();
  },
  hide() {
    void window.api.hideQuickAsk();
  },
}));
