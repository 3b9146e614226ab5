// Settings' connection test and model list name a provider failure in the app's language: the classifier's English
// detail is worded again in Chinese (the host and the provider's own words stay as they are).
import { describe, expect, it } from 'vitest';
import { mainStrings } from '../../../src/main/i18n.js';

describe('a provider failure in Settings', () => {
  it.each([
    ['Cannot reach 127.0.0.1:9 (connection refused)', '127.0.0.1:9'],
    ['No response within 20 s', '20'],
  ])('"%s" reads in Chinese, keeping %s', (english, kept) => {
    const chinese = mainStrings('zh-CN').providerDetail(english);
    expect(chinese).not.toBe(english);
    expect(chinese).toContain(kept);
    expect(chinese.replace(kept, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('stays as written in English, and a sentence no template knows stays as it is in Chinese', () => {
    expect(mainStrings('en').providerDetail('Cannot reach 127.0.0.1:9 (connection refused)')).toBe(
      'Cannot reach 127.0.0.1:9 (connection refused)',
    );
    expect(mainStrings('zh-CN').providerDetail('Quota exhausted for org-7')).toBe('Quota exhausted for org-7');
    expect(mainStrings('zh-CN').providerDetail('HTTP 401')).toBe('HTTP 401');
  });
});
