// Both locales carry every key, with text, and the same {placeholders}; the banner has words for every error code.
import { describe, expect, it } from 'vitest';
import { allStrings, GLOSSARY, systemLocale, translate, type StringKey } from '../../src/renderer/src/i18n';
import { PROVIDER_ERROR_CODES } from '../../src/shared/messages';
import { SESSION_MESSAGES } from '../../src/main/sessions/session-messages';
import { resolveLocale } from '../../src/renderer/src/store/settingsSlice';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('strings', () => {
  it('every key is present and non-empty in both locales, with the same placeholders', () => {
    const en = Object.keys(allStrings.en).sort();
    expect(Object.keys(allStrings['zh-CN']).sort()).toEqual(en);
    for (const key of en as StringKey[]) {
      expect(allStrings.en[key].trim(), key).not.toBe('');
      expect(allStrings['zh-CN'][key].trim(), key).not.toBe('');
      expect(placeholders(allStrings['zh-CN'][key]), key).toEqual(placeholders(allStrings.en[key]));
    }
  });

  it('uses one term per concept: no string of the window or of main says a word the glossary avoids', () => {
    const mainWords = (locale: 'en' | 'zh-CN') =>
      Object.values(SESSION_MESSAGES[locale]).map((value) => (typeof value === 'function' ? value('…') : String(value)));
    for (const locale of ['en', 'zh-CN'] as const) {
      const texts = [...Object.values(allStrings[locale]), ...mainWords(locale)];
      for (const term of GLOSSARY) {
        for (const word of term.avoid[locale]) {
          const offending = texts.filter((text) => text.toLowerCase().includes(word.toLowerCase()));
          expect(offending, `${locale}: "${word}" (say "${term[locale]}")`).toEqual([]);
        }
      }
    }
  });

  it('has words for every provider and IPC error code', () => {
    const codes = [...PROVIDER_ERROR_CODES, 'invalid_input', 'not_found', 'busy', 'storage', 'unsupported_version', 'provider', 'internal'];
    for (const code of codes) expect(Object.keys(allStrings.en), code).toContain(`error.code.${code}`);
  });

  it('fills placeholders and resolves "system" from the system languages', () => {
    expect(translate('zh-CN', 'sidebar.rename', { name: '周报' })).toBe('重命名“周报”');
    expect(systemLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(systemLocale(['en-GB'])).toBe('en');
    expect(resolveLocale('en')).toBe('en');
    expect(resolveLocale('system')).toBe(systemLocale());
  });
});
