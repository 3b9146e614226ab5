// The release feed is named in one variable: GitHub Releases of a repository, a static https server, or none at all.
import { describe, expect, it } from 'vitest';
import { releaseFeed } from '../../../build/release-feed.js';

describe('releaseFeed', () => {
  it('is none when the variable is unset or blank: no feed is guessed', () => {
    expect(releaseFeed(undefined)).toBeNull();
    expect(releaseFeed('  ')).toBeNull();
  });

  it('reads github:<owner>/<repo> as GitHub Releases of that repository', () => {
    expect(releaseFeed('github:someone/tiny-agent')).toEqual([
      { provider: 'github', owner: 'someone', repo: 'tiny-agent', releaseType: 'release' },
    ]);
  });

  it('reads an https address as a static server holding the feed files', () => {
    expect(releaseFeed('https://downloads.example.org/tiny-agent/')).toEqual([
      { provider: 'generic', url: 'https://downloads.example.org/tiny-agent/' },
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['tinyagent/tiny-agent', 'http://example.org/feed/', 'github:owner', 'github:a/b/c']) {
      expect(() => releaseFeed(value), value).toThrow(/^TINY_AGENT_UPDATE_FEED must be github:<owner>\/<repo> or an https:\/\/ address/);
    }
  });
});
