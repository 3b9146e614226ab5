// The IPC handlers of knowledge bases, and of the bases a chat uses (one chat line, like its MCP servers).
import type { KnowledgeService } from '../../knowledge/knowledge-service.js';
import type { SessionService } from '../../sessions/index.js';
import type { InvokeHandlers } from '../router.js';

export function knowledgeHandlers(knowledge: KnowledgeService, sessions: SessionService) {
  return {
    listKnowledgeBases: () => knowledge.view(),
    createKnowledgeBase: ({ name }) => knowledge.create(name),
    renameKnowledgeBase: ({ kbId, name }) => knowledge.rename(kbId, name),
    deleteKnowledgeBase: ({ kbId }) => knowledge.delete(kbId),
    addKnowledgePaths: ({ kbId, kind }) => knowledge.addPaths(kbId, kind),
    removeKnowledgePath: ({ kbId, path }) => knowledge.removePath(kbId, path),
    setKnowledgeEmbedding: ({ kbId, embedding }) => knowledge.setEmbedding(kbId, embedding),
    reindexKnowledgeBase: ({ kbId }) => knowledge.reindex(kbId),
    setSessionKnowledge: async ({ sessionId, kbIds }) => {
      const knowledgeBases = knowledge.known(kbIds);
      await sessions.updateChat(sessionId, { knowledgeBases });
      return { knowledgeBases };
    },
    openKnowledgeFile: ({ file }) => knowledge.openFile(file),
  } satisfies Partial<InvokeHandlers>;
}
