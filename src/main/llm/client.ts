// One configured `openai` client per request. Retries are off so failures surface at once (the session layer
// decides about retrying); logging is off so nothing the SDK prints can carry request details or the key;
// organization/project are pinned to null so stray OPENAI_* environment variables add no headers.
import OpenAI from 'openai';

/** Where to send requests. `apiKey` never leaves the main process. */
export interface ProviderEndpoint {
  baseUrl: string;
  apiKey?: string;
}

/** Builds a client for `endpoint`; `timeoutMs` is the SDK's own limit (ours are enforced separately). Never throws. */
export function createClient(endpoint: ProviderEndpoint, timeoutMs: number): OpenAI {
  const keyless = !endpoint.apiKey;
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // Local servers (Ollama, LM Studio) need no key; the SDK insists on one, so send none at all instead.
    apiKey: keyless ? 'no-key' : endpoint.apiKey,
    ...(keyless ? { defaultHeaders: { Authorization: null } } : {}),
    adminAPIKey: null,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: Math.max(1, Math.ceil(timeoutMs)),
    logLevel: 'off',
  });
}
