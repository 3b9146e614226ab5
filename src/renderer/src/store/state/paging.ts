// Contract of the paging slice: loading the pages of the open chat the message list scrolls to or a jump asks for.

export interface PagingSlice {
  /** Loads what the open chat lacks among visible positions [from, to): one page per call, nearest loaded rows first. */
  loadRows(from: number, to: number): Promise<void>;
  /** Loads the page around the open chat's message `messageId`; resolves with its visible index, or -1. */
  loadAround(messageId: string): Promise<number>;
}
