// The compare and fork side of the session layer, behind the facade: starting a compare (or one column again after
// it), stopping one column or all, merging a question's answers with a normal run, and forking a chat at a message.
import { AppError } from '../../../shared/errors.js';
import { COMPARE_LIMITS } from '../../../shared/compare.js';
import { messageText, userContent, type UserMessage } from '../../../shared/messages.js';
import type { AttachmentPart } from '../../../shared/attachments.js';
import type { SessionSummary } from '../../../shared/sessions.js';
import type { ModelRef } from '../../../shared/settings.js';
import type { Runtime } from '../session-cache.js';
import type { Loaded } from '../session-context.js';
import type { SessionRunsParts } from '../session-runs.js';
import { CompareRun, type ComparePlan, type RequestShaping } from './compare-run.js';
import { forkPlan } from './fork.js';

type Ready = (sessionId: string) => Promise<{ runtime: Runtime; loaded: Loaded }>;

export class Compares {
  private readonly unfinished = new Set<Promise<void>>();

  constructor(
    private readonly parts: SessionRunsParts,
    private readonly ready: Ready,
    private readonly assertIdle: (runtime: Runtime) => void,
    private readonly shaping: RequestShaping,
  ) {}

  /** Asks `text` of each of `models` at once; answers `{ compareId, runIds }` at once, events follow. */
  async start(
    sessionId: string,
    text: string,
    models: readonly ModelRef[],
    attachments: readonly AttachmentPart[] = [],
  ): Promise<{ compareId: string; runIds: string[] }> {
    const keys = new Set(models.map((m) => `${m.providerId}\u0000${m.model}`));
    if (models.length < COMPARE_LIMITS.minModels || models.length > COMPARE_LIMITS.maxModels || keys.size !== models.length)
      throw new AppError('invalid_input', this.parts.context.strings().compareModels);
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    if (attachments.length) await this.parts.context.attachments?.retain(sessionId, attachments);
    this.assertIdle(runtime);
    const prompt: UserMessage = { role: 'user', content: userContent(text, attachments), timestamp: Date.now() };
    return this.run(runtime, loaded, { base: loaded.branch, prompt, userText: text, models: [...models] });
  }

  /** Stops every column of the running compare, or the one streaming as `runId`. */
  stop(runtime: Runtime | undefined, runId?: string): boolean {
    const compare = runtime?.compare as CompareRun | undefined;
    if (!compare) return false;
    if (runId === undefined) compare.stop();
    else return compare.stopColumn(runId);
    return true;
  }

  /**
   * Answers again with `model`: during a compare the column that streamed as `runId` (once it ended); after it, the
   * question behind the answer `messageId` (on the shown branch), as a new version beside it.
   */
  async regenerate(sessionId: string, target: { runId?: string; messageId?: string; model?: ModelRef }): Promise<{ runId: string }> {
    const { runtime, loaded } = await this.ready(sessionId);
    const compare = runtime.compare as CompareRun | undefined;
    if (compare) {
      const runId = target.runId === undefined ? undefined : compare.regenerate(target.runId);
      if (runId === undefined) throw new AppError('busy', this.parts.context.strings().busy);
      return { runId };
    }
    this.assertIdle(runtime);
    const at = loaded.branch.findIndex((entry) => entry.id === target.messageId);
    const question = loaded.branch[at - 1];
    if (at < 1 || question?.message.role !== 'user') throw new AppError('invalid_input', this.parts.context.strings().messageNotShown);
    const model = target.model ?? loaded.chat.model ?? this.parts.options.defaultModel?.() ?? null;
    if (!model) throw new AppError('invalid_input', this.parts.context.strings().compareModels);
    const plan: ComparePlan = { base: loaded.branch.slice(0, at - 1), question, userText: messageText(question.message), models: [model] };
    const { runIds } = this.run(runtime, loaded, plan);
    return { runId: runIds[0]! };
  }

  /** The text a merge of the answers beside `messageId` sends (a normal run on the chat's model), in the chat's words. */
  async mergeText(sessionId: string, messageId: string): Promise<string> {
    const { loaded } = await this.ready(sessionId);
    const versions = loaded.tree.versionsOf(messageId).filter((entry) => entry.message.role === 'assistant');
    if (versions.length < 2) throw new AppError('invalid_input', this.parts.context.strings().messageNotShown);
    const strings = this.parts.context.strings();
    const answers = versions.map((entry, i) => {
      const model = entry.message.role === 'assistant' ? entry.message.model : '';
      return `${strings.answerHeading(i + 1, model)}\n${messageText(entry.message)}`;
    });
    return [strings.mergePrompt(versions.length), ...answers].join('\n\n');
  }

  /** A new chat with the shown branch up to `messageId`, the chat's settings and its files by reference. */
  async fork(sessionId: string, messageId: string): Promise<SessionSummary> {
    const { loaded } = await this.ready(sessionId);
    const { context, edits, views } = this.parts;
    const at = loaded.branch.findIndex((entry) => entry.id === messageId);
    if (at < 0) throw new AppError('invalid_input', context.strings().messageNotShown);
    const name = context.strings().forkName(views.summaryOfId(sessionId).name || context.strings().untitled);
    const plan = forkPlan(loaded, sessionId, at, name, context.clock.next());
    // Referenced before the file exists: a crash never leaves the new chat showing a file nobody holds.
    if (plan.attachments.length) await context.attachments?.retain(plan.header.id, plan.attachments);
    const entry = await edits.imported(plan.header, plan.lines);
    views.listChanged();
    return views.summaryOf(entry);
  }

  /** Stops every compare and waits for each to be settled. */
  async dispose(): Promise<void> {
    for (const runtime of this.parts.cache.all()) (runtime.compare as CompareRun | undefined)?.stop();
    while (this.unfinished.size) await Promise.all(this.unfinished);
  }

  private run(runtime: Runtime, loaded: Loaded, plan: ComparePlan): { compareId: string; runIds: string[] } {
    const compare = new CompareRun(this.parts, runtime, loaded, plan, this.shaping);
    runtime.failed = undefined;
    compare.start();
    this.unfinished.add(compare.done);
    void compare.done.finally(() => this.unfinished.delete(compare.done));
    return { compareId: compare.id, runIds: compare.runIds };
  }
}
