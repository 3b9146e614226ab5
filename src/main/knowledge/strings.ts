// Words the knowledge service says to people, per locale: dialog titles, why a change or an open was refused, why a
// base could not be indexed, and the labelled block of passages a request carries (the model reads it in the app's
// language too).
import type { Locale } from '../../shared/settings.js';

export interface KnowledgeStrings {
  chooseFilesTitle: string;
  chooseFolderTitle: string;
  noSuchBase: string;
  /** openKnowledgeFile was given a path no knowledge base holds. */
  notInBase: string;
  openFailed(reason: string): string;
  /** The derived database cannot be used: nothing can be indexed. */
  unavailable: string;
  indexFailed(reason: string): string;
  embeddingFailed(reason: string): string;
  /** The heading of the passages each send carries. */
  passagesHeading: string;
}

export const KNOWLEDGE_STRINGS: Record<Locale, KnowledgeStrings> = {
  en: {
    chooseFilesTitle: 'Add files to the knowledge base',
    chooseFolderTitle: 'Add a folder to the knowledge base',
    noSuchBase: 'That knowledge base no longer exists.',
    notInBase: 'That file is not in any knowledge base.',
    openFailed: (reason) => `The file could not be opened: ${reason}`,
    unavailable: 'The knowledge index cannot be used (the history database is unavailable).',
    indexFailed: (reason) => `Indexing failed: ${reason}`,
    embeddingFailed: (reason) => `The embedding model could not be used (searching by words only): ${reason}`,
    passagesHeading:
      "Passages from the person's knowledge bases that may answer the question. Cite the ones you use by their numbers, like [1]; ignore the ones that do not help.",
  },
  'zh-CN': {
    chooseFilesTitle: '向知识库添加文件',
    chooseFolderTitle: '向知识库添加文件夹',
    noSuchBase: '该知识库已不存在。',
    notInBase: '该文件不属于任何知识库。',
    openFailed: (reason) => `无法打开该文件：${reason}`,
    unavailable: '知识库索引无法使用（历史数据库不可用）。',
    indexFailed: (reason) => `索引失败：${reason}`,
    embeddingFailed: (reason) => `无法使用向量模型（仅按词语检索）：${reason}`,
    passagesHeading: '以下是用户知识库中可能与问题相关的段落。回答时请按编号引用所用段落，例如 [1]；无关的段落请忽略。',
  },
};
