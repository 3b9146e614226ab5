// The one place that turns the settings' target into a transport: a shared folder or a WebDAV server, wrapped in the
// encrypting transport when the person set a passphrase (the location then holds only ciphertext).
import type { SyncTarget } from '../../shared/sync.js';
import { createEncryptedTransport } from './encrypted-transport.js';
import { FolderTransport } from './folder-transport.js';
import type { SyncSecrets } from './sync-settings.js';
import type { SyncTransport } from './transport.js';
import { createWebdavTransport } from './webdav-transport.js';

/** The transport for `target` with `secrets` (the WebDAV password, the passphrase); opening reaches nothing yet. */
export function openSyncTransport(target: SyncTarget, secrets: SyncSecrets): SyncTransport {
  const inner =
    target.kind === 'folder'
      ? new FolderTransport(target.path)
      : createWebdavTransport({ url: target.url, username: target.username, password: secrets.webdavPassword ?? '' });
  return secrets.passphrase !== undefined ? createEncryptedTransport(inner, secrets.passphrase) : inner;
}
