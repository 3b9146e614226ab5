// What the chat's total shows: tokens of the shown answers (main's per-model sums) and their cost when every model
// in them has a price. Pure, so the rule is tested by table.
import type { SettingsView } from '../../../shared/settings';
import { costOf, priceFor, type UsageTotal } from '../../../shared/usage';

export interface ChatTotal {
  input: number;
  cached: number;
  output: number;
  reasoning: number;
  /** Every token counted: input, cached input and output (reasoning is part of output). */
  tokens: number;
  answers: number;
  /** Undefined while some model in the sum has no price. */
  cost?: number;
  /** Models whose answers are counted but have no price. */
  unpriced: string[];
}

/** Undefined when no shown answer reported usage: nothing is shown rather than zeros. */
export function chatTotal(totals: readonly UsageTotal[] | undefined, settings: SettingsView | null): ChatTotal | undefined {
  if (!totals?.length) return undefined;
  const sum: ChatTotal = { input: 0, cached: 0, output: 0, reasoning: 0, tokens: 0, answers: 0, unpriced: [] };
  let cost = 0;
  for (const total of totals) {
    sum.input += total.input;
    sum.cached += total.cached;
    sum.output += total.output;
    sum.reasoning += total.reasoning;
    sum.answers += total.answers;
    const part = costOf(total, priceFor(settings?.providers ?? [], total.providerId, total.model));
    if (part === undefined) {
      if (!sum.unpriced.includes(total.model)) sum.unpriced.push(total.model);
    } else cost += part;
  }
  sum.tokens = sum.input + sum.cached + sum.output;
  if (sum.tokens === 0) return undefined;
  if (sum.unpriced.length === 0) sum.cost = cost;
  return sum;
}
