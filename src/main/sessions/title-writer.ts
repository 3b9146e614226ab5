// Model-written chat names. After a chat's first answer is saved, the chat's own provider and model are asked — in
// one small request of their own, outside the person's run (no request limit, no events, nothing in the transcript)
// — for a short title in the language of the conversation. The service then stores it as the chat's name unless the
// person named the chat meanwhile (a name they give always wins, also over a title written later). A failure keeps
// the automatic name and is only logged; deleting the chat or quitting aborts the request.
import type { AgentModel, StreamFn } from '../agent/index.js';
import { messageText, messageThinking, type Message } from '../../shared/messages.js';
import { autoName } from './session-naming.js';
import type { SessionLogger } from './store/session-store.js';

/** Output tokens a title may use; a model that reasons first gets room for its reasoning too. */
export const TITLE_MAX_TOKENS = 64;
export const TITLE_MAX_TOKENS_REASONING = 1_024;
/** Characters of the question and of the answer the model is shown. */
const EXCERPT_CHARS = 1_500;

/** The question and answer a title is written from: the first question of the branch and its first full answer. */
export interface TitleSource {
  question: string;
  answer: string;
  /** The answer came with reasoning: the model likely reasons before a title, too. */
  reasons: boolean;
}

/** The first question and its first complete text answer, or undefined when the branch has none yet. */
export function titleSource(messages: readonly Message[]): TitleSource | undefined {
  const first = messages.findIndex((message) => message.role === 'user');
  if (first < 0) return undefined;
  const question = messageText(messages[first]!).trim();
  for (const message of messages.slice(first + 1)) {
    if (message.role === 'user') return undefined;
    if (message.role !== 'assistant' || message.stopReason !== 'stop') continue;
    const answer = messageText(message).trim();
    if (!answer) continue;
    const reasons = messageThinking(message).length > 0 || message.usage.reasoning > 0;
    return question ? { question, answer, reasons } : undefined;
  }
  return undefined;
}

/** True when the person writes Chinese: Han characters and no Japanese kana. */
export function writesChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text) && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
}

/** The title request: an instruction in the conversation's language (Chinese or the question's own), then the excerpt. */
export function titleRequest(source: TitleSource): Message[] {
  const now = Date.now();
  const question = excerpt(source.question);
  const answer = excerpt(source.answer);
  const [instruction, excerptText] = writesChinese(source.question)
    ? [
        '你负责给对话起名。请用中文（简体或繁体与用户一致）为下面的对话写一个简短的标题，不超过 12 个字。只回复标题本身：不加引号、句末标点或任何解释。',
        `用户：${question}\n\n助手：${answer}`,
      ]
    : [
        'You name chats. Write a short title, at most 6 words, for the conversation below, in the same language the user writes in. Reply with the title only: no quotes, no final punctuation, no explanation.',
        `User: ${question}\n\nAssistant: ${answer}`,
      ];
  return [
    { role: 'system', content: instruction, timestamp: now },
    { role: 'user', content: excerptText, timestamp: now },
  ];
}

/** The model's reply as a chat name: first line, without a "Title:" label, quotes, markdown or final punctuation. */
export function cleanTitle(reply: string): string | undefined {
  const line = reply.split(/\r?\n/).find((candidate) => candidate.trim().length > 0) ?? '';
  const cleaned = line
    .trim()
    .replace(/^(?:#+\s*)?(?:\*\*)?(?:title|标题|名称)\s*[:：]\s*/i, '')
    .replace(/^[\s#*_`"'“”‘’「」『』《》【】]+|[\s*_`"'“”‘’「」『』《》【】.。!！?？,，;；:：、]+$/gu, '')
    .trim();
  return cleaned ? autoName(cleaned) : undefined;
}

function excerpt(text: string): string {
  const chars = Array.from(text);
  return chars.length <= EXCERPT_CHARS ? text : `${chars.slice(0, EXCERPT_CHARS).join('')}…`;
}

export interface TitleWriterOptions {
  /** The same stream the chat's runs use. */
  streamFn: StreamFn;
  /** The setting (on by default), read when a chat qualifies. */
  enabled(): boolean;
  log: SessionLogger;
}

/** One title request per chat at a time, at most one per chat per app run; each can be aborted by chat. */
export class TitleWriter {
  private readonly running = new Map<string, AbortController>();
  private readonly attempted = new Set<string>();
  private readonly settled = new Set<Promise<void>>();

  constructor(private readonly options: TitleWriterOptions) {}

  /**
   * Asks `model` for a title of the chat whose shown branch is `messages` and hands a usable one to `apply`. Returns
   * at once: false when nothing was asked (setting off, asked before, no complete first answer).
   */
  write(sessionId: string, model: AgentModel, messages: readonly Message[], apply: (title: string) => Promise<void>): boolean {
    const source = titleSource(messages);
    if (!source || this.attempted.has(sessionId) || !this.options.enabled()) return false;
    this.attempted.add(sessionId);
    const controller = new AbortController();
    this.running.set(sessionId, controller);
    const done = this.request(sessionId, model, source, controller.signal, apply).finally(() => {
      if (this.running.get(sessionId) === controller) this.running.delete(sessionId);
      this.settled.delete(done);
    });
    this.settled.add(done);
    return true;
  }

  /** Aborts the chat's title request, if one is out (the chat is being deleted). */
  cancel(sessionId: string): void {
    this.running.get(sessionId)?.abort();
  }

  /** Aborts every request and waits until none can still write. */
  async dispose(): Promise<void> {
    for (const controller of this.running.values()) controller.abort();
    await Promise.all(this.settled);
  }

  private async request(
    sessionId: string,
    chatModel: AgentModel,
    source: TitleSource,
    signal: AbortSignal,
    apply: (title: string) => Promise<void>,
  ): Promise<void> {
    // Same provider, model and key; none of the chat's sampling choices, a small answer.
    const model: AgentModel = {
      id: chatModel.id,
      baseUrl: chatModel.baseUrl,
      ...(chatModel.apiKey !== undefined && { apiKey: chatModel.apiKey }),
      ...(chatModel.providerId !== undefined && { providerId: chatModel.providerId }),
      ...(chatModel.requestTimeoutMs !== undefined && { requestTimeoutMs: chatModel.requestTimeoutMs }),
      ...(chatModel.firstTokenTimeoutMs !== undefined && { firstTokenTimeoutMs: chatModel.firstTokenTimeoutMs }),
      maxOutputTokens: source.reasons ? TITLE_MAX_TOKENS_REASONING : TITLE_MAX_TOKENS,
    };
    try {
      const stream = await this.options.streamFn(model, { messages: titleRequest(source), tools: [] }, { signal });
      const reply = await stream.result();
      if (signal.aborted) return;
      const title = reply.stopReason === 'error' || reply.stopReason === 'aborted' ? undefined : cleanTitle(messageText(reply));
      if (!title) {
        this.options.log.info(
          `session ${sessionId}: no title written (${reply.errorMessage ?? 'the reply was empty'}); the automatic name stays`,
        );
        return;
      }
      await apply(title);
    } catch (error) {
      this.options.log.error(`session ${sessionId}: the title could not be written; the automatic name stays`, error);
    }
  }
}
