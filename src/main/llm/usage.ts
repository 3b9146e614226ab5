// Provider usage → our Usage buckets. `input` excludes cached prompt tokens; `output` includes reasoning, everywhere;
// `totalTokens` is the provider's own total when it sends one. xAI (and some gateways in front of it) report
// `completion_tokens` without the reasoning tokens: we know it when prompt + completion + reasoning is exactly the
// reported total, and then add the reasoning back, so stored totals are what the provider billed.
import type { Usage } from '../../shared/messages.js';

/** The OpenAI usage object plus the DeepSeek / Moonshot cache fields; every field may be missing. */
export interface WireUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
  prompt_cache_hit_tokens?: number | null;
  cached_tokens?: number | null;
}

/** The usage a chunk carries: top level, on the choice, or Groq's older `x_groq.usage`; undefined when none. */
export function chunkUsage(chunk: Record<string, unknown>, choice: Record<string, unknown> | undefined): WireUsage | undefined {
  const candidates = [chunk.usage, choice?.usage, (chunk.x_groq as { usage?: unknown } | undefined)?.usage];
  for (const candidate of candidates) {
    if (candidate && typeof candidate === 'object' && !Array.isArray(candidate)) return candidate as WireUsage;
  }
  return undefined;
}

/** Maps one usage report. Pure; missing numbers count as 0. */
export function mapUsage(wire: WireUsage): Usage {
  const prompt = num(wire.prompt_tokens);
  const cacheRead = Math.min(prompt, num(wire.prompt_tokens_details?.cached_tokens ?? wire.prompt_cache_hit_tokens ?? wire.cached_tokens));
  const input = prompt - cacheRead;
  const completion = num(wire.completion_tokens);
  const reasoning = num(wire.completion_tokens_details?.reasoning_tokens);
  const total = num(wire.total_tokens);
  const reasoningExcluded = reasoning > 0 && total > 0 && total !== prompt + completion && total === prompt + completion + reasoning;
  const output = reasoningExcluded ? completion + reasoning : completion;
  return { input, output, reasoning, cacheRead, totalTokens: total > 0 ? total : input + output + cacheRead };
}

function num(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
