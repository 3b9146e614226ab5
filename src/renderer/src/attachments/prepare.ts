// A File (button, paste or drop) → what `attachments:add` takes. Images whose longest side is over the limit are
// scaled here, with the browser's own decoders and canvas: every accepted type (PNG, JPEG, WebP, GIF) decodes
// natively and fast, off main's event loop, with no codec dependency. Main then checks the copy (type, size, shape)
// and keeps the original too; a picture whose header states more pixels than the limit is refused before any decoder
// sees it. Everything else goes as read: main judges by the bytes.
import {
  ATTACHMENT_LIMITS,
  extensionOf,
  isImageType,
  type AddAttachmentRequest,
  type AttachmentRefusal,
} from '../../../shared/attachments';
import { imageSize } from '../../../shared/image-size';

export type Prepared = { request: AddAttachmentRequest } | { refused: AttachmentRefusal };

/** Reads `file`; files over the largest size anything may have are refused before their bytes are read. */
export async function prepareFile(file: File): Promise<Prepared> {
  const name = file.name || 'pasted.png';
  if (file.size > ATTACHMENT_LIMITS.maxImageBytes)
    return { refused: { reason: 'too_large', name, size: file.size, limit: ATTACHMENT_LIMITS.maxImageBytes } };
  if (file.size === 0) return { refused: { reason: 'empty', name } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A small file can decode to gigabytes: what its header says is checked before any decoder sees it.
  const size = imageSize(bytes);
  if (size && size.width * size.height > ATTACHMENT_LIMITS.maxImagePixels) {
    const { width, height } = size;
    return { refused: { reason: 'too_many_pixels', name, width, height, limit: ATTACHMENT_LIMITS.maxImagePixels } };
  }
  const scaled = looksLikeImage(file) ? await scaledCopy(file) : undefined;
  return { request: { name, bytes, ...(scaled && { scaled }) } };
}

function looksLikeImage(file: File): boolean {
  return isImageType(file.type) || ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(extensionOf(file.name));
}

/**
 * The image scaled so its longest side is exactly the limit, in the same type (a GIF becomes a PNG of its first
 * frame: canvases cannot write GIF). Undefined when it fits already or cannot be decoded (main then decides).
 */
export async function scaledCopy(file: Blob): Promise<Uint8Array | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  try {
    const side = ATTACHMENT_LIMITS.maxImageSide;
    const { width, height } = bitmap;
    if (width <= side && height <= side) return undefined;
    const ratio = side / Math.max(width, height);
    const w = width >= height ? side : Math.max(1, Math.round(width * ratio));
    const h = height > width ? side : Math.max(1, Math.round(height * ratio));
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, w, h);
    const type = file.type === 'image/jpeg' || file.type === 'image/webp' ? file.type : 'image/png';
    const blob = await canvas.convertToBlob({ type, quality: 0.9 });
    return new Uint8Array(await blob.arrayBuffer());
  } catch {
    return undefined;
  } finally {
    bitmap.close();
  }
}
