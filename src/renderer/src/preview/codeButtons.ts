// The Preview button in the bar of a finished html or svg code block (the block's DOM is the sanitized markdown
// HTML; the button is added to it, like the copy button's label).
import type { Translate } from '../i18n';
import { openPreview, type PreviewKind } from './previewStore';

/** The preview a fence language runs, if any. */
export function previewKind(lang: string): PreviewKind | null {
  const name = lang.toLowerCase();
  return name === 'html' || name === 'svg' ? name : null;
}

/** Adds a Preview button to every html/svg code block in `root` that has none yet. */
export function addPreviewButtons(root: HTMLElement, t: Translate): void {
  for (const block of root.querySelectorAll<HTMLElement>('.md-code')) {
    const kind = previewKind(block.querySelector('.md-code-lang')?.getAttribute('data-lang') ?? '');
    const bar = block.querySelector('.md-code-bar');
    if (!kind || !bar) continue;
    let button = bar.querySelector<HTMLButtonElement>('.md-code-preview');
    if (!button) {
      button = document.createElement('button');
      button.type = 'button';
      button.className = 'md-code-action md-code-preview';
      button.dataset.testid = 'preview-open';
      button.addEventListener('click', () => openPreview(kind, block.querySelector('pre code')?.textContent ?? ''));
      bar.querySelector('.md-code-copy')?.before(button);
    }
    button.setAttribute('aria-label', t('preview.open'));
    button.title = t('preview.openHint');
  }
}
