// Provider usage → our Usage buckets. `input` excludes cached prompt tokens; `output` includes reasoning.
import type { Usage } from '../../shared/messages.js';

/** The OpenAI usage object plus the DeepSeek-style cache field; every field may be missing. */
export interface WireUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
  prompt_cache_hit_tokens?: number | null;
}

/** Maps one usage report. Pure; missing numbers count as 0. */
export function mapUsage(wire: WireUsage): Usage {
  const prompt = num(wire.prompt_tokens);
  const cacheRead = num(wire.prompt_tokens_details?.cached_tokens ?? wire.prompt_cache_hit_tokens);
  const input = Math.max(0, prompt - cacheRead);
  const output = num(wire.completion_tokens);
  const reasoning = num(wire.completion_tokens_details?.reasoning_tokens);
  return { input, output, reasoning, cacheRead, totalTokens: input + output + cacheRead };
}

function num(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
