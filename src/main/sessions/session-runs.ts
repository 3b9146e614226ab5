// The run lifecycle around SessionRun: start one on a session (tools, model, announcement), then apply how it ended —
// `saved` or `error`, then `run_end` — to the cache, the list, the unsent text and the title, and send input queued
// too late to be taken. Every unfinished run is tracked so a shutdown can wait for them all.
import { defaultConvertToLlm, type AgentModel } from '../agent/index.js';
import { documentBudgetTokens, documentForRequest, noteSentParts, resolveAttachments, type DocumentText } from '../attachments/index.js';
import { attachmentsOf } from '../../shared/attachments.js';
import type { SendTools } from '../../shared/builtin-tools.js';
import { messageText, type Message, type UserMessage } from '../../shared/messages.js';
import { usageTotals } from '../../shared/usage.js';
import { REQUESTS_PER_RUN } from '../../shared/settings.js';
import type { FailedRunSnapshot, RunOrigin } from '../../shared/sessions.js';
import { DEFAULT_MAX_MESSAGES, messageTokens, rememberMessageTokens } from './context-policy.js';
import { fillSystemVariables } from './prompt-fill.js';
import { Condenser } from './condense/index.js';
import type { CondensedSummary } from '../../shared/condense.js';
import { DEFAULT_COALESCE_MS, realTimer } from './event-coalescer.js';
import { SessionRun, type RunDeps, type RunEnd } from './run/session-run.js';
import type { Runtime, SessionCache } from './session-cache.js';
import type { Loaded, NumberAttached, SessionAttachments, SessionContext, SessionServiceOptions } from './session-context.js';
import type { SessionEdits } from './session-edits.js';
import type { SessionViews } from './session-views.js';
import type { MessageEntry } from './store/session-file.js';
import type { ToolCallHooks } from '../mcp/tool-adapter.js';
import type { SessionLogger } from './store/session-store.js';
import type { TitleWriter } from './title-writer.js';

export interface SessionRunsParts {
  context: SessionContext;
  options: SessionServiceOptions;
  cache: SessionCache;
  views: SessionViews;
  edits: SessionEdits;
  titles: TitleWriter | undefined;
}

export class SessionRuns {
  /** Every run not yet finished, deleted sessions' included, so `dispose` can wait for all of them. */
  private readonly unfinished = new Set<Promise<unknown>>();
  private disposed = false;
  /** Per request, after the context policy; absent without an attachment store. */
  private readonly convertToLlm:
    ((budget: number, numberAttached?: NumberAttached) => (messages: Message[]) => Promise<Message[]>) | undefined;

  /** Writes and applies summaries of the oldest turns (condense/). */
  readonly condenser: Condenser;

  constructor(private readonly parts: SessionRunsParts) {
    const { attachments, log } = parts.context;
    const { streamFn, summaryModel, condenseEnabled, now } = parts.options;
    this.condenser = new Condenser({
      streamFn,
      log,
      ...(summaryModel && { summaryModel }),
      ...(condenseEnabled && { enabled: condenseEnabled }),
      ...(now && { now }),
    });
    if (attachments) this.convertToLlm = (budget, numberAttached) => attachmentsToLlm(attachments, log, budget, numberAttached);
  }

  /** Resolves the tools of the chat's next run (starting MCP servers it needs); their calls report to the run then. */
  async prepareTools(runtime: Runtime, loaded: Loaded, once: SendTools = {}): Promise<void> {
    const { tools } = this.parts.options;
    if (!tools) return;
    const hooks: ToolCallHooks = {
      requestApproval: (request, signal) => runtime.run?.requestApproval(request, signal) ?? Promise.resolve('cancelled'),
      onStatus: (state) => runtime.run?.toolStatus(state),
    };
    runtime.tools = await tools(loaded.mcpServers, hooks, {
      sessionId: runtime.id,
      ...(once.webSearch && { webSearch: true }),
      ...(once.readPage && { readPage: true }),
    });
  }

  /**
   * The prompts with each document part noting which of its parts go with it (for the chat model's context budget),
   * so the person sees it on the message, after a restart too. A chat whose model cannot be resolved keeps them as
   * they are (its start fails with the reason).
   */
  async noteDocuments(loaded: Loaded, prompts: UserMessage[]): Promise<UserMessage[]> {
    const { attachments, log } = this.parts.context;
    const documents = attachments?.documents;
    if (!attachments || !documents) return prompts;
    if (!prompts.some((prompt) => attachmentsOf(prompt.content).some((part) => part.kind === 'document'))) return prompts;
    let budget: number;
    try {
      budget = documentBudgetTokens(this.parts.options.resolveModel(loaded.chat.model, loaded.chat.params).contextWindow);
    } catch {
      return prompts;
    }
    const read = (sha256: string) =>
      attachments.read(sha256).catch((error: unknown) => {
        log.error(`attachment ${sha256} could not be read`, error);
        return undefined;
      });
    return Promise.all(
      prompts.map(async (prompt) => {
        if (typeof prompt.content === 'string') return prompt;
        const question = prompt.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
        const noted = await noteSentParts(documents, attachmentsOf(prompt.content), question, read, budget);
        const bySha = new Map(noted.map((part) => [part.sha256, part]));
        const content = prompt.content.map((part) => (part.type === 'attachment' ? (bySha.get(part.sha256) ?? part) : part));
        return { ...prompt, content } as UserMessage;
      }),
    );
  }

  /**
   * Starts a run on `baseBranch` (synchronously: the busy check and the start cannot interleave). Returns its id.
   * `origin` is what a Retry of it repeats, should it break off.
   */
  start(
    runtime: Runtime,
    loaded: Loaded,
    baseBranch: MessageEntry[],
    prompts: UserMessage[],
    userText: string,
    origin: RunOrigin = { kind: 'send' },
    knowledgeNote?: string,
  ): string {
    const { context, options, cache, views, edits } = this.parts;
    // The passages go with the question this run answers: its prompt, or (answering again) the base's last question.
    const question = prompts[0] ?? [...baseBranch].reverse().find((entry) => entry.message.role === 'user')?.message;
    // One copy per run: every request of the run reuses it, and its token count, rather than counting again.
    const notedCopies = new WeakMap<Message, Message>();
    // Resolved first: a chat whose provider is gone fails here, before anything starts.
    const model = options.resolveModel(loaded.chat.model, loaded.chat.params);
    const deps: RunDeps = {
      streamFn: options.streamFn,
      ...this.requestShaping(
        runtime,
        loaded,
        model,
        (filled) => (knowledgeNote && question ? withKnowledgeNote(filled, question, knowledgeNote, notedCopies) : filled),
        options.knowledge && ((document, passages) => options.knowledge!.numberAttached(runtime.id, document, passages)),
      ),
      maxMessages: options.maxMessagesPerSession ?? DEFAULT_MAX_MESSAGES,
      coalesceMs: options.coalesceMs ?? DEFAULT_COALESCE_MS,
      timer: options.timer ?? realTimer,
      emit: (event) => context.emit(runtime, run.id, event),
      commit: (outcome) => edits.commitRun(runtime, loaded, run, outcome),
      approvalsChanged: () => views.listChanged(),
      isDeleted: () => runtime.deleted,
      strings: () => context.strings(),
      log: context.log,
      ...(options.knowledge && { citations: (text: string) => options.knowledge!.citationsIn(runtime.id, text) }),
    };
    const run: SessionRun = new SessionRun(
      {
        baseBranch,
        system: loaded.system,
        prompts,
        model,
        tools: runtime.tools ?? [],
        maxRequests: options.maxRequestsPerRun?.() ?? REQUESTS_PER_RUN.default,
      },
      deps,
    );
    runtime.run = run;
    cache.running(runtime, loaded);
    views.listChanged();
    run.emit({ type: 'run_start', userText, summary: views.summaryOfId(runtime.id) });
    const done = run.start().then(async (end) => {
      try {
        await this.settle(runtime, loaded, run, end, origin);
      } catch (error) {
        // Never leave the session stuck as busy.
        context.log.error(`session ${runtime.id}: run ${run.id} could not be closed`, error);
        if (runtime.run === run) runtime.run = undefined;
        views.listChanged();
      }
    });
    this.unfinished.add(done);
    void done.finally(() => this.unfinished.delete(done));
    return run.id;
  }

  /**
   * How each request of a run on `model` in this chat is shaped (a compare's columns too): the prompt variables
   * filled, the condensed summary in place of the turns it covers (written first when the chat outgrew its budget),
   * and the files converted for the model. `withPassages` adds a run's knowledge passages after the variables are
   * filled and before condensing measures the request.
   */
  requestShaping(
    runtime: Runtime,
    loaded: Loaded,
    model: AgentModel,
    withPassages: (filled: Message[]) => Message[] = (filled) => filled,
    numberAttached?: NumberAttached,
  ): Pick<RunDeps, 'convertToLlm' | 'shapeContext'> {
    const { options, edits } = this.parts;
    const budget = documentBudgetTokens(model.contextWindow);
    return {
      ...(this.convertToLlm && { convertToLlm: this.convertToLlm(budget, numberAttached) }),
      shapeContext: (messages, current, limits, signal) => {
        const filled = fillSystemVariables(messages, {
          now: new Date(options.now?.() ?? Date.now()),
          model: current.id,
          language: options.language?.() ?? 'en',
          platform: process.platform,
        });
        const write = (summary: CondensedSummary | null) => edits.condensed(runtime, loaded, summary);
        return this.condenser.shape(runtime.id, loaded, withPassages(filled), current, limits, signal, write);
      },
    };
  }

  /** Stops every run (text already shown is committed as stopped) and waits for all of them to be settled. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const runtime of this.parts.cache.all()) runtime.run?.stop();
    while (this.unfinished.size) await Promise.all(this.unfinished);
  }

  /** Applies how a run ended: the events that close it, what it leaves in memory, and what comes after it. */
  private async settle(runtime: Runtime, loaded: Loaded, run: SessionRun, end: RunEnd, origin: RunOrigin): Promise<void> {
    const { context, cache, views } = this.parts;
    if (end.kind === 'deleted') {
      runtime.run = undefined;
      return;
    }
    // Broken off after showing text: the chat keeps showing it where it stopped, opened now or later (never stored).
    // A file another program changed is read again: what the run built on may be gone, so its text goes back instead.
    const kept = end.kind === 'failed' && !end.showedNothing && !end.staleOnDisk ? keptRun(run, end, origin) : undefined;
    await this.announce(runtime, loaded, run, end, kept !== undefined);
    runtime.run = undefined;
    runtime.failed = kept;
    const summary = views.summaryOfId(runtime.id);
    if (end.kind === 'failed' && end.showedNothing && (await this.discardIfOnlyThisSend(runtime))) {
      // Settled before the renderer hears of it: the files of the message handed back stay for the next send.
      await context.attachments
        ?.handBack(runtime.id)
        .catch((error: unknown) => context.log.error(`session ${runtime.id}: attachments could not be handed back`, error));
      run.emit({ type: 'run_end', committed: false, summary, discarded: true });
      cache.forget(runtime.id, true);
      views.listChanged();
      return;
    }
    const committed = end.kind === 'committed';
    run.emit({ type: 'run_end', committed, summary });
    if (end.kind === 'failed' && end.staleOnDisk) cache.unload(runtime);
    else cache.remember(runtime);
    views.listChanged();
    if (!committed || this.disposed) return;
    this.writeTitle(runtime, loaded, run);
    // Input queued while the run was finishing was meant to follow it: send it now rather than lose it.
    if (!end.handBack && end.leftovers.length) {
      try {
        this.parts.options.knowledge?.forgetRun(runtime.id);
        this.start(runtime, loaded, loaded.branch, end.leftovers, joined(end.leftovers));
      } catch (error) {
        context.log.error(`session ${runtime.id}: queued message(s) could not be sent`, error);
      }
    }
  }

  /** `saved` or `error`; text that goes back to the person is kept on disk too when the app is quitting. */
  private async announce(
    runtime: Runtime,
    loaded: Loaded,
    run: SessionRun,
    end: Exclude<RunEnd, { kind: 'deleted' }>,
    kept: boolean,
  ): Promise<void> {
    const { context, views } = this.parts;
    if (end.kind === 'committed') {
      // Queued input of a stopped run is not sent; it goes back to the composer like any unsent text.
      const unsentText = end.handBack && end.leftovers.length ? joined(end.leftovers) : undefined;
      run.emit({
        type: 'saved',
        stopped: end.stopped,
        summary: { ...views.summaryOfId(runtime.id), isStreaming: false },
        refs: loaded.tree.refs(loaded.branch.slice(run.baseBranch.length)),
        ...(unsentText && { unsentText }),
        usage: usageTotals(loaded.branch.map((entry) => entry.message)),
      });
      if (this.disposed && unsentText) await context.store.unsentText.set(runtime.id, unsentText);
      return;
    }
    const unsentText = joined(end.unsent);
    const unsentAttachments = end.unsent.flatMap((message) => attachmentsOf(message.content));
    run.emit({
      type: 'error',
      code: end.code,
      message: end.message,
      unsentText,
      ...(unsentAttachments.length && { unsentAttachments }),
      ...(kept && { kept: true }),
    });
    // Quitting stopped this run, or it stays in the chat offering Retry (its text is in no composer): the text is kept
    // on disk too, so a restart (which forgets the broken-off run) offers it again in the composer.
    if ((this.disposed || kept) && unsentText.trim()) await context.store.unsentText.set(runtime.id, unsentText);
  }

  /** After a saved answer, the chat's model may name a chat the person has not named (title-writer.ts); never waited for. */
  private writeTitle(runtime: Runtime, loaded: Loaded, run: SessionRun): void {
    const { context, cache, views, edits, titles } = this.parts;
    const entry = context.store.entry(runtime.id);
    if (!titles || !entry?.autoNamed || entry.title) return;
    titles.write(runtime.id, run.model, [loaded.system, ...loaded.branch.map((e) => e.message)], async (title) => {
      const { loaded: current } = await cache.ready(runtime.id);
      // The person may have named it while the model wrote; their name stays (it also wins when the file is read).
      if (!context.store.entry(runtime.id)?.autoNamed) return;
      const next = await edits.title(runtime, current, title);
      views.listChanged();
      (runtime.run ?? run).emit({ type: 'titled', summary: views.summaryOf(next) });
    });
  }

  /**
   * A new chat whose first send failed before the model showed anything was never more than that send: its file goes,
   * so no empty chat is left behind (the renderer turns it back into the new chat, text included). Anything else
   * written to it (a name, a pin, chat settings) keeps it; so does a failure after text was shown, which stays on
   * screen marked unsaved. When quitting it stays too: the unsent text is kept with it.
   */
  private async discardIfOnlyThisSend(runtime: Runtime): Promise<boolean> {
    if (this.disposed || runtime.headerOnlySize === undefined || runtime.loaded?.tree.leaf) return false;
    try {
      return await this.parts.context.store.deleteIfSize(runtime.id, runtime.headerOnlySize);
    } catch (error) {
      this.parts.context.log.error(`session ${runtime.id}: the empty chat of a failed first send could not be removed`, error);
      return false;
    }
  }
}

/** Attachment references become image parts and fenced text; a file that cannot be read is logged and left out. */
function attachmentsToLlm(
  store: SessionAttachments,
  log: SessionLogger,
  budget: number,
  numberAttached?: NumberAttached,
): (messages: Message[]) => Promise<Message[]> {
  const read = (sha256: string) =>
    store.read(sha256).catch((error: unknown) => {
      log.error(`attachment ${sha256} could not be read`, error);
      return undefined;
    });
  const documents = store.documents;
  const documentText: DocumentText | undefined =
    documents &&
    ((part, question) =>
      documentForRequest(documents, part, question, read, budget, numberAttached && ((passages) => numberAttached(part, passages))));
  return (messages) => resolveAttachments(defaultConvertToLlm(messages), read, documentText);
}

/** The broken-off run as the chat keeps showing it (FailedRunSnapshot). */
function keptRun(run: SessionRun, end: Extract<RunEnd, { kind: 'failed' }>, origin: RunOrigin): FailedRunSnapshot {
  const unsentAttachments = end.unsent.flatMap((message) => attachmentsOf(message.content));
  return {
    runId: run.id,
    origin,
    base: run.baseBranch.length,
    messages: run.snapshot().messages,
    code: end.code,
    message: end.message,
    unsentText: joined(end.unsent),
    ...(unsentAttachments.length && { unsentAttachments }),
  };
}

function joined(messages: readonly UserMessage[]): string {
  return messages.map((message) => messageText(message)).join('\n\n');
}

/**
 * The request's copy of the messages with the knowledge passages after the run's question (the stored message is
 * untouched). The question is found by identity, or by its time when an earlier step copied it.
 */
export function withKnowledgeNote(
  messages: Message[],
  question: Message,
  note: string,
  copies = new WeakMap<Message, Message>(),
): Message[] {
  let at = messages.indexOf(question);
  if (at < 0) at = messages.findIndex((m) => m.role === 'user' && m.timestamp === question.timestamp);
  if (at < 0) return messages;
  const target = messages[at] as UserMessage;
  let noted = copies.get(target);
  if (!noted) {
    const content: UserMessage['content'] =
      typeof target.content === 'string' ? `${target.content}\n\n${note}` : [...target.content, { type: 'text', text: note }];
    noted = { ...target, content };
    // Estimated, not tokenized: counting thousands of characters of passages would hold main's thread each request.
    rememberMessageTokens(noted, messageTokens(target) + estimateTextTokens(note));
    copies.set(target, noted);
  }
  const out = [...messages];
  out[at] = noted;
  return out;
}

/** About a token per CJK character and one per three other characters (a little over what tokenizers give). */
function estimateTextTokens(text: string): number {
  let cjk = 0;
  for (const char of text) if (char.charCodeAt(0) >= 0x2e80) cjk += 1;
  return Math.ceil(cjk * 1.2 + (text.length - cjk) / 3);
}
