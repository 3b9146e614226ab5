// The one place that turns the settings' target into a transport: a folder today; WebDAV and the encrypting wrapper
// (a decorator over either) are chosen here too once they are part of this build.
import type { SyncTarget } from '../../shared/sync.js';
import { FolderTransport } from './folder-transport.js';
import type { SyncSecrets } from './sync-settings.js';
import { SyncTransportError, type SyncTransport } from './transport.js';

/** The transport for `target`; throws SyncTransportError('refused') for a target this build cannot reach. */
export function openSyncTransport(target: SyncTarget, secrets: SyncSecrets): SyncTransport {
  if (secrets.passphrase !== undefined) throw new SyncTransportError('refused', 'end-to-end encryption is not available in this build');
  if (target.kind === 'folder') return new FolderTransport(target.path);
  throw new SyncTransportError('refused', 'WebDAV is not available in this build');
}
