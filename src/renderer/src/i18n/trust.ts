// Strings of app-wide problems (data folder in use, read-only, disk full) and the per-run request limit. Same keys in both locales.
const en = {
  'status.label': 'Storage problem',
  'status.locked': 'Another Tiny Agent window is using this data folder. Use that window; this one shows nothing and changes nothing.',
  'status.readOnly': 'The data folder is read-only: you can read your chats, but nothing new can be saved.',
  'status.diskFull': 'The disk is full: new messages and settings cannot be saved until space is freed.',
  'status.noPermission': 'Tiny Agent may not write to its data folder: nothing new can be saved.',
  'status.recheck': 'Check again',
  'settings.maxRequestsPerRun': 'Model requests per message',
  'settings.maxRequestsPerRunHint':
    'How many requests one message may make (each round of tool calls is one) before the answer stops with a notice.',
  'error.code.request_limit': 'Request limit reached',
} as const;

export const trustStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'status.label': '存储问题',
    'status.locked': '另一个 Tiny Agent 窗口正在使用这个数据文件夹。请使用那个窗口；此窗口不显示也不修改任何内容。',
    'status.readOnly': '数据文件夹是只读的：可以查看对话，但无法保存新内容。',
    'status.diskFull': '磁盘已满：在腾出空间之前，新消息和设置都无法保存。',
    'status.noPermission': 'Tiny Agent 没有写入数据文件夹的权限：无法保存新内容。',
    'status.recheck': '重新检查',
    'settings.maxRequestsPerRun': '每条消息的模型请求数',
    'settings.maxRequestsPerRunHint': '一条消息最多可向模型发出的请求次数（每一轮工具调用算一次），超过后回答停止并给出提示。',
    'error.code.request_limit': '已达到请求次数上限',
  },
};
