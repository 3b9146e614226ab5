// Applies the theme setting to <html data-theme> (CSS variables follow it) and the locale to <html lang>.
import { useEffect } from 'react';
import type { Locale, ThemeSetting } from '../../../shared/settings';
import { useMediaQuery } from './useMediaQuery';

export function useDocumentTheme(theme: ThemeSetting, locale: Locale): void {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const resolved = theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}
