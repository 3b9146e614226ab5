// An OpenAI-compatible `/embeddings` client (OpenAI, SiliconFlow BGE, Qwen, Ollama, LM Studio all speak it). Texts go
// in batches; the answer's vectors are put back in input order by their `index`.
export interface EmbeddingEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export type Embedder = (texts: readonly string[], signal?: AbortSignal) => Promise<number[][]>;

/** Texts per request: big enough for throughput, small enough that parsing an answer's vectors stays a short task. */
const BATCH = 32;

export function makeEmbedder(endpoint: EmbeddingEndpoint, fetchImpl: typeof fetch = fetch): Embedder {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/embeddings`;
  return async (texts, signal) => {
    const out: number[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const input = texts.slice(start, start + BATCH);
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: endpoint.model, input }),
        ...(signal ? { signal } : {}),
      });
      if (!response.ok) throw new Error(`embeddings: HTTP ${response.status}`);
      const body = (await response.json()) as { data?: Array<{ index?: number; embedding?: unknown }> };
      const data = body.data ?? [];
      if (data.length !== input.length) throw new Error(`embeddings: ${data.length} vectors for ${input.length} texts`);
      const sorted = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      for (const item of sorted) {
        if (!Array.isArray(item.embedding) || !item.embedding.every((v) => typeof v === 'number'))
          throw new Error('embeddings: an answer without a vector');
        out.push(item.embedding);
      }
    }
    return out;
  };
}
