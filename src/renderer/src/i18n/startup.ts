// Strings of the files main set aside at start (settings.json, ui-state.json, attachments/refs.json that were
// damaged, too large or from a newer Tiny Agent): what was ignored, and where the file as it was is kept.
const en = {
  'notice.label': 'Files set aside at start',
  'notice.dismiss': 'Dismiss',
  'notice.keptAs': 'The file as it was is kept as {file}.',
  'notice.settings.unreadable':
    'settings.json could not be read (it is damaged). Tiny Agent started with default settings and left the file as it is: changes in Settings are not saved until it is repaired or moved away.',
  'notice.settings.newerVersion':
    'settings.json comes from a newer Tiny Agent. It was left as it is and default settings are used; changes in Settings are not saved. Update Tiny Agent to use it.',
  'notice.settings.tooLarge':
    'settings.json is larger than {limit} and was not read. Tiny Agent started with default settings and left the file as it is: changes in Settings are not saved until it is repaired or moved away.',
  'notice.settings.partlyUnreadable': 'Parts of settings.json could not be read and were left out: {parts}.',
  'notice.settings.partlyReadOnly':
    'Parts of settings.json could not be read and were left out: {parts}. No copy of the file could be kept, so it was left as it is: changes in Settings are not saved.',
  'notice.uiState.unreadable':
    'The saved window state (ui-state.json) could not be read: the chat that was open, scroll positions and unsent text were not restored.',
  'notice.uiState.newerVersion': 'The saved window state (ui-state.json) comes from a newer Tiny Agent and was not used.',
  'notice.uiState.tooLarge': 'The saved window state (ui-state.json) is larger than {limit} and was not read.',
  'notice.uiState.partlyUnreadable':
    '{count} entries of the saved window state (ui-state.json: unsent text, scroll positions) could not be read and were left out.',
  'notice.attachmentRefs.unreadable':
    'The list of which chat uses which attachment (attachments/refs.json) could not be read; it was rebuilt from the chats.',
  'notice.attachmentRefs.newerVersion':
    'The list of which chat uses which attachment (attachments/refs.json) comes from a newer Tiny Agent; it was rebuilt from the chats.',
  'notice.attachmentRefs.tooLarge':
    'The list of which chat uses which attachment (attachments/refs.json) is larger than {limit}; it was rebuilt from the chats without reading it.',
} as const;

export const startupStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'notice.label': '启动时搁置的文件',
    'notice.dismiss': '知道了',
    'notice.keptAs': '原文件已保留为 {file}。',
    'notice.settings.unreadable':
      'settings.json 无法读取（已损坏）。Tiny Agent 已使用默认设置启动，文件保持原样未修改：在修复或移走它之前，设置中的更改不会保存。',
    'notice.settings.newerVersion':
      'settings.json 来自更新版本的 Tiny Agent。文件保持原样未修改，当前使用默认设置；设置中的更改不会保存。请升级 Tiny Agent 以使用它。',
    'notice.settings.tooLarge':
      'settings.json 超过 {limit}，未读取。Tiny Agent 已使用默认设置启动，文件保持原样未修改：在修复或移走它之前，设置中的更改不会保存。',
    'notice.settings.partlyUnreadable': 'settings.json 中有部分内容无法读取，已略过：{parts}。',
    'notice.settings.partlyReadOnly':
      'settings.json 中有部分内容无法读取，已略过：{parts}。无法保留文件副本，因此文件保持原样未修改：设置中的更改不会保存。',
    'notice.uiState.unreadable': '保存的窗口状态（ui-state.json）无法读取：上次打开的对话、滚动位置和未发送的文字没有恢复。',
    'notice.uiState.newerVersion': '保存的窗口状态（ui-state.json）来自更新版本的 Tiny Agent，未使用。',
    'notice.uiState.tooLarge': '保存的窗口状态（ui-state.json）超过 {limit}，未读取。',
    'notice.uiState.partlyUnreadable': '保存的窗口状态（ui-state.json：未发送的文字、滚动位置）中有 {count} 项无法读取，已略过。',
    'notice.attachmentRefs.unreadable': '记录各对话所用附件的列表（attachments/refs.json）无法读取，已根据对话重建。',
    'notice.attachmentRefs.newerVersion': '记录各对话所用附件的列表（attachments/refs.json）来自更新版本的 Tiny Agent，已根据对话重建。',
    'notice.attachmentRefs.tooLarge': '记录各对话所用附件的列表（attachments/refs.json）超过 {limit}，未读取，已根据对话重建。',
  },
};
