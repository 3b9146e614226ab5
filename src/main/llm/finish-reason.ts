// `finish_reason` → stop reason. Unknown values (e.g. `content_filter`) are failures that name the raw value.
import { providerError, type ProviderError } from './errors.js';

/** A stop reason for a known finish reason, or the failure to report for an unknown one. */
export type FinishOutcome = { stopReason: 'stop' | 'length' | 'toolUse' } | { error: ProviderError };

/** Maps a provider finish reason. Pure. */
export function mapFinishReason(reason: string | null): FinishOutcome {
  switch (reason) {
    case null:
    case 'stop':
    case 'end':
      return { stopReason: 'stop' };
    case 'length':
      return { stopReason: 'length' };
    case 'tool_calls':
    case 'function_call':
      return { stopReason: 'toolUse' };
    default:
      return { error: providerError('bad_response', 'finish_reason', { reason }) };
  }
}

/** The finish reason so far after another arrives: the last one wins, except that a later `stop` never hides an
 * earlier tool-call reason (OpenRouter/Gemini send `tool_calls` and then `stop`), or the tools would not run. */
export function mergeFinishReason(previous: string | undefined, next: string): string {
  if ((previous === 'tool_calls' || previous === 'function_call') && next === 'stop') return previous;
  return next;
}
