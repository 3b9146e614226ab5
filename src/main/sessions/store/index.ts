// Storage of the session layer: the session files (source of truth), the index of the folder, and unsent text.
export { SessionStore, StoreError, type IndexChange, type IndexEntry, type SessionLogger, type StoreErrorKind } from './session-store.js';
export { UnsentTextStore } from './unsent-text.js';
