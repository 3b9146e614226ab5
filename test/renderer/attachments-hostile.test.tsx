// What the window does with pictures that lie: a PNG whose header says 30,000 × 30,000 is refused before any decoder
// sees it (its bytes never reach createImageBitmap or main), and main's refusals of a file that is not the image its
// name says, or of too many pixels, are worded by what the bytes are, in both languages.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachmentRefusal } from '../../src/shared/attachments';
import type { TinyAgentApi } from '../../src/shared/ipc';
import { refusalText } from '../../src/renderer/src/attachments/ComposerAttachments';
import { prepareFile } from '../../src/renderer/src/attachments/prepare';
import { translate } from '../../src/renderer/src/i18n';
import { createFakeApi, systemMessage, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';

let fake: FakeApi;

/** The start of a PNG whose header says `width × height` (nothing here decodes it, so no pixel data follows). */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([1, 0, 0, 0, 0], 24);
  return bytes;
}

const decode = vi.fn(async () => {
  throw new Error('decoded');
});

beforeEach(async () => {
  vi.stubGlobal('createImageBitmap', decode);
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage()] });
  await renderApp(fake);
  await act(() => state().openSession('a'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  decode.mockClear();
});

describe('a picture too large to decode', () => {
  it('is refused from its header: never decoded, never sent to main', async () => {
    const bomb = new File([pngHeader(30_000, 30_000)], 'bomb.png', { type: 'image/png' });
    expect(await prepareFile(bomb)).toEqual({
      refused: { reason: 'too_many_pixels', name: 'bomb.png', width: 30_000, height: 30_000, limit: 100_000_000 },
    });
    await act(() => state().attachFiles('a', [bomb]));
    await settle();
    expect(decode).not.toHaveBeenCalled();
    expect(fake.callsOf('addAttachment')).toEqual([]);
    expect(screen.getByTestId('attachment-refusals').textContent).toContain(
      '“bomb.png” is 30,000 × 30,000 pixels; pictures of at most 100 megapixels can be attached.',
    );
  });

  it('a large picture within the limit is still decoded to make its scaled copy', async () => {
    await prepareFile(new File([pngHeader(4_000, 3_000)], 'photo.png', { type: 'image/png' }));
    expect(decode).toHaveBeenCalledTimes(1);
  });
});

describe("main's refusals in words", () => {
  const words = (refusal: AttachmentRefusal) => ({
    en: refusalText((key, vars) => translate('en', key, vars), refusal),
    zh: refusalText((key, vars) => translate('zh-CN', key, vars), refusal),
  });

  it.each([
    [
      { reason: 'not_an_image', name: 'holiday.png', extension: 'png', label: 'windows-program' },
      '“holiday.png” is named like a .png picture, but it is a Windows program.',
      '“holiday.png”的名字像一张 .png 图片，但它其实不是图片（Windows 程序）。',
    ],
    [
      { reason: 'not_an_image', name: 'page.jpg', extension: 'jpg', label: 'text' },
      '“page.jpg” is named like a .jpg picture, but it holds text.',
      '“page.jpg”的名字像一张 .jpg 图片，但它其实是文本。',
    ],
    [
      { reason: 'not_an_image', name: 'broken.gif', extension: 'gif' },
      '“broken.gif” is named like a .gif picture, but its contents are not a picture.',
      '“broken.gif”的名字像一张 .gif 图片，但它的内容不是图片。',
    ],
    [
      { reason: 'too_many_pixels', name: 'bomb.png', width: 30_000, height: 20_000, limit: 100_000_000 },
      '“bomb.png” is 30,000 × 20,000 pixels; pictures of at most 100 megapixels can be attached.',
      '“bomb.png”有 30,000 × 20,000 像素，只能添加不超过 100 百万像素的图片。',
    ],
  ] as const)('%o', (refusal, en, zh) => {
    expect(words(refusal as AttachmentRefusal)).toEqual({ en, zh });
  });

  it('shows main’s refusal of an executable named .png', async () => {
    (fake.api as { addAttachment: TinyAgentApi['addAttachment'] }).addAttachment = async (request) => ({
      ok: true,
      value: { refused: { reason: 'not_an_image', name: request.name, extension: 'png', label: 'windows-program' } },
    });
    await act(() => state().attachFiles('a', [new File(['MZ'], 'holiday.png', { type: 'image/png' })]));
    await settle();
    expect(screen.getByTestId('attachment-refusals').textContent).toContain(
      '“holiday.png” is named like a .png picture, but it is a Windows program.',
    );
  });
});
