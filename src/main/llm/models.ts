// The provider's model list (GET /models) and a connection check built on it, for the settings screen.
import { createClient, type HttpTap, type ProviderEndpoint } from './client.js';
import { classifyError, ProviderRequestError } from './errors.js';
import type { ProviderErrorCode } from '../../shared/messages.js';

/** Used when a model-list request sets no `timeoutMs`: the settings screen should answer quickly. */
export const DEFAULT_LIST_TIMEOUT_MS = 15_000;

/** Where to list models; `timeoutMs` bounds the whole request (default 15 s). */
export interface ModelListRequest extends ProviderEndpoint {
  timeoutMs?: number;
}

/** The outcome of `testConnection`: `ok` means the endpoint answered the model list with this key. `message` is English; the settings layer localizes by `code` (failures) or `modelFound`. */
export interface ProviderConnectionResult {
  ok: boolean;
  /** Set when `ok` is false. */
  code?: ProviderErrorCode;
  message: string;
  /** How many models the endpoint listed, when the list arrived. */
  modelCount?: number;
  /** Whether the requested model is in the list; absent when no model was given or the list failed. */
  modelFound?: boolean;
}

/** Sorted, de-duplicated model ids from GET {baseUrl}/models. Rejects with a ProviderRequestError (code + message). */
export async function listModels(request: ModelListRequest, signal?: AbortSignal): Promise<string[]> {
  return (await listModelsAsListed(request, signal)).sort();
}

/**
 * De-duplicated model ids from GET {baseUrl}/models in the order the server lists them (Ollama puts the model used or
 * pulled last first). Rejects like `listModels`.
 */
export async function listModelsAsListed(request: ModelListRequest, signal?: AbortSignal): Promise<string[]> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  let body: unknown;
  const tap: HttpTap = {};
  try {
    body = await createClient(request, timeoutMs, { tap }).get<unknown>('/models', signal ? { signal } : {});
  } catch (error) {
    const rawBody = tap.errorBody !== undefined ? { rawBody: tap.errorBody } : {};
    const { code, message } = classifyError(error, {
      baseUrl: request.baseUrl,
      apiKey: request.apiKey,
      responded: false,
      timeoutMs,
      ...rawBody,
    });
    throw new ProviderRequestError(code, message);
  }
  const ids = modelIds(body);
  if (!ids) throw new ProviderRequestError('bad_response', 'The model list is not in the OpenAI format');
  return [...new Set(ids)];
}

/** Lists models and reports whether `model` is among them. Never throws. */
export async function testConnection(
  request: ModelListRequest & { model?: string },
  signal?: AbortSignal,
): Promise<ProviderConnectionResult> {
  let ids: string[];
  try {
    ids = await listModels(request, signal);
  } catch (error) {
    const { code, message } = error instanceof ProviderRequestError ? error : new ProviderRequestError('unknown', 'Unexpected error');
    return { ok: false, code, message };
  }
  const count = `${ids.length} model${ids.length === 1 ? '' : 's'}`;
  if (!request.model) return { ok: true, message: `Connected: ${count} available`, modelCount: ids.length };
  if (ids.includes(request.model)) {
    return { ok: true, message: `Connected: model "${request.model}" is available (${count})`, modelCount: ids.length, modelFound: true };
  }
  // Still ok: some gateways serve models they do not list, so a missing entry is a warning, not a failure.
  return {
    ok: true,
    message: `Connected, but model "${request.model}" is not among the ${count} listed`,
    modelCount: ids.length,
    modelFound: false,
  };
}

/** `{ data: [{ id }] }` (OpenAI) or a bare array of `{ id }`; undefined when neither. */
function modelIds(body: unknown): string[] | undefined {
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((m: unknown) => {
    const id = (m as { id?: unknown } | null)?.id;
    return typeof id === 'string' && id !== '' ? [id] : [];
  });
}
