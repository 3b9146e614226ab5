// The IPC handlers of chats: list, open, page, send and its runs, versions, queues, compare, fork and condense. Each
// only unpacks its request for the session service; attachments named by hash are resolved here, in main.
import type { AttachmentPart } from '../../../shared/attachments.js';
import type { CondenseView } from '../../../shared/condense.js';
import { AppError } from '../../../shared/errors.js';
import { indexAfter } from '../../../shared/session-order.js';
import type { SessionDetail } from '../../../shared/sessions.js';
import type { AttachmentStore } from '../../attachments/index.js';
import { findInBranch } from '../../search/index.js';
import type { SessionService } from '../../sessions/index.js';
import type { InvokeHandlers } from '../router.js';

/** What the window is told of a chat's condensed history. */
const condenseOf = (detail: SessionDetail): CondenseView => detail.condense ?? { off: false };

export function sessionHandlers(
  sessions: SessionService,
  attachments: AttachmentStore,
  attachmentGone: () => string,
  /** The knowledge base ids of a request that exist (each once); throws `invalid_input` naming an unknown one. */
  knownKnowledge: (kbIds: readonly string[]) => string[] = (kbIds) => [...kbIds],
) {
  // Only files this process accepted: the renderer names them by hash, main keeps what they are.
  const issuedParts = (hashes: readonly string[] | undefined): AttachmentPart[] => {
    const parts = (hashes ?? []).map((hash) => attachments.issuedPart(hash));
    if (parts.some((part) => part === undefined || !attachments.has(part.sha256))) throw new AppError('invalid_input', attachmentGone());
    return parts as AttachmentPart[];
  };
  return {
    listSessions: () => sessions.list(),
    listFirstSessions: ({ limit, after }) => {
      const all = sessions.list();
      const from = after ? indexAfter(all, after) : 0;
      return { sessions: all.slice(from, from + limit), total: all.length, finding: sessions.store.finding };
    },
    createSession: ({ knowledgeBases, ...req }) =>
      sessions.create({ ...req, ...(knowledgeBases?.length && { knowledgeBases: knownKnowledge(knowledgeBases) }) }),
    getSession: ({ sessionId, around }) => sessions.open(sessionId, around),
    getMessages: ({ sessionId, limit, ...window }) => sessions.page(sessionId, window, limit),
    renameSession: ({ sessionId, name }) => sessions.rename(sessionId, name),
    deleteSession: ({ sessionId }) => sessions.delete(sessionId),
    pinSession: ({ sessionId, pinned }) => sessions.pin(sessionId, pinned),
    send: ({ sessionId, text, attachments: hashes, webSearch, readPage }) =>
      sessions.send(sessionId, text, issuedParts(hashes), {
        ...(webSearch && { webSearch: true }),
        ...(readPage && { readPage: true }),
      }),
    regenerate: ({ sessionId, messageId }) => sessions.regenerate(sessionId, messageId),
    editMessage: ({ sessionId, messageId, text }) => sessions.edit(sessionId, messageId, text),
    switchBranch: ({ sessionId, messageId, version }) => sessions.switchBranch(sessionId, messageId, version),
    steer: ({ sessionId, text }) => sessions.steer(sessionId, text),
    followUp: ({ sessionId, text }) => sessions.followUp(sessionId, text),
    abort: ({ sessionId }) => sessions.abort(sessionId),
    peekQueue: ({ sessionId }) => sessions.peekQueue(sessionId),
    clearQueue: ({ sessionId, which }) => sessions.clearQueue(sessionId, which),
    removeQueued: ({ sessionId, which, index, text }) => sessions.removeQueued(sessionId, which, index, text),
    dismissFailure: ({ sessionId }) => sessions.dismissFailure(sessionId),
    updateChat: ({ sessionId, ...patch }) => sessions.updateChat(sessionId, patch),
    findInSession: async ({ sessionId, query }) => findInBranch(await sessions.shownEntries(sessionId), query),
    approveTool: ({ sessionId, toolCallId, decision }) => sessions.approveTool(sessionId, toolCallId, decision),
    setSessionServers: ({ sessionId, servers }) => sessions.setServers(sessionId, servers),
    setSessionBuiltinTools: ({ sessionId, tools }) =>
      sessions.updateChat(sessionId, { builtinTools: tools }).then(() => ({ builtinTools: tools })),
    compare: ({ sessionId, text, models, attachments: hashes }) => sessions.compare(sessionId, text, models, issuedParts(hashes)),
    stopCompare: ({ sessionId, runId }) => sessions.stopCompare(sessionId, runId),
    regenerateWith: ({ sessionId, ...target }) => sessions.regenerateWith(sessionId, target),
    mergeAnswers: ({ sessionId, messageId }) => sessions.mergeAnswers(sessionId, messageId),
    dismissCompare: ({ sessionId }) => sessions.dismissCompare(sessionId),
    forkSession: ({ sessionId, messageId }) => sessions.fork(sessionId, messageId),
    getCondense: ({ sessionId }) => sessions.condenseView(sessionId),
    condenseNow: ({ sessionId }) => sessions.condenseNow(sessionId).then(condenseOf),
    undoCondense: ({ sessionId }) => sessions.undoCondense(sessionId).then(condenseOf),
    setCondenseOff: ({ sessionId, off }) => sessions.setCondenseOff(sessionId, off).then(condenseOf),
  } satisfies Partial<InvokeHandlers>;
}
