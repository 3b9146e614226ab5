// What a refused folder call tells the person, in both languages.
import type { Locale } from '../../../shared/settings.js';

export interface FolderStrings {
  notFound: string;
  emptyName: string;
  tooMany: (max: number) => string;
}

export const FOLDER_STRINGS: Record<Locale, FolderStrings> = {
  en: {
    notFound: 'That folder no longer exists.',
    emptyName: 'A folder needs a name.',
    tooMany: (max) => `There can be at most ${max} folders.`,
  },
  'zh-CN': {
    notFound: '该文件夹已不存在。',
    emptyName: '文件夹需要一个名称。',
    tooMany: (max) => `文件夹最多 ${max} 个。`,
  },
};
