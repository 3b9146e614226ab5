// How a run starts from what the person did: a send (text and files), a regenerate of an answer, an edit of a
// question. Each plans its base and prompts, then the shared path readies the session, its tools, its documents and
// its knowledge note, and hands the run to SessionRuns. The facade guards and delegates here.
import { askedOnce, type SendTools } from '../../shared/builtin-tools.js';
import type { AttachmentPart } from '../../shared/attachments.js';
import { AppError } from '../../shared/errors.js';
import { messageText, userContent, type UserMessage } from '../../shared/messages.js';
import type { RunOrigin } from '../../shared/sessions.js';
import type { Runtime, SessionCache } from './session-cache.js';
import type { Loaded, SessionServiceOptions } from './session-context.js';
import type { SessionRuns } from './session-runs.js';
import type { MessageEntry } from './store/session-file.js';
import type { SessionStore } from './store/session-store.js';

export interface StartParts {
  options: SessionServiceOptions;
  cache: SessionCache;
  runs: SessionRuns;
  store: SessionStore;
  /** The session loaded, the service still open; throws the facade's errors. */
  ready: (id: string) => Promise<{ runtime: Runtime; loaded: Loaded }>;
  /** Throws `busy` while the session runs or compares. */
  assertIdle: (runtime: Runtime) => void;
}

/** A send's origin names the one-time tools it asked for, so a retry of it asks for them again. */
function sendOrigin(once: SendTools): RunOrigin {
  const asked = askedOnce(once);
  return { kind: 'send', ...(asked && { once: asked }) };
}

/** Starts the runs of send, regenerate and edit; each answers `{ runId }` at once and events follow. */
export class RunStarts {
  constructor(private readonly parts: StartParts) {}

  /** Starts a run with the user's text (and files); answers at once, events follow. A session already running → `busy`. */
  async send(
    sessionId: string,
    text: string,
    attachments: readonly AttachmentPart[] = [],
    once: SendTools = {},
  ): Promise<{ runId: string }> {
    if (attachments.length) {
      this.parts.cache.usableEntry(sessionId);
      // On disk before the run can commit: a crash never leaves a committed message whose file looks unreferenced.
      await this.parts.options.attachments?.retain(sessionId, attachments);
    }
    const prompt: UserMessage = { role: 'user', content: userContent(text, attachments), timestamp: Date.now() };
    return this.start(
      sessionId,
      (loaded) => ({ base: loaded.branch, prompts: [prompt], userText: text, origin: sendOrigin(once) }),
      true,
      once,
    );
  }

  /**
   * Answers again the user message that `messageId` (an answer on the shown branch; default the last message)
   * answers. The new answer is a new version beside the old one: both stay on disk, and once the new one is committed
   * its branch is the one shown and sent.
   */
  async regenerate(sessionId: string, messageId?: string): Promise<{ runId: string }> {
    return this.start(sessionId, (loaded) => {
      const branch = loaded.branch;
      let last = messageId === undefined ? branch.length - 1 : this.indexOnBranch(loaded, messageId);
      while (last >= 0 && branch[last]!.message.role !== 'user') last--;
      if (last < 0) throw new AppError('invalid_input', this.parts.options.messages().nothingToRegenerate);
      const origin = { kind: 'regenerate' as const, ...(messageId !== undefined && { messageId }) };
      return { base: branch.slice(0, last + 1), prompts: [], userText: messageText(branch[last]!.message), origin };
    });
  }

  /**
   * Sends `text` in place of the user message `messageId` (on the shown branch): a new version beside it, answered
   * like a send. The old message and everything after it stay on disk, one version away.
   */
  async edit(sessionId: string, messageId: string, text: string): Promise<{ runId: string }> {
    return this.start(
      sessionId,
      (loaded) => {
        const at = this.indexOnBranch(loaded, messageId);
        if (loaded.branch[at]!.message.role !== 'user') throw new AppError('invalid_input', this.parts.options.messages().notAUserMessage);
        const prompt: UserMessage = { role: 'user', content: text, timestamp: Date.now() };
        return { base: loaded.branch.slice(0, at), prompts: [prompt], userText: text, origin: { kind: 'edit', messageId } };
      },
      true,
    );
  }

  /**
   * The shared path of send, regenerate and edit: the session ready and idle, its tools, then the run `plan` describes
   * (its base, prompts and the text the window shows), started synchronously after the last check.
   */
  private async start(
    sessionId: string,
    plan: (loaded: Loaded) => { base: MessageEntry[]; prompts: UserMessage[]; userText: string; origin: RunOrigin },
    answersUnsentText = false,
    once: SendTools = {},
  ): Promise<{ runId: string }> {
    const { runtime, loaded } = await this.parts.ready(sessionId);
    this.parts.assertIdle(runtime);
    const { base, userText, origin, ...planned } = plan(loaded);
    await this.parts.runs.prepareTools(runtime, loaded, once);
    const prompts = await this.parts.runs.noteDocuments(loaded, planned.prompts);
    this.parts.assertIdle(runtime);
    const knowledgeNote = await this.parts.options.knowledge?.beginRun(sessionId, loaded.chat.knowledgeBases, userText);
    this.parts.assertIdle(runtime);
    // The run replaces the broken-off one the chat showed (a retry, or whatever the person sent instead).
    runtime.failed = undefined;
    const runId = this.parts.runs.start(runtime, loaded, base, prompts, userText, origin, knowledgeNote);
    // Sending from the session is the person's answer to kept unsent text: it was used or replaced.
    if (answersUnsentText) void this.parts.store.unsentText.set(runtime.id, undefined);
    return { runId };
  }

  /** Index of `messageId` on the shown branch; a message not shown (or unknown) → `invalid_input`. */
  private indexOnBranch(loaded: Loaded, messageId: string): number {
    const at = loaded.branch.findIndex((entry) => entry.id === messageId);
    if (at < 0) throw new AppError('invalid_input', this.parts.options.messages().messageNotShown);
    return at;
  }
}
