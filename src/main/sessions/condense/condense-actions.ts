// The person's hand on a chat's condensed history: condense now, undo, turn condensing off or on. Each is one meta
// line (session-edits.ts); the messages themselves are never rewritten.
import type { CondenseView } from '../../../shared/condense.js';
import { AppError } from '../../../shared/errors.js';
import type { SessionDetail } from '../../../shared/sessions.js';
import type { AgentModel } from '../../agent/index.js';
import type { Runtime } from '../session-cache.js';
import type { Loaded, SessionContext } from '../session-context.js';
import type { SessionEdits } from '../session-edits.js';
import type { SessionViews } from '../session-views.js';
import type { Condenser } from './condenser.js';

export interface CondenseParts {
  context: SessionContext;
  edits: SessionEdits;
  views: SessionViews;
  condenser: Condenser;
  /** The session loaded (the service open); unknown → not_found. */
  ready: (id: string) => Promise<{ runtime: Runtime; loaded: Loaded }>;
  /** The chat's model as a run would ask it. */
  model: (loaded: Loaded) => AgentModel;
}

export class CondenseActions {
  constructor(private readonly parts: CondenseParts) {}

  /** Summarizes every turn but the newest now (one request); the chat then shows the marker. Refused while it runs. */
  async now(sessionId: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.parts.ready(sessionId);
    if (runtime.run) throw new AppError('busy', this.parts.context.strings().busy);
    await this.parts.condenser.condenseNow(sessionId, loaded, this.parts.model(loaded), (summary) =>
      this.parts.edits.condensed(runtime, loaded, summary),
    );
    return this.parts.views.detailOf(runtime, loaded, {});
  }

  /** The chat's condensed history without its messages (the window places the marker by `summary.through`). */
  async view(sessionId: string): Promise<CondenseView> {
    const { loaded } = await this.parts.ready(sessionId);
    return { ...(loaded.condensed && { summary: loaded.condensed }), off: loaded.condenseOff === true };
  }

  /** Undoes the summary in force: requests carry the turns again (as far as they fit). */
  async undo(sessionId: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.parts.ready(sessionId);
    if (loaded.condensed) await this.parts.edits.condensed(runtime, loaded, null);
    return this.parts.views.detailOf(runtime, loaded, {});
  }

  /** Turns condensing off (the oldest turns are simply left out when too long) or on again, for this chat. */
  async setOff(sessionId: string, off: boolean): Promise<SessionDetail> {
    const { runtime, loaded } = await this.parts.ready(sessionId);
    if ((loaded.condenseOff === true) !== off) await this.parts.edits.condenseOff(runtime, loaded, off);
    return this.parts.views.detailOf(runtime, loaded, {});
  }
}
