// Every visible string in Simplified Chinese and English. Components call `useT()`; store actions call `translate()`.
import { createContext, useCallback, useContext } from 'react';
import type { Locale } from '../../../shared/settings';
import { appStrings } from './app';
import { compareStrings } from './compare';
import { branchesStrings } from './branches';
import { attachmentStrings } from './attachments';
import { chatStrings } from './chat';
import { organizeStrings } from './organize';
import { providerStrings } from './provider';
import { searchStrings } from './search';
import { conversationSettingsStrings } from './conversationSettings';
import { shortcutStrings } from './shortcuts';
import { trustStrings } from './trust';
import { toolStrings } from './tools';
import { transferStrings } from './transfer';
import { usageStrings } from './usage';
import { welcomeStrings } from './welcome';
import { restoreStrings } from './restore';
import { emptyChatStrings } from './emptyChat';
import { settingsPageStrings } from './settingsPage';
import { mcpSettingsStrings } from './mcpSettings';
import { desktopStrings } from './desktop';
import { webToolsStrings } from './webTools';
import { startupStrings } from './startup';
import { foldersStrings } from './folders';
import { quickAskStrings } from './quickAsk';
import { backupStrings } from './backup';
import { syncStrings } from './sync';
import { knowledgeStrings } from './knowledge';

export type { Locale };

/**
 * One term per concept in each language; every string uses these words and none of the `avoid` ones
 * (test/renderer/i18n-app.test.ts checks it).
 */
export const GLOSSARY = [
  {
    concept: 'one conversation in the sidebar',
    en: 'chat',
    'zh-CN': '对话',
    avoid: { en: ['session', 'conversation'], 'zh-CN': ['会话'] },
  },
  { concept: 'what the model writes back', en: 'answer', 'zh-CN': '回答', avoid: { en: [], 'zh-CN': ['回复内容'] } },
  { concept: 'the model thinking before it answers', en: 'reasoning', 'zh-CN': '思考过程', avoid: { en: [], 'zh-CN': ['推理过程'] } },
  { concept: 'a message that redirects a running answer', en: 'steer', 'zh-CN': '引导', avoid: { en: ['interrupt'], 'zh-CN': ['插话'] } },
  { concept: 'a message queued until the answer ends', en: 'follow-up', 'zh-CN': '追问', avoid: { en: [], 'zh-CN': ['跟进'] } },
  {
    concept: 'the secret that authorizes requests',
    en: 'API key',
    'zh-CN': 'API 密钥',
    avoid: { en: ['token key'], 'zh-CN': ['API Key', 'API 秘钥'] },
  },
  { concept: 'the service that hosts models', en: 'provider', 'zh-CN': '服务商', avoid: { en: ['vendor'], 'zh-CN': ['供应商', '提供商'] } },
] as const;

const dictionaries = {
  en: {
    ...appStrings.en,
    ...chatStrings.en,
    ...searchStrings.en,
    ...organizeStrings.en,
    ...shortcutStrings.en,
    ...trustStrings.en,
    ...conversationSettingsStrings.en,
    ...branchesStrings.en,
    ...attachmentStrings.en,
    ...providerStrings.en,
    ...toolStrings.en,
    ...transferStrings.en,
    ...usageStrings.en,
    ...welcomeStrings.en,
    ...restoreStrings.en,
    ...emptyChatStrings.en,
    ...settingsPageStrings.en,
    ...mcpSettingsStrings.en,
    ...desktopStrings.en,
    ...startupStrings.en,
    ...foldersStrings.en,
    ...quickAskStrings.en,
    ...compareStrings.en,
    ...webToolsStrings.en,
    ...backupStrings.en,
    ...syncStrings.en,
    ...knowledgeStrings.en,
  },
  'zh-CN': {
    ...appStrings['zh-CN'],
    ...chatStrings['zh-CN'],
    ...searchStrings['zh-CN'],
    ...organizeStrings['zh-CN'],
    ...shortcutStrings['zh-CN'],
    ...trustStrings['zh-CN'],
    ...conversationSettingsStrings['zh-CN'],
    ...branchesStrings['zh-CN'],
    ...attachmentStrings['zh-CN'],
    ...providerStrings['zh-CN'],
    ...toolStrings['zh-CN'],
    ...transferStrings['zh-CN'],
    ...usageStrings['zh-CN'],
    ...welcomeStrings['zh-CN'],
    ...restoreStrings['zh-CN'],
    ...emptyChatStrings['zh-CN'],
    ...settingsPageStrings['zh-CN'],
    ...mcpSettingsStrings['zh-CN'],
    ...desktopStrings['zh-CN'],
    ...startupStrings['zh-CN'],
    ...foldersStrings['zh-CN'],
    ...quickAskStrings['zh-CN'],
    ...compareStrings['zh-CN'],
    ...webToolsStrings['zh-CN'],
    ...backupStrings['zh-CN'],
    ...syncStrings['zh-CN'],
    ...knowledgeStrings['zh-CN'],
  },
} as const;

export type StringKey = keyof (typeof dictionaries)['en'];
export type Vars = Record<string, string | number>;

/** Both dictionaries, for the test that checks every key exists and is non-empty in each locale. */
export const allStrings: Record<Locale, Record<StringKey, string>> = dictionaries;

/** `{name}` placeholders are replaced from `vars`. */
export function translate(locale: Locale, key: StringKey, vars?: Vars): string {
  const template: string = dictionaries[locale][key] ?? dictionaries.en[key] ?? key;
  return vars ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : template;
}

/** The system locale: Chinese for any zh-* language, English otherwise. */
export function systemLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  return languages.some((lang) => lang.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

export const LocaleContext = createContext<Locale>('en');

export type Translate = (key: StringKey, vars?: Vars) => string;

/** The translate function of the current locale; stable while the locale does not change. */
export function useT(): Translate {
  const locale = useContext(LocaleContext);
  return useCallback((key: StringKey, vars?: Vars) => translate(locale, key, vars), [locale]);
}
