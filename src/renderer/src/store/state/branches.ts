// Contract of the branches slice: editing a question and moving between the versions of a point in the chat.

export interface BranchesSlice {
  /** Sends `text` as a new version of the question `messageId` and answers it; the old version stays one click away. */
  editMessage(messageId: string, text: string): Promise<void>;
  /** Shows version `version` (1-based) of the point where `messageId` sits, as main saved it. */
  switchBranch(messageId: string, version: number): Promise<void>;
}
