// Strings of editing a question and moving between versions (of questions and answers), and of a failed answer
// kept on screen. Same keys in both locales.
const en = {
  'branches.edit': 'Edit',
  'branches.editHint': 'Edit this message and send it again; this version stays one click away',
  'branches.editLabel': 'Edit your message',
  'branches.editKeys': 'Enter sends, Shift+Enter starts a new line, Esc cancels',
  'branches.send': 'Send',
  'branches.versions': 'Versions',
  'branches.version': 'Version {n} of {m}',
  'branches.prev': 'Previous version',
  'branches.next': 'Next version',
} as const;

export const branchesStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'branches.edit': '编辑',
    'branches.editHint': '编辑这条消息并重新发送；当前版本仍可随时切换回来',
    'branches.editLabel': '编辑你的消息',
    'branches.editKeys': 'Enter 发送，Shift+Enter 换行，Esc 取消',
    'branches.send': '发送',
    'branches.versions': '版本',
    'branches.version': '第 {n} 个版本，共 {m} 个',
    'branches.prev': '上一个版本',
    'branches.next': '下一个版本',
  },
};
