// "Open in browser": main writes the open preview to a temporary file only now, on this request, and opens it in the
// system browser. Apart from the store so that code blocks (and the markdown they are in) never reach `window.api`.
import { usePreview } from './previewStore';

/** Asks main to write the open preview to a temporary file and open it in the system browser. */
export async function openPreviewInBrowser(): Promise<void> {
  const { preview } = usePreview.getState();
  if (!preview) return;
  const result = await window.api.openPreviewInBrowser({ kind: preview.kind, source: preview.source });
  usePreview.setState({ browserError: result.ok ? null : result.error.message });
}
