// What the peers bench page (page.tsx) and its driver (bench/peers.ts) exchange.

/** The three renderers compared: ours, streamdown, react-markdown re-rendered per chunk. */
export type PeerName = 'ours' | 'streamdown' | 'react-markdown';

/** One streamed answer as the page measured it. */
export interface PeerRun {
  /** Longest single update (ms), or the longest task the browser reported, whichever is longer. */
  longestTask: number;
  /** From the start of the last delta's task to the paint after the final update (ms). */
  finalLag: number;
  /** The final text shown, whitespace removed (to check that all render the same text). */
  text: string;
}
