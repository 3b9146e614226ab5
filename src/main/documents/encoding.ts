// Bytes of a text file as a string: UTF-8 (with or without BOM) and UTF-16 by their marks, otherwise the encoding
// jschardet detects (GBK/GB18030, Big5, Shift-JIS, EUC-KR, windows-125x …) decoded with iconv-lite.
import iconv from 'iconv-lite';
import jschardet from 'jschardet';

const SAMPLE_BYTES = 64 * 1024;

export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder().decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: detected below.
  }
  const sample = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SAMPLE_BYTES));
  const guess = jschardet.detect(sample, { minimumThreshold: 0 });
  let encoding = (guess.encoding ?? 'windows-1252').toLowerCase();
  // GB2312 as detected is decoded as its superset GB18030 (GBK's characters included).
  if (encoding === 'gb2312' || encoding === 'gbk') encoding = 'gb18030';
  if (!iconv.encodingExists(encoding)) encoding = 'windows-1252';
  return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding), encoding };
}

/** Bytes of a legacy code page (RTF's \'hh escapes) as text. */
export function decodeCodePage(bytes: number[], codePage: number): string {
  const name = codePage === 936 ? 'gb18030' : codePage === 950 ? 'big5' : codePage === 932 ? 'shift_jis' : `windows-${codePage}`;
  return iconv.decode(Buffer.from(bytes), iconv.encodingExists(name) ? name : 'windows-1252');
}
