// What the peers bench page (page.tsx) and its driver (bench/peers.ts) exchange.

/** The three renderers compared: ours, streamdown, react-markdown re-rendered per chunk. */
export type PeerName = 'ours' | 'streamdown' | 'react-markdown';

/** One streamed answer as the page measured it. */
export interface PeerRun {
  /** Longest single update (ms), or the longest task the browser reported, whichever is longer. */
  longestTask: number;
  /** Time spent in the updates themselves (ms): each chunk's render and the final one, run synchronously. */
  updatesMs: number;
  /** From the start of the last delta's task to the paint after the final update (ms). */
  finalLag: number;
  /** The final text shown, whitespace removed (to check that all render the same text). */
  text: string;
}

/** The user-timing measure the page records from the last delta to the painted final DOM (found again in the trace). */
export const FINAL_SPAN = 'peers:final';
