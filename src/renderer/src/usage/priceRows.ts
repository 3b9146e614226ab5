// A provider's prices as the editor holds them (text as typed, one row per model) and back. Pure.
import type { ModelPrices } from '../../../shared/usage';

/** One model's prices as typed; empty cached input means "as input". */
export interface PriceRow {
  model: string;
  input: string;
  output: string;
  cachedInput: string;
}

export const PRICE_MAX = 1_000_000;

export function priceRowsOf(prices: ModelPrices | undefined): PriceRow[] {
  return Object.entries(prices ?? {}).map(([model, price]) => ({
    model,
    input: String(price.input),
    output: String(price.output),
    cachedInput: price.cachedInput === undefined ? '' : String(price.cachedInput),
  }));
}

/**
 * The rows as prices; blank rows are dropped. Undefined when a row is incomplete or a number is out of range — the
 * editor says so rather than saving half a price. A model named twice keeps its last row.
 */
export function pricesFromRows(rows: readonly PriceRow[]): ModelPrices | undefined {
  const prices: ModelPrices = {};
  for (const row of rows) {
    const model = row.model.trim();
    if (!model && !row.input.trim() && !row.output.trim() && !row.cachedInput.trim()) continue;
    const input = amount(row.input);
    const output = amount(row.output);
    const cached = row.cachedInput.trim() ? amount(row.cachedInput) : null;
    if (!model || input === undefined || output === undefined || cached === undefined) return undefined;
    prices[model] = { input, output, ...(cached !== null && { cachedInput: cached }) };
  }
  return prices;
}

function amount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 && n <= PRICE_MAX ? n : undefined;
}
