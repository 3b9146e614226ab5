// Contract of the session-events slice: the subscription to main's events and the bookkeeping that outlives one event.
import type { SessionEventEnvelope } from '../../../../shared/events';
import type { ChatSettingsPatch } from '../../../../shared/sessions';
import type { LiveRun } from '../openSession';

/** What started a run, so its failure offers the same again. */
export type RunOrigin = Pick<LiveRun, 'kind' | 'target' | 'once'>;

export interface SessionEventsSlice {
  /** While a session is fetched, its events wait here and are replayed after the snapshot. */
  sessionFetch: { id: string; buffer: SessionEventEnvelope[] } | null;
  /** Runs started by regenerate or edit, by run id, so a failure offers the same again even after switching sessions. */
  runOrigins: Record<string, RunOrigin>;
  /** Chat settings each new chat was created with, until its first run ends: a discarded one gives them back. */
  newChatOrigins: Record<string, ChatSettingsPatch>;
  /** Ends the subscriptions to main's session events and menu commands; null while there are none. */
  stopListening: (() => void) | null;
  /** Subscribes to main's session events and menu commands, ending any earlier subscription. */
  listen(): void;
  /** Applies one event from main to the store. */
  receiveEvent(envelope: SessionEventEnvelope): void;
}
