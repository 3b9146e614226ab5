// The built-in `search_knowledge` tool: the agent searches the knowledge bases its chat chose, and may search again.
// Passages come back numbered [1], [2]… with their file and place, so the answer can cite them by number.
import { z } from 'zod';
import type { KnowledgeBase, KnowledgePassage } from '../../../shared/knowledge.js';
import type { Locale } from '../../../shared/settings.js';
import type { AgentTool } from '../../agent/types.js';
import { formatPassages } from '../../knowledge/passages.js';
import type { BuiltinToolContext, BuiltinToolDefinition } from '../types.js';

export interface KnowledgeToolDeps {
  /** The knowledge bases the chat chose (none: the tool is not offered to it). */
  basesFor(sessionId: string): KnowledgeBase[];
  retrieve(bases: readonly KnowledgeBase[], query: string, limit: number): Promise<KnowledgePassage[]>;
  /** Whether any knowledge base exists at all. */
  anyBases(): boolean;
  /** Numbers a call's passages after those the chat's run already has (so [n] stays unique in the answer); default 1. */
  number?(sessionId: string, passages: readonly KnowledgePassage[]): number;
}

const WORDS = {
  en: {
    description:
      "Search the person's knowledge bases (their own files) for passages relevant to a query. Cite passages in the answer by their numbers, like [1].",
    query: 'What to look for, in the words the documents would use',
    none: 'No passage matched. Try other words.',
    noBases: 'This chat uses no knowledge base.',
    notReady: 'Add a knowledge base first (Settings → Knowledge bases).',
  },
  'zh-CN': {
    description: '在用户的知识库（其本人的文件）中搜索与查询相关的段落。回答时按编号引用段落，例如 [1]。',
    query: '要查找的内容，使用文档中可能出现的词语',
    none: '没有匹配的段落，请换个说法再试。',
    noBases: '此对话未使用任何知识库。',
    notReady: '请先添加知识库（设置 → 知识库）。',
  },
} satisfies Record<Locale, Record<string, string>>;

export function knowledgeToolDefinition(deps: KnowledgeToolDeps): BuiltinToolDefinition {
  return {
    id: 'search_knowledge',
    ready: () => deps.anyBases(),
    notReadyReason: (language) => WORDS[language].notReady,
    create(context: BuiltinToolContext): AgentTool<{ query: string; limit?: number }, { passages: KnowledgePassage[]; first: number }> {
      const words = WORDS[context.language];
      return {
        name: 'search_knowledge',
        description: words.description,
        parameters: z.object({
          query: z.string().min(1).max(2000).describe(words.query),
          limit: z.number().int().min(1).max(20).optional(),
        }),
        async execute(_id, args) {
          const bases = deps.basesFor(context.sessionId);
          if (bases.length === 0) return { content: [{ type: 'text', text: words.noBases }], details: { passages: [], first: 1 } };
          const passages = await deps.retrieve(bases, args.query, args.limit ?? 6);
          if (passages.length === 0) return { content: [{ type: 'text', text: words.none }], details: { passages, first: 1 } };
          const first = deps.number?.(context.sessionId, passages) ?? 1;
          return { content: [{ type: 'text', text: formatPassages(passages, first) }], details: { passages, first } };
        },
      };
    },
  };
}
