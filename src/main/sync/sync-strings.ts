// Words of sync in both languages: why a pass failed and why a remote file was skipped (src/shared/sync.ts).
import type { Locale } from '../../shared/settings.js';
import type { SyncSkipReason } from '../../shared/sync.js';
import type { SyncTransportError } from './transport.js';

export interface SyncStrings {
  chooseFolderTitle: string;
  noTarget: string;
  passphraseMissing: string;
  /** A pass stopped because the location could not be used. */
  transport: (code: SyncTransportError['code'], detail: string) => string;
  /** A pass stopped on a local problem (the data folder could not be written). */
  failed: (detail: string) => string;
  skip: (reason: SyncSkipReason, path: string) => string;
  newerLocation: (format: number) => string;
}

export const SYNC_STRINGS: Record<Locale, SyncStrings> = {
  en: {
    chooseFolderTitle: 'Choose the shared folder to sync through',
    noTarget: 'Choose a sync folder or a WebDAV server first.',
    passphraseMissing: 'Sync is encrypted, but the passphrase is not available on this computer; enter it again in Settings.',
    transport: (code, detail) => {
      switch (code) {
        case 'unreachable':
          return `The sync location cannot be reached (${detail}); nothing was changed, the next pass tries again.`;
        case 'unauthorized':
          return `The sync location refused the sign-in (${detail}); check the user name and password.`;
        case 'not-found':
          return `The sync location is gone (${detail}); choose it again.`;
        case 'interrupted':
          return `The pass was interrupted (${detail}); nothing was half-applied, the next pass goes on.`;
        case 'refused':
          return `The sync location refused the request: ${detail}`;
      }
    },
    failed: (detail) => `The pass stopped: ${detail}. Nothing was half-applied.`,
    skip: (reason, path) => {
      switch (reason) {
        case 'torn':
          return `${path} is incomplete (torn or still arriving); skipped whole.`;
        case 'tampered':
          return `${path} does not match its checksum (changed after it was written); skipped whole.`;
        case 'newer-format':
          return `${path} was written by a newer Tiny Agent; skipped until this one is updated.`;
        case 'wrong-passphrase':
          return `${path} cannot be decrypted with this passphrase; skipped.`;
        case 'unreadable':
          return `${path} cannot be read; skipped whole.`;
      }
    },
    newerLocation: (format) => `The sync location was set up by a newer Tiny Agent (format ${format}); update this one to sync.`,
  },
  'zh-CN': {
    chooseFolderTitle: '选择用于同步的共享文件夹',
    noTarget: '请先选择同步文件夹或 WebDAV 服务器。',
    passphraseMissing: '同步已加密，但这台电脑上没有可用的密码短语；请在设置中重新输入。',
    transport: (code, detail) => {
      switch (code) {
        case 'unreachable':
          return `无法连接同步位置（${detail}）；未做任何更改，下次同步会再试。`;
        case 'unauthorized':
          return `同步位置拒绝登录（${detail}）；请检查用户名和密码。`;
        case 'not-found':
          return `同步位置不存在了（${detail}）；请重新选择。`;
        case 'interrupted':
          return `同步被中断（${detail}）；没有只应用一半的内容，下次同步会继续。`;
        case 'refused':
          return `同步位置拒绝了请求：${detail}`;
      }
    },
    failed: (detail) => `同步已停止：${detail}。没有只应用一半的内容。`,
    skip: (reason, path) => {
      switch (reason) {
        case 'torn':
          return `${path} 不完整（已截断或仍在传输）；整个跳过。`;
        case 'tampered':
          return `${path} 与其校验和不符（写入后被改动）；整个跳过。`;
        case 'newer-format':
          return `${path} 由更新版本的 Tiny Agent 写入；在本程序更新前跳过。`;
        case 'wrong-passphrase':
          return `${path} 无法用此密码短语解密；已跳过。`;
        case 'unreadable':
          return `${path} 无法读取；整个跳过。`;
      }
    },
    newerLocation: (format) => `同步位置由更新版本的 Tiny Agent 建立（格式 ${format}）；请更新本程序后再同步。`,
  },
};
