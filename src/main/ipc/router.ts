// Transport-agnostic IPC router: one validated handler per contract channel, answering IpcResult and never throwing.
// Electron's ipcMain is one binding (index.ts); the end-to-end harness is another.
import { z } from 'zod';
import { AppError, type IpcResult } from '../../shared/errors.js';
import { INVOKE_CHANNELS, type InvokeChannel, type InvokeMethod, type InvokeRequest, type InvokeResponse } from '../../shared/ipc.js';
import { storageCause, type StorageCause } from '../storage/storage-cause.js';
import { requestSchemas } from './schemas.js';

export type InvokeHandlers = {
  [K in InvokeMethod]: (request: InvokeRequest<K>) => Promise<InvokeResponse<K>> | InvokeResponse<K>;
};

export interface Router {
  /** Validates `payload` for `channel`, runs its handler and answers a result. Never throws or rejects. */
  handle(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
  readonly channels: readonly InvokeChannel[];
}

/** Localized wording for errors the router itself produces. */
export interface RouterMessages {
  invalidInput(detail: string): string;
  unknownChannel(channel: string): string;
  internal(): string;
  /** A file-system refusal (disk full, read-only…) that reached the router: a storage error, not a bug. */
  storage(cause: StorageCause): string;
}

const methodByChannel = new Map<string, InvokeMethod>(
  Object.entries(INVOKE_CHANNELS).map(([method, channel]) => [channel, method as InvokeMethod]),
);

export function createRouter(
  handlers: InvokeHandlers,
  messages: () => RouterMessages,
  logError: (context: string, error: unknown) => void = (context, error) => console.error(context, error),
): Router {
  return {
    channels: Object.values(INVOKE_CHANNELS),
    async handle(channel, payload) {
      const method = typeof channel === 'string' ? methodByChannel.get(channel) : undefined;
      if (!method)
        return { ok: false, error: { code: 'invalid_input', message: messages().unknownChannel(String(channel).slice(0, 100)) } };
      const parsed = requestSchemas[method].safeParse(payload);
      if (!parsed.success) {
        return { ok: false, error: { code: 'invalid_input', message: messages().invalidInput(describeIssues(parsed.error)) } };
      }
      try {
        const handler = handlers[method] as (request: unknown) => unknown;
        const value = await handler(parsed.data);
        return { ok: true, value };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message } };
        logError(`IPC handler ${channel} failed`, error);
        const cause = storageCause(error);
        if (cause) return { ok: false, error: { code: 'storage', message: messages().storage(cause) } };
        return { ok: false, error: { code: 'internal', message: messages().internal() } };
      }
    },
  };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
