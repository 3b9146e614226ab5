// Every visible string in Simplified Chinese and English. Components call `useT()`; store actions call `translate()`.
import { createContext, useCallback, useContext } from 'react';
import type { Locale } from '../../../shared/settings';
import { appStrings } from './app';
import { attachmentStrings } from './attachments';
import { chatStrings } from './chat';
import { organizeStrings } from './organize';
import { searchStrings } from './search';

export type { Locale };

const dictionaries = {
  en: { ...appStrings.en, ...chatStrings.en, ...searchStrings.en, ...organizeStrings.en, ...attachmentStrings.en },
  'zh-CN': { ...appStrings['zh-CN'], ...chatStrings['zh-CN'], ...searchStrings['zh-CN'], ...organizeStrings['zh-CN'], ...attachmentStrings['zh-CN'] },
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
