// Condensing a chat's history, per request of a run: the summary in force is put in place of the turns it covers;
// when the recent turns still do not fit the model's budget, the turns the policy would drop (at half the budget)
// are summarized once — one request, by the chat's model or the one chosen for summaries — stored as one meta line,
// and reused by every later send until the chat outgrows it again. Stored messages never change. A failed summary
// request changes nothing: the context policy then leaves the oldest turns out, as without condensing.
import type { AgentModel, StreamFn } from '../../agent/index.js';
import type { CondensedSummary } from '../../../shared/condense.js';
import type { Message } from '../../../shared/messages.js';
import type { ContextLimits } from '../context-policy.js';
import type { Loaded } from '../session-context.js';
import type { SessionLogger } from '../store/session-store.js';
import { droppedCount, halfLimits, withSummary } from './condense-context.js';
import { requestSummary } from './summary-request.js';

export interface CondenserOptions {
  streamFn: StreamFn;
  log: SessionLogger;
  /** The model summaries are written with (a setting); absent: the chat's own. */
  summaryModel?(): AgentModel | undefined;
  /** The setting (default on); off: requests are left to the context policy alone. */
  enabled?(): boolean;
  now?: () => number;
}

/** Stores a new summary (or null: undone) as the chat's meta line, and takes it as the one in force. */
export type WriteSummary = (summary: CondensedSummary | null) => Promise<void>;

export class Condenser {
  constructor(private readonly options: CondenserOptions) {}

  /** The messages a request carries for `loaded` (system first), summarizing first when they outgrow `limits`. */
  async shape(
    sessionId: string,
    loaded: Loaded,
    messages: Message[],
    model: AgentModel,
    limits: ContextLimits,
    signal: AbortSignal,
    write: WriteSummary,
  ): Promise<Message[]> {
    if (loaded.condenseOff || this.options.enabled?.() === false) return messages;
    const idOf = idsOf(loaded);
    const current = loaded.condensed && withSummary(messages, loaded.condensed, idOf);
    const shaped = current ?? messages;
    if (droppedCount(shaped, limits) === 0) return shaped;
    const drop = droppedCount(shaped, halfLimits(limits));
    const summary = await this.summarize(
      sessionId,
      loaded,
      shaped,
      drop,
      model,
      signal,
      write,
      idOf,
      current ? loaded.condensed : undefined,
    );
    return (summary && withSummary(messages, summary, idOf)) ?? shaped;
  }

  /** Summarizes every turn of the shown branch but the newest (the person's "condense now"); undefined when too short. */
  async condenseNow(sessionId: string, loaded: Loaded, model: AgentModel, write: WriteSummary): Promise<CondensedSummary | undefined> {
    const branch = loaded.branch.map((entry) => entry.message);
    let lastTurn = branch.length - 1;
    while (lastTurn > 0 && branch[lastTurn]!.role !== 'user') lastTurn--;
    if (lastTurn <= 0) return undefined;
    const idOf = idsOf(loaded);
    const messages = [loaded.system, ...branch];
    const current = loaded.condensed && withSummary(messages, loaded.condensed, idOf);
    const shaped = current ?? messages;
    const drop = shaped.length - 1 - (branch.length - lastTurn);
    if (drop <= 0) return loaded.condensed;
    const signal = new AbortController().signal;
    return this.summarize(sessionId, loaded, shaped, drop, model, signal, write, idOf, current ? loaded.condensed : undefined);
  }

  private async summarize(
    sessionId: string,
    loaded: Loaded,
    shaped: Message[],
    drop: number,
    chatModel: AgentModel,
    signal: AbortSignal,
    write: WriteSummary,
    idOf: (message: Message) => string | undefined,
    previous: CondensedSummary | undefined,
  ): Promise<CondensedSummary | undefined> {
    const last = shaped[drop];
    const through = last && idOf(last);
    if (!through || drop < 1) return undefined;
    const model = this.options.summaryModel?.() ?? chatModel;
    let text: string | undefined;
    try {
      text = await requestSummary(this.options.streamFn, model, previous?.summary, shaped.slice(1, drop + 1), signal);
    } catch (error) {
      this.options.log.error(`session ${sessionId}: the earlier messages could not be summarized`, error);
      return undefined;
    }
    if (!text || signal.aborted) {
      this.options.log.info(`session ${sessionId}: no summary written; the oldest messages are left out instead`);
      return undefined;
    }
    const count = loaded.branch.findIndex((entry) => entry.id === through) + 1;
    const summary: CondensedSummary = { through, summary: text, count, model: model.id, createdAt: (this.options.now ?? Date.now)() };
    await write(summary);
    return summary;
  }
}

/** Stored message ids by message object (the transcript holds the stored objects themselves). */
function idsOf(loaded: Loaded): (message: Message) => string | undefined {
  const ids = new Map<Message, string>();
  for (const entry of loaded.branch) ids.set(entry.message, entry.id);
  return (message) => ids.get(message);
}
