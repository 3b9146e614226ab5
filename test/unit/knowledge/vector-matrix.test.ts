// The vector half of hybrid retrieval: dots.wat compiles to exactly the bytes the worker carries, and its scores are
// the plain loop's (to float rounding) for dimensions that are a multiple of 4 and ones that are not.
import fs from 'node:fs';
import path from 'node:path';
import wabtInit from 'wabt';
import { describe, expect, it } from 'vitest';
import { DOTS_WASM_BASE64 } from '../../../src/main/knowledge/dots-wasm.js';
import { VectorMatrix } from '../../../src/main/knowledge/vector-matrix.js';

/** A repeatable pseudo-random vector (no Math.random: a failure shows the same numbers again). */
function vector(seed: number, dims: number): Float32Array {
  const out = new Float32Array(dims);
  let x = seed * 2654435761;
  for (let i = 0; i < dims; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out[i] = x / 2147483648 - 0.5;
  }
  return out;
}

describe('vector matrix', () => {
  it('carries dots.wat as wabt compiles it', async () => {
    const wabt = await wabtInit();
    const source = fs.readFileSync(path.join(__dirname, '../../../src/main/knowledge/dots.wat'), 'utf8');
    const { buffer } = wabt.parseWat('dots.wat', source, { simd: true }).toBinary({});
    expect(Buffer.from(buffer).toString('base64')).toBe(DOTS_WASM_BASE64);
  });

  for (const dims of [1024, 5, 3]) {
    it(`scores every row as the plain loop does (${dims} dimensions), in SIMD`, () => {
      const rows = Array.from({ length: 300 }, (_, i) => vector(i + 1, dims));
      const q = vector(999, dims);
      const simd = new VectorMatrix(rows, dims);
      const loop = new VectorMatrix(rows, dims, true);
      expect([simd.simd, loop.simd]).toEqual([true, false]);
      const expected = rows.map((row) => row.reduce((sum, v, d) => sum + v * q[d]!, 0));
      const fast = [...simd.scores(q)];
      const plain = [...loop.scores(q)];
      fast.forEach((score, r) => expect(score).toBeCloseTo(expected[r]!, 4));
      plain.forEach((score, r) => expect(score).toBeCloseTo(expected[r]!, 4));
      // A second question uses the same memory: its answer is its own.
      const other = vector(7, dims);
      expect(simd.scores(other)[0]).toBeCloseTo(
        rows[0]!.reduce((sum, v, d) => sum + v * other[d]!, 0),
        4,
      );
    });
  }

  it('holds no rows without failing', () => {
    expect([...new VectorMatrix([], 1024).scores(vector(1, 1024))]).toEqual([]);
  });
});
