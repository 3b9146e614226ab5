// The OpenAI-compatible provider: streaming (`streamOpenAI`), model listing and connection checks.
export { streamOpenAI, DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_FIRST_TOKEN_TIMEOUT_MS } from './stream-openai.js';
export {
  listModels,
  listModelsAsListed,
  testConnection,
  DEFAULT_LIST_TIMEOUT_MS,
  type ModelListRequest,
  type ProviderConnectionResult,
} from './models.js';
export type { ProviderEndpoint } from './client.js';
export { classifyError, scrubSecrets, ProviderRequestError, type ProviderError } from './errors.js';
export { toOpenAIMessages, toOpenAITools } from './replay.js';
export { buildChatRequest } from './request.js';
