// When a paste into the composer is a link alone: the pasted text is one http(s) URL (nothing else but spaces around
// it) and the composer held nothing else, so the person most likely wants the page read, not the link discussed.
import { externalLinkTarget } from '../../../shared/url';

/** The URL when `pasted` is one http(s) link and `before` (the composer's text outside the selection) is blank. */
export function pastedUrlAlone(pasted: string, before: string): string | undefined {
  if (before.trim() !== '') return undefined;
  const url = pasted.trim();
  if (!/^https?:\/\//i.test(url) || /\s/.test(url)) return undefined;
  return externalLinkTarget(url);
}
