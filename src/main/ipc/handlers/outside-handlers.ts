// The IPC handlers that reach outside the app: a vetted link opened in the browser, a preview written to a temporary
// file and opened there. They read nothing of the data folder, so a window whose folder is locked has them too.
import { AppError } from '../../../shared/errors.js';
import { writePreviewFile, type PreviewFileOptions } from '../../preview/index.js';
import { isSafeExternalUrl } from '../../security/external-links.js';
import type { InvokeHandlers } from '../router.js';

export interface OutsideOptions {
  /** Opens an already-vetted http(s)/mailto URL (or a preview's file URL) outside the app. */
  openExternal: (url: string) => Promise<void>;
  previewFiles?: PreviewFileOptions;
  /** "This link was not opened", in the current language. */
  linkRefused: () => string;
}

export function outsideHandlers({ openExternal, previewFiles, linkRefused }: OutsideOptions) {
  return {
    openExternal: async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new AppError('invalid_input', linkRefused());
      await openExternal(url.trim());
      return { opened: true };
    },
    openPreviewInBrowser: async ({ kind, source }) => {
      await openExternal(await writePreviewFile(kind, source, previewFiles));
      return { opened: true };
    },
  } satisfies Partial<InvokeHandlers>;
}
