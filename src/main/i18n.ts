// Words main says to people (IPC errors, connection test results), in the user's language.
import type { ProviderErrorCode } from '../shared/messages.js';
import { localizeErrorText } from '../shared/error-detail.js';
import type { Locale } from '../shared/settings.js';
import { STORAGE_CAUSE_TEXT, type StorageCause } from './storage/storage-cause.js';

export interface MainStrings {
  invalidInput(detail: string): string;
  unknownChannel(channel: string): string;
  internal(): string;
  provider(code: ProviderErrorCode): string;
  /** A provider failure's detail (the classifier writes it in English) in this language; the provider's words stay. */
  providerDetail(text: string): string;
  connectionOk(modelCount: number): string;
  connectionOkModelMissing(modelCount: number, model: string): string;
  settingsNewerVersion(): string;
  /** The settings file could not be read (or parts of it, with no copy kept): changes are refused. */
  settingsUnreadable(): string;
  /** The settings file is too large to read: changes are refused. */
  settingsTooLarge(): string;
  linkRefused(): string;
  /** Something could not be saved; `cause` says why (disk full, read-only…). */
  storage(cause: StorageCause): string;
  /** Another Tiny Agent uses the data folder; this window cannot change anything. */
  dataLocked(): string;
  noProvider(): string;
  /** The chat's provider was deleted: nothing was sent. */
  providerMissing(model: string): string;
  /** The chat ran on the environment's provider, which is set aside once a provider is saved: nothing was sent. */
  envProviderSetAside(model: string): string;
  providerDisabled(name: string): string;
  /** A settings change names a provider that does not exist. */
  providerNotFound(id: string): string;
  /** The provider needs an API key and holds none: nothing was sent. */
  needsKey(name: string): string;
  attachmentGone(): string;
  /** openAttachedDocument was asked for a file that is not a document a viewer shows. */
  attachmentNotOpenable(): string;
  /** The system's viewer could not open an attached document. */
  attachmentOpenFailed(reason: string): string;
  /** Application menu labels. */
  menu: { file: string; edit: string; view: string; window: string; help: string; shortcuts: string };
}

const zh: MainStrings = {
  invalidInput: (detail) => `请求无效：${detail}`,
  unknownChannel: (channel) => `未知的请求：${channel}`,
  internal: () => '内部错误，请重试。',
  provider: (code) => PROVIDER_ZH[code],
  providerDetail: (text) => localizeErrorText('zh-CN', text),
  connectionOk: (count) => `连接成功，可用模型 ${count} 个。`,
  connectionOkModelMissing: (count, model) => `连接成功（${count} 个模型），但列表中没有模型“${model}”。`,
  settingsNewerVersion: () =>
    '设置文件 settings.json 来自更新版本的 Tiny Agent，已保持原样未修改。请升级应用；在此之前，设置中的更改不会保存。',
  settingsUnreadable: () => '设置文件 settings.json 无法读取（已损坏），已保持原样未修改。在修复或移走它之前，设置中的更改不会保存。',
  settingsTooLarge: () => '设置文件 settings.json 过大，未读取，已保持原样未修改。在修复或移走它之前，设置中的更改不会保存。',
  linkRefused: () => '只能打开 http、https 或 mailto 链接。',
  storage: (cause) => `无法保存：${STORAGE_CAUSE_TEXT['zh-CN'][cause]}`,
  dataLocked: () => '另一个 Tiny Agent 正在使用这个数据文件夹。请切换到那个窗口；此窗口不会修改任何内容。',
  noProvider: () => '没有可用的服务商。请在设置中添加或启用一个服务商。',
  providerMissing: (model) => `这个对话的服务商已被删除，无法再使用模型“${model}”。消息没有发送，请在对话顶部为它选择一个模型。`,
  envProviderSetAside: (model) =>
    `这个对话使用的是环境变量（OPENAI_BASE_URL）中的服务商和模型“${model}”；在设置中保存了服务商后，它就不再使用。消息没有发送，请在对话顶部为它选择一个模型。`,
  providerNotFound: (id) => `没有 id 为“${id}”的服务商。`,
  providerDisabled: (name) => `服务商“${name}”已停用。消息没有发送：请在设置中启用它，或在对话顶部选择另一个模型。`,
  attachmentGone: () => '附件已不在数据文件夹中，请重新添加。',
  attachmentNotOpenable: () => '只有文档（PDF、Word、Excel、演示文稿、EPUB、RTF）可以这样打开。',
  attachmentOpenFailed: (reason) => `无法打开该文件：${reason}`,
  needsKey: (name) => `服务商“${name}”需要 API 密钥，还没有填写。请先填写 API 密钥，消息没有发送。`,
  menu: { file: '文件', edit: '编辑', view: '视图', window: '窗口', help: '帮助', shortcuts: '键盘快捷键' },
};

const en: MainStrings = {
  invalidInput: (detail) => `Invalid request: ${detail}`,
  unknownChannel: (channel) => `Unknown request: ${channel}`,
  internal: () => 'Internal error. Please try again.',
  provider: (code) => PROVIDER_EN[code],
  providerDetail: (text) => text,
  connectionOk: (count) => `Connected. ${count} models available.`,
  connectionOkModelMissing: (count, model) => `Connected (${count} models), but "${model}" is not among them.`,
  settingsNewerVersion: () =>
    'The settings file settings.json comes from a newer Tiny Agent and was left untouched. Update the app; until then, changes in Settings are not saved.',
  settingsUnreadable: () =>
    'The settings file settings.json could not be read (it is damaged) and was left untouched. Changes in Settings are not saved until it is repaired or moved away.',
  settingsTooLarge: () =>
    'The settings file settings.json is too large to read and was left untouched. Changes in Settings are not saved until it is repaired or moved away.',
  linkRefused: () => 'Only http, https and mailto links can be opened.',
  storage: (cause) => `Could not save: ${STORAGE_CAUSE_TEXT.en[cause]}`,
  dataLocked: () => 'Another Tiny Agent is using this data folder. Switch to that window; this one changes nothing.',
  noProvider: () => 'No provider is available. Add or enable one in Settings.',
  providerMissing: (model) =>
    `This chat's provider was removed, so "${model}" can no longer be used. Nothing was sent: choose a model for this chat at the top.`,
  envProviderSetAside: (model) =>
    `This chat used "${model}" from the provider in the environment variables (OPENAI_BASE_URL), which is set aside once a provider is saved in Settings. Nothing was sent: choose a model for this chat at the top.`,
  providerNotFound: (id) => `There is no provider with the id "${id}".`,
  providerDisabled: (name) =>
    `The provider "${name}" is turned off. Nothing was sent: turn it on in Settings, or choose another model at the top of the chat.`,
  attachmentGone: () => 'The attachment is no longer in the data folder. Please attach it again.',
  attachmentNotOpenable: () => 'Only a document (PDF, Word, Excel, slides, EPUB, RTF) can be opened this way.',
  attachmentOpenFailed: (reason) => `The file could not be opened: ${reason}`,
  needsKey: (name) => `The provider "${name}" needs an API key and has none yet. Add the API key first; nothing was sent.`,
  menu: { file: 'File', edit: 'Edit', view: 'View', window: 'Window', help: 'Help', shortcuts: 'Keyboard shortcuts' },
};

const PROVIDER_ZH: Record<ProviderErrorCode, string> = {
  auth: 'API 密钥无效或缺失。',
  forbidden: '模型服务拒绝了这个请求：该密钥没有使用此模型或功能的权限。',
  out_of_quota: '账户额度或余额已用完，等待无济于事，请充值或更换密钥。',
  model_not_found: '模型不存在或接口地址有误。',
  rate_limited: '请求过于频繁，已被限流，请稍后再试。',
  server_error: '模型服务出错，请稍后重试。',
  unreachable: '无法连接到模型服务，请检查地址和网络。',
  timeout: '模型服务响应超时。',
  interrupted: '连接在回答完成前中断。',
  bad_response: '模型服务返回了无法识别的数据。',
  empty_reply: '模型未返回有效回复，请稍后重试。',
  aborted: '已停止生成。',
  unknown: '模型服务暂时不可用，请稍后重试。',
};

const PROVIDER_EN: Record<ProviderErrorCode, string> = {
  auth: 'The API key is invalid or missing.',
  forbidden: 'The model service refused this request: the key is not allowed to use this model or feature.',
  out_of_quota: 'The account is out of quota or balance; waiting will not help. Top up or use another key.',
  model_not_found: 'Unknown model or wrong endpoint address.',
  rate_limited: 'Rate limited by the provider. Please try again later.',
  server_error: 'The model service had an error. Please try again.',
  unreachable: 'Cannot reach the model service. Check the address and your network.',
  timeout: 'The model service did not respond in time.',
  interrupted: 'The connection dropped before the answer finished.',
  bad_response: 'The model service sent a response that could not be read.',
  empty_reply: 'The model returned no reply. Please try again.',
  aborted: 'Stopped.',
  unknown: 'The model service is unavailable. Please try again later.',
};

/** The strings of `locale`. */
export function mainStrings(locale: Locale): MainStrings {
  return locale === 'zh-CN' ? zh : en;
}

/** Chinese for any zh* system locale, English otherwise. */
export function localeFromSystem(systemLocale: string): Locale {
  return systemLocale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
