// Words the session layer shows the user (error events and AppErrors), per locale, plus the default system prompts.
// The service reads them through an injected `messages()` so a language change applies to the next message.
import { localizeErrorText } from '../../shared/error-detail.js';
import type { ProviderErrorCode } from '../../shared/messages.js';
import type { Locale } from '../../shared/settings.js';
import { STORAGE_CAUSE_TEXT, type StorageCause } from '../storage/storage-cause.js';

/** Localized strings of the session layer. */
export interface SessionMessages {
  /** Unknown session id. */
  notFound: string;
  /** A run is in progress and the request needs the session idle. */
  busy: string;
  /** Steering or follow-up while nothing runs. */
  notRunning: string;
  /** Regenerate on a session without a user message. */
  nothingToRegenerate: string;
  /** Edit, regenerate or a version switch named a message that is not on the shown branch. */
  messageNotShown: string;
  /** Edit named a message that is not the person's. */
  notAUserMessage: string;
  /** A version switch asked for a version that does not exist. */
  noSuchVersion: string;
  /** The model finished without any text, reasoning or tool call. */
  emptyReply: string;
  /** The user stopped the run before any text arrived. */
  stoppedBeforeReply: string;
  /**
   * The model request failed. With the classifier's short description (`detail`, e.g. "Provider server error
   * (HTTP 502)") that is the message, in the user's language — the renderer already heads it with the cause;
   * without one, the cause itself.
   */
  runFailed(code: ProviderErrorCode, detail: string | undefined): string;
  /** A finished run could not be written to disk. */
  saveFailed: string;
  /** Reading or writing a session file failed (permissions, disk full…); `detail` names the cause. */
  storageFailed(detail: string): string;
  /** Each storage cause in words a person can act on. */
  storageCauses: Record<StorageCause, string>;
  /** A run used its limit of model requests and was ended; what was shown is kept. */
  requestLimit(limit: number): string;
  /** The session file was changed by another program (another copy of the app, a sync tool, a restored backup). */
  changedOnDisk: string;
  /** The session file exists but cannot be read (garbage inside); it is left as it is. */
  unreadable: string;
  /** The session file was written by a newer Tiny Agent. */
  unsupportedVersion: string;
  /** Shown as the name of a session that has neither a name nor a first message yet. */
  untitled: string;
  /** Compare and fork (compare/): a compare asked of too few, too many or repeated models. */
  compareModels: string;
  /** The question a merge of `count` answers asks the model (the answers follow it, each under `answerHeading`). */
  mergePrompt: (count: number) => string;
  answerHeading: (n: number, model: string) => string;
  /** The name of a chat forked from `name`. */
  forkName: (name: string) => string;
}

const ZH_CAUSES: Record<ProviderErrorCode, string> = {
  auth: 'API 密钥无效或缺失',
  forbidden: '模型服务拒绝了请求（无权使用该模型或功能）',
  out_of_quota: '账户额度或余额已用完，请充值后再试',
  model_not_found: '模型或接口地址不存在',
  rate_limited: '请求过于频繁，已被限流',
  server_error: '模型服务报告了错误',
  unreachable: '无法连接到模型服务',
  timeout: '模型服务响应超时',
  interrupted: '连接在回复过程中中断',
  bad_response: '模型服务返回了无法识别的数据',
  empty_reply: '模型未返回有效回复',
  aborted: '已停止',
  unknown: '模型服务暂时不可用',
};

const EN_CAUSES: Record<ProviderErrorCode, string> = {
  auth: 'The API key is invalid or missing',
  forbidden: 'The model service refused the request (no permission for this model or feature)',
  out_of_quota: 'The account is out of quota or balance: top up, waiting will not help',
  model_not_found: 'The model or endpoint does not exist',
  rate_limited: 'Too many requests: rate limited',
  server_error: 'The model service reported an error',
  unreachable: 'Cannot reach the model service',
  timeout: 'The model service did not answer in time',
  interrupted: 'The connection dropped during the reply',
  bad_response: 'The model service sent data that could not be read',
  empty_reply: 'The model returned no reply',
  aborted: 'Stopped',
  unknown: 'The model service is unavailable',
};

export const SESSION_MESSAGES: Record<Locale, SessionMessages> = {
  'zh-CN': {
    notFound: '对话不存在',
    busy: '该对话正在回复中，请等待完成或先停止。',
    notRunning: '当前没有正在进行的回复，请直接发送。',
    nothingToRegenerate: '没有可以重新生成的消息。',
    messageNotShown: '该消息不在当前显示的对话分支中，请刷新后重试。',
    notAUserMessage: '只能编辑你发送的消息。',
    noSuchVersion: '该消息没有这个版本。',
    emptyReply: '模型未返回有效回复，请稍后重试。',
    stoppedBeforeReply: '已停止，模型尚未回复。',
    runFailed: (code, detail) => (detail ? localizeErrorText('zh-CN', detail) : `${ZH_CAUSES[code]}，请稍后重试。`),
    saveFailed: '保存对话失败，本轮对话未写入磁盘。',
    storageFailed: (detail) => `读写对话文件失败：${detail}`,
    storageCauses: STORAGE_CAUSE_TEXT['zh-CN'],
    requestLimit: (limit) => `本条消息已向模型发出 ${limit} 次请求（设置中的上限），回答已停止；已显示的内容已保存。可以在设置中调整上限。`,
    changedOnDisk: '对话文件已被其他程序修改（可能是另一个 Tiny Agent 或同步工具），已重新读取；本轮对话未保存，请重新发送。',
    unreadable: '对话文件已损坏，无法读取；文件保持原样未被修改。',
    unsupportedVersion: '该对话由更新版本的 Tiny Agent 创建，请升级后再打开；文件保持原样未被修改。',
    untitled: '新对话',
    compareModels: '对比需要 2 到 4 个不同的模型。',
    mergePrompt: (count) => `请把下面 ${count} 个回答合并成一个完整、准确的回答，保留各自正确的要点，去掉重复和矛盾之处：`,
    answerHeading: (n, model) => `### 回答 ${n}（${model}）`,
    forkName: (name) => `${name}（分支）`,
  },
  en: {
    notFound: 'Chat not found',
    busy: 'This chat is still answering. Wait for it to finish or stop it first.',
    notRunning: 'Nothing is running right now; send the message instead.',
    nothingToRegenerate: 'There is no message to regenerate.',
    messageNotShown: 'That message is not on the branch shown now. Reopen the chat and try again.',
    notAUserMessage: 'Only your own messages can be edited.',
    noSuchVersion: 'That message has no such version.',
    emptyReply: 'The model returned no reply. Please try again.',
    stoppedBeforeReply: 'Stopped before the model replied.',
    runFailed: (code, detail) => (detail ? localizeErrorText('en', detail) : `${EN_CAUSES[code]}. Please try again.`),
    saveFailed: 'The chat could not be saved; this exchange was not written to disk.',
    storageFailed: (detail) => `Reading or writing the chat’s file failed: ${detail}`,
    storageCauses: STORAGE_CAUSE_TEXT.en,
    requestLimit: (limit) =>
      `This message used its limit of ${limit} model requests (see Settings), so the answer was stopped; what was shown is saved.`,
    changedOnDisk:
      'The chat’s file was changed by another program (another Tiny Agent or a sync tool) and has been read again; this exchange was not saved. Please send it again.',
    unreadable: 'The chat’s file is damaged and cannot be read; it has been left untouched.',
    unsupportedVersion: 'This chat was created by a newer Tiny Agent. Update to open it; the file has been left untouched.',
    untitled: 'New chat',
    compareModels: 'A compare needs 2 to 4 different models.',
    mergePrompt: (count) =>
      `Merge these ${count} answers into one complete, accurate answer, keeping what each gets right and dropping repetition and contradictions:`,
    answerHeading: (n, model) => `### Answer ${n} (${model})`,
    forkName: (name) => `${name} (fork)`,
  },
};

/** The built-in system prompt of new sessions, per locale. */
export const DEFAULT_SYSTEM_PROMPTS: Record<Locale, string> = {
  'zh-CN': '你是 Tiny Agent，一个简洁、友好的 AI 助手。',
  en: 'You are Tiny Agent, a concise and friendly AI assistant.',
};
