// Clicks inside the message list, handled once for every row (event delegation): links in model output never
// navigate the app but go to the shell, and code-block copy buttons copy their code.
import { copyText } from './clipboard';
import { isExternalLink } from '../../../shared/url';

const COPIED_FOR_MS = 1500;

/** Handles a click (or middle click) at `target`; true when it hit a link or a code-copy button (cancel its default). */
export function handleListClick(
  target: EventTarget | null,
  openLink: (url: string) => void,
  labels: { copyCode: string; copied: string },
): boolean {
  if (!(target instanceof Element)) return false;
  const copy = target.closest('.md-code-copy');
  if (copy) {
    const code = copy.closest('.md-code')?.querySelector('code')?.textContent ?? '';
    void copyText(code).then((ok) => {
      if (!ok) return;
      copy.setAttribute('data-copied', 'true');
      copy.setAttribute('aria-label', labels.copied);
      setTimeout(() => {
        copy.removeAttribute('data-copied');
        copy.setAttribute('aria-label', labels.copyCode);
      }, COPIED_FOR_MS);
    });
    return true;
  }
  const link = target.closest('a');
  if (!link) return false;
  // The renderer made only such links; checking again with the same rule main uses costs nothing. `#…` go nowhere.
  const href = link.getAttribute('href');
  if (href !== null && isExternalLink(href)) openLink(href);
  return true;
}
