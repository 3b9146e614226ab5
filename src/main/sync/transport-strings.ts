// Words for what went wrong with the sync location, in both languages: a transport's failure (the pass stops whole)
// and a file or passphrase the encryption could not open. The errors' own messages are English details for the log.
import type { Locale } from '../../shared/settings.js';
import type { SyncSkipReason } from '../../shared/sync.js';
import { KEYCHECK_PATH, SyncCipherError } from './encrypted-transport.js';
import { SyncTransportError } from './transport.js';

export interface SyncTransportStrings {
  transport: Record<SyncTransportError['code'], string>;
  cipher: Record<SyncSkipReason, string>;
  /** The keycheck file itself could not be read: no file was opened or written. */
  keycheckUnreadable: string;
}

export const SYNC_TRANSPORT_STRINGS: Record<Locale, SyncTransportStrings> = {
  en: {
    transport: {
      unreachable: 'Cannot reach the sync location. Check the address and your network; nothing was changed.',
      interrupted: 'The connection to the sync location dropped. Nothing was left half-written; the next sync tries again.',
      unauthorized: 'The sync server did not accept the user name or password.',
      'not-found': 'The sync folder does not exist on the server. Create it there first, or check the address.',
      refused: 'The sync location refused the request; nothing was changed.',
    },
    cipher: {
      'wrong-passphrase': 'The passphrase does not match the one this sync location is encrypted with. Nothing was read or written.',
      tampered: 'This file was changed after it was written, or moved from another name; it was not applied.',
      torn: 'This file is cut off (it may still be arriving); it was not applied.',
      'newer-format': 'This file was written by a newer Tiny Agent; it was not applied.',
      unreadable: 'This file is not one Tiny Agent sealed; it was not applied.',
    },
    keycheckUnreadable:
      'The encryption key file (tiny-agent-sync/keycheck.json) in the sync location cannot be read. Nothing was read or written.',
  },
  'zh-CN': {
    transport: {
      unreachable: '无法连接到同步位置。请检查地址和网络；未做任何更改。',
      interrupted: '与同步位置的连接中断。没有写入不完整的文件，下次同步会重试。',
      unauthorized: '同步服务器不接受这个用户名或密码。',
      'not-found': '服务器上没有这个同步文件夹。请先在服务器上创建它，或检查地址。',
      refused: '同步位置拒绝了这个请求；未做任何更改。',
    },
    cipher: {
      'wrong-passphrase': '密码短语与这个同步位置加密时使用的不一致。没有读取或写入任何内容。',
      tampered: '这个文件在写入后被改动过，或是从别的名称移来的；未应用。',
      torn: '这个文件不完整（可能仍在传输中）；未应用。',
      'newer-format': '这个文件由更新版本的 Tiny Agent 写入；未应用。',
      unreadable: '这个文件不是 Tiny Agent 加密的文件；未应用。',
    },
    keycheckUnreadable: '同步位置中的加密密钥文件（tiny-agent-sync/keycheck.json）无法读取。没有读取或写入任何内容。',
  },
};

/** What a person reads for an error a transport threw (the English detail for anything else is left to the caller). */
export function syncTransportErrorText(locale: Locale, error: unknown): string | null {
  const strings = SYNC_TRANSPORT_STRINGS[locale];
  if (error instanceof SyncTransportError) return strings.transport[error.code];
  if (error instanceof SyncCipherError) {
    return error.reason === 'unreadable' && error.path === KEYCHECK_PATH ? strings.keycheckUnreadable : strings.cipher[error.reason];
  }
  return null;
}
