// Token usage and cost as people read them: which counts of an answer are known, what a chat's shown answers add up
// to per model, and what they cost at the prices the person set. Pure, shared by main (totals) and renderer (cost).
//
// A count of 0 is never shown: an answer whose provider sent no usage is stored with every count at 0, so 0 cannot
// be told apart from "not reported" — and a reported 0 says nothing worth a figure either.
import type { AssistantMessage, Message, Usage } from './messages.js';

/** Prices one person set for one model, in their currency per million tokens. */
export interface ModelPrice {
  /** Per million prompt tokens not served from the cache. */
  input: number;
  /** Per million output tokens (reasoning included: providers bill it as output). */
  output: number;
  /** Per million prompt tokens served from the cache; absent: the input price. */
  cachedInput?: number;
}

/** Prices of one provider's models, by model id. */
export type ModelPrices = Record<string, ModelPrice>;

/** The counts of one answer a person is shown; a field is absent when it is unknown (or 0). */
export interface KnownUsage {
  input?: number;
  cached?: number;
  output?: number;
  reasoning?: number;
}

/** What the shown answers of one model add up to. Only answers that reported usage count. */
export interface UsageTotal {
  /** The provider that produced them (settings id); absent for answers stored before it was recorded. */
  providerId?: string;
  model: string;
  /** Answers that reported usage. */
  answers: number;
  input: number;
  cached: number;
  output: number;
  reasoning: number;
}

/** An answer's known counts; `undefined` when the provider reported none. */
export function knownUsage(usage: Usage): KnownUsage | undefined {
  const known: KnownUsage = {};
  if (usage.input > 0) known.input = usage.input;
  if (usage.cacheRead > 0) known.cached = usage.cacheRead;
  if (usage.output > 0) known.output = usage.output;
  if (usage.reasoning > 0) known.reasoning = usage.reasoning;
  return Object.keys(known).length ? known : undefined;
}

/** Cost of these counts at `price`; `undefined` without a price or without any priced count. */
export function costOf(counts: { input?: number; cached?: number; output?: number }, price: ModelPrice | undefined): number | undefined {
  if (!price) return undefined;
  const input = counts.input ?? 0;
  const cached = counts.cached ?? 0;
  const output = counts.output ?? 0;
  if (input + cached + output === 0) return undefined;
  return (input * price.input + cached * (price.cachedInput ?? price.input) + output * price.output) / 1_000_000;
}

/** The price of an answer's model: its provider's price, or — for an answer without provider — the one price set for that model id. */
export function priceFor(
  providers: ReadonlyArray<{ id: string; prices?: ModelPrices }>,
  providerId: string | undefined,
  model: string,
): ModelPrice | undefined {
  if (providerId !== undefined) return providers.find((p) => p.id === providerId)?.prices?.[model];
  const found = providers.flatMap((p) => (p.prices?.[model] ? [p.prices[model]] : []));
  return found.length === 1 ? found[0] : undefined;
}

/** Sums the answers among `messages` per provider and model, in the order the models first answered. */
export function usageTotals(messages: readonly Message[]): UsageTotal[] {
  const totals = new Map<string, UsageTotal>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const known = knownUsage(message.usage);
    if (!known) continue;
    const key = `${message.providerId ?? ''}\u0000${message.model}`;
    let total = totals.get(key);
    if (!total) {
      total = { ...providerOf(message), model: message.model, answers: 0, input: 0, cached: 0, output: 0, reasoning: 0 };
      totals.set(key, total);
    }
    total.answers += 1;
    total.input += known.input ?? 0;
    total.cached += known.cached ?? 0;
    total.output += known.output ?? 0;
    total.reasoning += known.reasoning ?? 0;
  }
  return [...totals.values()];
}

function providerOf(message: AssistantMessage): { providerId?: string } {
  return message.providerId !== undefined ? { providerId: message.providerId } : {};
}

/** Currency symbols offered in Settings; the first is the default. */
export const CURRENCY_SYMBOLS = ['$', '¥', '€', '£'] as const;
export type CurrencySymbol = (typeof CURRENCY_SYMBOLS)[number];

/** A cost as a plain number after the symbol: cents from 1 up, else enough digits that a small cost never reads as 0. */
export function formatCost(cost: number, symbol: string): string {
  if (cost >= 1) return `${symbol}${cost.toFixed(2)}`;
  if (cost > 0 && cost < 0.000_001) return `<${symbol}0.000001`;
  const text = cost.toFixed(cost >= 0.01 ? 4 : 6).replace(/(\.\d*?[1-9])0+$|\.0+$/, '$1');
  return `${symbol}${text}`;
}
