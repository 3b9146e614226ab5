// Where packaged builds look for updates: the one place the release feed is set. electron-builder writes it into the
// app as `app-update.yml`; a build made without one has no such file, and the app then says it cannot update itself
// instead of asking an address nobody chose.
//
// TINY_AGENT_UPDATE_FEED, read when `npm run dist` runs:
//   github:<owner>/<repo>   GitHub Releases of that repository (latest*.yml, beta*.yml and the installers)
//   https://<host>/<path>/  any static server holding the same files (electron-builder's "generic" provider)
//   unset or empty          no feed: the build cannot update itself
import type { Configuration } from 'electron-builder';

type Publish = NonNullable<Configuration['publish']>;

export const UPDATE_FEED_VARIABLE = 'TINY_AGENT_UPDATE_FEED';

/** The publish configuration a feed value names; null for none; throws (naming the variable) on a value it cannot read. */
export function releaseFeed(value: string | undefined): Publish | null {
  const feed = value?.trim() ?? '';
  if (feed === '') return null;
  const github = /^github:([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})$/.exec(feed);
  if (github) return [{ provider: 'github', owner: github[1]!, repo: github[2]!, releaseType: 'release' }];
  if (/^https:\/\/[^\s/]+\/\S*$/.test(feed)) return [{ provider: 'generic', url: feed }];
  throw new Error(`${UPDATE_FEED_VARIABLE} must be github:<owner>/<repo> or an https:// address, not "${feed}"`);
}
