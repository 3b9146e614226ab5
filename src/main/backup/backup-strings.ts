// Words of backups in both languages: errors main answers and the names of backup problems (src/shared/sync.ts).
import type { Locale } from '../../shared/settings.js';
import type { BackupProblem } from '../../shared/sync.js';

export interface BackupStrings {
  chooseFolderTitle: string;
  noFolder: string;
  notFound: (name: string) => string;
  problem: (problem: BackupProblem) => string;
  restoreUnavailable: string;
  failed: (detail: string) => string;
}

export const BACKUP_STRINGS: Record<Locale, BackupStrings> = {
  en: {
    chooseFolderTitle: 'Choose a folder for backups',
    noFolder: 'Choose a folder for backups first.',
    notFound: (name) => `The backup “${name}” is not in the backup folder.`,
    problem: (problem) => {
      switch (problem.kind) {
        case 'no-manifest':
          return 'This backup has no readable list of its files; nothing was changed.';
        case 'newer-format':
          return `This backup was made by a newer Tiny Agent (format ${problem.format}); nothing was changed.`;
        case 'missing-file':
          return `This backup is damaged: ${problem.path} is missing; nothing was changed.`;
        case 'changed-file':
          return `This backup is damaged: ${problem.path} was changed after it was written; nothing was changed.`;
      }
    },
    restoreUnavailable: 'Restoring is not available in this window.',
    failed: (detail) => `The backup could not be written: ${detail}`,
  },
  'zh-CN': {
    chooseFolderTitle: '选择备份文件夹',
    noFolder: '请先选择备份文件夹。',
    notFound: (name) => `备份文件夹中没有备份“${name}”。`,
    problem: (problem) => {
      switch (problem.kind) {
        case 'no-manifest':
          return '该备份没有可读取的文件清单；未做任何更改。';
        case 'newer-format':
          return `该备份由更新版本的 Tiny Agent 创建（格式 ${problem.format}）；未做任何更改。`;
        case 'missing-file':
          return `该备份已损坏：缺少 ${problem.path}；未做任何更改。`;
        case 'changed-file':
          return `该备份已损坏：${problem.path} 在写入后被改动；未做任何更改。`;
      }
    },
    restoreUnavailable: '此窗口无法进行恢复。',
    failed: (detail) => `备份未能写入：${detail}`,
  },
};
