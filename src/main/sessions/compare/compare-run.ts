// A compare: one question asked of 2–4 models at once. The compare owns one SessionRun per column, all streaming at
// the same time (each column's events carry its run's id, announced by `compare_start`). Answers are stored as
// versions of one answer: the first column to finish stores the question with its answer, every later one stores its
// answer beside it (a sibling under the same question), so the branch shown — and sent next — holds exactly one of
// them. The person picks which one with an ordinary version switch. Stop stops one column or all; each stores what it
// had shown, like any stopped run. A column that ended may be answered again while the others still stream.
// Each column's requests are shaped as a normal run's (prompt variables, the condensed summary, files), one column
// at a time so a chat that outgrew its budget is summarized once, not once per column; columns send no tools and
// carry earlier tool use as text (toolless-context.ts).
import { randomUUID } from 'node:crypto';
import type { CompareColumnEnd } from '../../../shared/compare.js';
import type { SessionEvent } from '../../../shared/events.js';
import type { UserMessage } from '../../../shared/messages.js';
import type { ModelRef } from '../../../shared/settings.js';
import { usageTotals } from '../../../shared/usage.js';
import { REQUESTS_PER_RUN } from '../../../shared/settings.js';
import type { RunOutcome } from '../run-outcome.js';
import { DEFAULT_MAX_MESSAGES } from '../context-policy.js';
import { DEFAULT_COALESCE_MS, realTimer } from '../event-coalescer.js';
import { SessionRun, type RunEnd } from '../run/session-run.js';
import type { Runtime } from '../session-cache.js';
import type { Loaded } from '../session-context.js';
import type { SessionRunsParts } from '../session-runs.js';
import type { MessageEntry } from '../store/session-file.js';
import type { AgentModel } from '../../agent/index.js';
import type { RunDeps } from '../run/session-run.js';
import { toollessContext } from './toolless-context.js';

/** How a run's requests on `model` in this chat are shaped (SessionRuns.requestShaping). */
export type RequestShaping = (runtime: Runtime, loaded: Loaded, model: AgentModel) => Pick<RunDeps, 'convertToLlm' | 'shapeContext'>;

/** What a compare asks: after `base`, either a new question (`prompt`) or one already stored (`question`). */
export interface ComparePlan {
  base: MessageEntry[];
  prompt?: UserMessage;
  question?: MessageEntry;
  userText: string;
  models: ModelRef[];
}

interface Column {
  model: ModelRef;
  run: SessionRun;
  /** Set once the column's current run ended. */
  end?: CompareColumnEnd;
}

export class CompareRun {
  readonly id = randomUUID();
  /** Resolves once every column ended and `compare_end` was sent; never rejects. */
  readonly done: Promise<void>;
  private readonly columns: Column[] = [];
  /** The stored question, once a column stored it (or from the start, when the plan names one). */
  private question: MessageEntry | undefined;
  /** Column commits one after the other: the first stores the question, the next ones their answers beside it. */
  private commits: Promise<unknown> = Promise.resolve();
  private running = 0;
  /** Columns shape their requests one after the other: the first to need a summary writes it, the rest reuse it. */
  private shapes: Promise<unknown> = Promise.resolve();
  /** Run id → the answer it stored. */
  private readonly stored = new Map<string, MessageEntry>();
  private finished!: () => void;

  constructor(
    private readonly parts: SessionRunsParts,
    private readonly runtime: Runtime,
    private readonly loaded: Loaded,
    private readonly plan: ComparePlan,
    private readonly shaping: RequestShaping,
  ) {
    this.question = plan.question;
    this.done = new Promise((resolve) => (this.finished = resolve));
  }

  /** Starts every column (synchronously, so the busy check and the start cannot interleave). */
  start(): void {
    const { cache, views, context } = this.parts;
    // Resolved first, all of them: a model whose provider is gone fails here, before anything starts.
    const models = this.plan.models.map((ref) => ({ ref, model: this.parts.options.resolveModel(ref, this.loaded.chat.params) }));
    this.runtime.compare = this;
    cache.running(this.runtime, this.loaded);
    for (const { ref, model } of models) this.columns.push({ model: ref, run: this.makeRun(model) });
    views.listChanged();
    context.emit(this.runtime, this.id, {
      type: 'compare_start',
      compareId: this.id,
      userText: this.plan.userText,
      columns: this.columns.map((column) => ({ runId: column.run.id, model: column.model })),
    });
    this.columns.forEach((column) => this.follow(column));
  }

  /** The run ids of the columns now, in column order. */
  get runIds(): string[] {
    return this.columns.map((column) => column.run.id);
  }

  /** Stops every column still streaming; each stores what it had shown. */
  stop(): void {
    for (const column of this.columns) if (!column.end) column.run.stop();
  }

  /** Stops one column (by its run id); false when no column streams under that id. */
  stopColumn(runId: string): boolean {
    const column = this.columns.find((c) => c.run.id === runId && !c.end);
    column?.run.stop();
    return column !== undefined;
  }

  /** Answers one ended column again with its model; its new run id, or undefined when it is still streaming. */
  regenerate(runId: string): string | undefined {
    const at = this.columns.findIndex((c) => c.run.id === runId);
    const column = this.columns[at];
    if (!column?.end) return undefined;
    column.end = undefined;
    column.run = this.makeRun(this.parts.options.resolveModel(column.model, this.loaded.chat.params));
    this.parts.context.emit(this.runtime, this.id, { type: 'compare_column', compareId: this.id, column: at, runId: column.run.id });
    this.follow(column);
    return column.run.id;
  }

  private makeRun(model: AgentModel): SessionRun {
    const { context, options, views } = this.parts;
    const question = this.question;
    const { convertToLlm, shapeContext } = this.shaping(this.runtime, this.loaded, model);
    const shape: RunDeps['shapeContext'] = (messages, current, limits, signal) => {
      const shaped = this.shapes.then(async () =>
        toollessContext(shapeContext ? await shapeContext(messages, current, limits, signal) : messages),
      );
      this.shapes = shaped.catch(() => undefined);
      return shaped;
    };
    const run: SessionRun = new SessionRun(
      {
        baseBranch: question ? [...this.plan.base, question] : this.plan.base,
        system: this.loaded.system,
        prompts: question || !this.plan.prompt ? [] : [this.plan.prompt],
        model,
        tools: [],
        maxRequests: options.maxRequestsPerRun?.() ?? REQUESTS_PER_RUN.default,
      },
      {
        streamFn: options.streamFn,
        ...(convertToLlm && { convertToLlm }),
        shapeContext: shape,
        maxMessages: options.maxMessagesPerSession ?? DEFAULT_MAX_MESSAGES,
        coalesceMs: options.coalesceMs ?? DEFAULT_COALESCE_MS,
        timer: options.timer ?? realTimer,
        emit: (event) => context.emit(this.runtime, run.id, event),
        commit: (outcome) => this.commit(run, outcome),
        approvalsChanged: () => views.listChanged(),
        isDeleted: () => this.runtime.deleted,
        strings: () => context.strings(),
        log: context.log,
      },
    );
    return run;
  }

  /** Stores one column's answer: with the question when it is the first, else beside the answers stored before. */
  private commit(run: SessionRun, outcome: Extract<RunOutcome, { commit: true }>): Promise<void> {
    const { edits } = this.parts;
    const write = this.commits.then(async () => {
      const question = this.question;
      if (question) {
        // A column that started with the question as a prompt: the question is stored already, its answer goes beside.
        const messages = run.prompts.length ? outcome.messages.slice(1) : outcome.messages;
        await edits.commitRun(
          this.runtime,
          this.loaded,
          { id: run.id, baseBranch: [...this.plan.base, question] },
          { ...outcome, messages },
        );
      } else {
        await edits.commitRun(this.runtime, this.loaded, { id: run.id, baseBranch: this.plan.base }, outcome);
        this.question = this.loaded.branch[this.plan.base.length];
      }
      // The answer: the first message after the question on the branch this commit shows.
      const answer = this.loaded.branch[this.plan.base.length + 1];
      if (answer) this.stored.set(run.id, answer);
    });
    this.commits = write.catch(() => undefined);
    return write;
  }

  private follow(column: Column): void {
    this.running += 1;
    const run = column.run;
    void run.start().then((end) => {
      try {
        column.end = this.announce(column, run, end);
      } catch (error) {
        this.parts.context.log.error(`session ${this.runtime.id}: compare column ${run.id} could not be closed`, error);
        column.end = { runId: run.id, model: column.model };
      }
      this.running -= 1;
      if (this.running === 0) this.finish();
    });
  }

  /** The events that close one column, and what it stored. */
  private announce(column: Column, run: SessionRun, end: RunEnd): CompareColumnEnd {
    const { views } = this.parts;
    const ended: CompareColumnEnd = { runId: run.id, model: column.model };
    if (end.kind === 'deleted') return ended;
    const emit = (event: SessionEvent) => run.emit(event);
    if (end.kind === 'committed') {
      const answer = this.stored.get(run.id);
      const refs = answer ? this.loaded.tree.refs([answer]) : [];
      emit({
        type: 'saved',
        stopped: end.stopped,
        summary: { ...views.summaryOfId(this.runtime.id), isStreaming: false },
        refs,
        usage: usageTotals(this.loaded.branch.map((e) => e.message)),
      });
      const ref = this.answerRef(run.id);
      if (ref) Object.assign(ended, ref);
    } else {
      emit({ type: 'error', code: end.code, message: end.message, unsentText: '' });
    }
    emit({ type: 'run_end', committed: end.kind === 'committed', summary: views.summaryOfId(this.runtime.id) });
    return ended;
  }

  /** Where the answer stored by `runId` sits among the question's answers, counted now. */
  private answerRef(runId: string): Pick<CompareColumnEnd, 'messageId' | 'version' | 'versions'> | undefined {
    const answer = this.stored.get(runId);
    const ref = answer && this.loaded.tree.refs([answer])[0];
    return answer && ref ? { messageId: answer.id, version: ref.version, versions: ref.versions } : undefined;
  }

  /** Keeps the answers as the pick still to make, so a restart before the pick offers it again (compare/pending-pick.ts). */
  private async keepPick(): Promise<void> {
    if (this.runtime.deleted || this.columns.length < 2) return;
    const columns = this.columns.map((column) => {
      const messageId = column.end?.messageId;
      return { model: column.model, ...(messageId !== undefined && { messageId }) };
    });
    if (!columns.some((column) => column.messageId !== undefined)) return;
    try {
      await this.parts.edits.comparePick(this.runtime, this.loaded, { userText: this.plan.userText, columns });
    } catch (error) {
      // The answers are stored; only the offer to pick after a restart is lost.
      this.parts.context.log.error(`session ${this.runtime.id}: the compare's pick could not be kept`, error);
    }
  }

  private finish(): void {
    void this.keepPick().then(() => this.close());
  }

  private close(): void {
    const { views, cache, context } = this.parts;
    this.runtime.compare = undefined;
    const columns = this.columns.map((column) => {
      const end = column.end ?? { runId: column.run.id, model: column.model };
      // Counts as they are now: later columns added versions after earlier ones ended.
      const ref = end.messageId ? this.answerRef(end.runId) : undefined;
      return ref ? { ...end, ...ref } : end;
    });
    if (!this.runtime.deleted) {
      cache.remember(this.runtime);
      views.listChanged();
      context.emit(this.runtime, this.id, {
        type: 'compare_end',
        compareId: this.id,
        columns,
        summary: views.summaryOfId(this.runtime.id),
      });
    }
    this.finished();
  }
}
