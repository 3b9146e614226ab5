// Condensed history: when a chat outgrows its model's budget, its oldest whole turns are summarized once by a model
// into one summary, stored as a `meta` line (`"condensed":{…}`, `null` undoes it; `"condenseOff":true` turns it off
// for the chat). Requests then carry the summary plus the recent turns; the stored messages never change.

/** The summary in force: it stands for the shown branch from its start through message `through` (inclusive). */
export interface CondensedSummary {
  /** Id of the last stored message the summary covers. */
  through: string;
  summary: string;
  /** Messages it stands for (after the system message). */
  count: number;
  /** The model that wrote it. */
  model: string;
  createdAt: number;
}

/** What the window shows of it: the marker after message `through`, and whether condensing is off for the chat. */
export interface CondenseView {
  summary?: CondensedSummary;
  off: boolean;
}
