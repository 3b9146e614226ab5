// The provider editor's one list of models, pure: the models offered in chats first (in their order), then those the
// provider lists or the person typed, each once; a row keeps its place when it is ticked or unticked, so nothing
// jumps away under the pointer. Which model the provider starts a chat with follows from what is offered.

/** One model of the provider's list and whether chats offer it. */
export interface ModelRow {
  model: string;
  offered: boolean;
}

/** The rows of a provider offering `offered`. */
export function rowsOf(offered: readonly string[]): ModelRow[] {
  return unique(offered).map((model) => ({ model, offered: true }));
}

/** `rows` and, after them, the models of `listed` not in them yet (not offered). */
export function withListed(rows: readonly ModelRow[], listed: readonly string[]): ModelRow[] {
  const known = new Set(rows.map((row) => row.model));
  return [...rows, ...unique(listed.filter((model) => !known.has(model))).map((model) => ({ model, offered: false }))];
}

/** `rows` with `name` offered: ticked where it is, or added at the end. Blank names change nothing. */
export function withTyped(rows: readonly ModelRow[], name: string): ModelRow[] {
  const model = name.trim();
  if (!model) return [...rows];
  if (rows.some((row) => row.model === model)) return rows.map((row) => (row.model === model ? { ...row, offered: true } : row));
  return [...rows, { model, offered: true }];
}

/** `rows` with `model` ticked or not. */
export function withOffered(rows: readonly ModelRow[], model: string, offered: boolean): ModelRow[] {
  return rows.map((row) => (row.model === model ? { ...row, offered } : row));
}

/** The models offered, in the list's order. */
export function offeredModels(rows: readonly ModelRow[]): string[] {
  return rows.filter((row) => row.offered).map((row) => row.model);
}

/**
 * The model a chat on this provider starts with: the app's default model when it is this provider's and still
 * offered, else the provider's current one if still offered, else the first offered; '' when nothing is.
 */
export function startingModel(offered: readonly string[], current: string, appDefault: string | undefined): string {
  if (appDefault !== undefined && offered.includes(appDefault)) return appDefault;
  if (offered.includes(current)) return current;
  return offered[0] ?? '';
}

/** Rows whose model contains `filter` (case-insensitive). */
export function filterRows(rows: readonly ModelRow[], filter: string): ModelRow[] {
  const needle = filter.trim().toLowerCase();
  return needle ? rows.filter((row) => row.model.toLowerCase().includes(needle)) : [...rows];
}

function unique(models: readonly string[]): string[] {
  return [...new Set(models.map((model) => model.trim()).filter(Boolean))];
}
