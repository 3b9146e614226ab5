// Contract of the paging slice: loading the pages of the open chat the message list scrolls to or a jump asks for.

/** The pages asked of one session: in flight, or failed (a failure is not asked again while that session is open). */
export interface PageRequests {
  sessionId: string;
  /** Each page window asked, as JSON; a request removes its own once its page has arrived. */
  keys: Set<string>;
}

export interface PagingSlice {
  /**
   * Not rendered: so scrolling over the same gap asks once. Owned by this slice: replaced when another session asks,
   * its `keys` changed in place (no subscriber needs to hear of it). `init` keeps it, as the session may stay open.
   */
  pageRequests: PageRequests;
  /** Loads what the open chat lacks among visible positions [from, to): one page per call, nearest loaded rows first. */
  loadRows(from: number, to: number): Promise<void>;
  /** Loads the page around the open chat's message `messageId`; resolves with its visible index, or -1. */
  loadAround(messageId: string): Promise<number>;
}
