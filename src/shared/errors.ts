// Error codes that cross IPC. Every failed invoke answers `{ ok: false, error: { code, message } }`.
export type IpcErrorCode =
  | 'invalid_input' // the payload failed validation
  | 'not_found' // unknown session id
  | 'busy' // the session is running and the request needs it idle
  | 'storage' // disk read/write failed
  | 'unsupported_version' // a file was written by a newer Tiny Agent
  | 'provider' // the model endpoint failed (models list, connection test)
  | 'provider_unavailable' // the chat's provider was removed, set aside or switched off: nothing was sent, a model must be chosen
  | 'internal'; // a bug: logged in main, reported without details

export interface IpcError {
  code: IpcErrorCode;
  /** Readable, in the user's language; never a stack trace or a secret. */
  message: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Thrown inside main to answer an invoke with a specific code; anything else becomes `internal`. */
export class AppError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
