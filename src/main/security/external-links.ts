// Which URLs may leave the app for the system browser or mail client: the shared rule in src/shared/url.ts.
import { isExternalLink } from '../../shared/url.js';

/** True for http(s) URLs written with `//host`, and mailto: URLs. Everything else (javascript:, file:, data:, `https:host`) is refused. */
export function isSafeExternalUrl(url: string): boolean {
  return isExternalLink(url);
}
