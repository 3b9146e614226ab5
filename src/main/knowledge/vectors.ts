// Vectors stored compactly: unit-normalised Float32 BLOBs (4 bytes a dimension), compared by dot product (= cosine) in the worker.
export function packVector(values: readonly number[]): Uint8Array {
  let norm = 0;
  for (const v of values) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i += 1) out[i] = values[i]! / norm;
  return new Uint8Array(out.buffer);
}

export function unpackVector(blob: Uint8Array): Float32Array {
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer);
}

/** Reciprocal rank fusion of ranked lists of ids (k = 60, the usual constant). */
export function fuseRanks(lists: ReadonlyArray<readonly number[]>, k = 60): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of lists) list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1)));
  return scores;
}
