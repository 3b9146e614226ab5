// Prompt variables: `{{date}}`, `{{time}}`, `{{weekday}}`, `{{model}}`, `{{language}}`, `{{os}}` in a system prompt or
// a preset are filled when a request is sent (main, per request); the stored prompt keeps the placeholders.
// Pure, shared by main (which fills) and the window (which lists them in the prompt editors).

/** The names a prompt may use, in the order the editors list them. */
export const PROMPT_VARIABLES = ['date', 'time', 'weekday', 'model', 'language', 'os'] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];

/** What the variables are filled from at send time. */
export interface PromptVariableContext {
  now: Date;
  /** The model id the request goes to. */
  model: string;
  /** The app's language, a BCP 47 tag ('zh-CN', 'en'). */
  language: string;
  /** `process.platform` of the machine ('darwin', 'win32', 'linux', …). */
  platform: string;
}

const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };
const LANGUAGE_NAMES: Record<string, string> = { 'zh-CN': '简体中文 (zh-CN)', en: 'English (en)' };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PATTERN = /\{\{\s*(date|time|weekday|model|language|os)\s*\}\}/g;

const two = (n: number): string => String(n).padStart(2, '0');

/** The value of each variable: local date YYYY-MM-DD, local time HH:MM, English weekday, model id, language, OS. */
export function promptVariableValues(context: PromptVariableContext): Record<PromptVariable, string> {
  const d = context.now;
  return {
    date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}`,
    weekday: WEEKDAYS[d.getDay()]!,
    model: context.model,
    language: LANGUAGE_NAMES[context.language] ?? context.language,
    os: OS_NAMES[context.platform] ?? context.platform,
  };
}

/** `text` with every known `{{variable}}` filled; unknown `{{…}}` is left as written. */
export function fillPromptVariables(text: string, context: PromptVariableContext): string {
  if (!text.includes('{{')) return text;
  const values = promptVariableValues(context);
  return text.replace(PATTERN, (_all, name: PromptVariable) => values[name]);
}
