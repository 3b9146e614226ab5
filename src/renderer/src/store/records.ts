// Small immutable helpers for the store's per-session records (composer text, banners, files by session key).

/** `record` without `key`; the same object when it had no such key (selectors see no change). */
export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}
