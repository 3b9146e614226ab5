// A knowledge base's vectors held for hybrid retrieval: one matrix in WebAssembly memory, scored against a question
// by dots.wat (SIMD, about 4× the plain loop: 28,000 chunks × 1,024 dimensions in ~12 ms), with the plain loop where
// WebAssembly cannot run. Rows are padded with zeros to a multiple of 4 dimensions; padding adds nothing to a dot.
import { DOTS_WASM_BASE64 } from './dots-wasm.js';

interface DotsExports {
  memory: WebAssembly.Memory;
  dots(q: number, m: number, n: number, dims: number, out: number): void;
}

let compiled: WebAssembly.Module | null | undefined;
function dotsModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(DOTS_WASM_BASE64, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

const PAGE = 65_536;

export class VectorMatrix {
  readonly rows: number;
  readonly dims: number;
  private readonly padded: number;
  private readonly wasm: DotsExports | undefined;
  private readonly matrix: Float32Array;
  private readonly query: Float32Array;
  private readonly out: Float32Array;
  private readonly offsets = { q: 0, m: 0, out: 0 };

  /** `vectors`: rows of `dims` floats each; `forceLoop`: the plain loop even where WebAssembly runs (tests). */
  constructor(vectors: readonly Float32Array[], dims: number, forceLoop = false) {
    this.rows = vectors.length;
    this.dims = dims;
    this.padded = Math.ceil(dims / 4) * 4;
    const rowBytes = this.padded * 4;
    this.offsets = { q: 0, m: rowBytes, out: rowBytes + this.rows * rowBytes };
    const bytes = this.offsets.out + this.rows * 4;
    const module = forceLoop ? null : dotsModule();
    let wasm: DotsExports | undefined;
    if (module) {
      try {
        const instance = new WebAssembly.Instance(module, {});
        wasm = instance.exports as unknown as DotsExports;
        const have = wasm.memory.buffer.byteLength;
        if (bytes > have) wasm.memory.grow(Math.ceil((bytes - have) / PAGE));
      } catch {
        // Too large for one memory, or WebAssembly refused: the plain loop over an ordinary array.
        wasm = undefined;
      }
    }
    this.wasm = wasm;
    const buffer = wasm ? wasm.memory.buffer : new ArrayBuffer(bytes);
    this.query = new Float32Array(buffer, this.offsets.q, this.padded);
    this.matrix = new Float32Array(buffer, this.offsets.m, this.rows * this.padded);
    this.out = new Float32Array(buffer, this.offsets.out, this.rows);
    vectors.forEach((vector, i) => this.matrix.set(vector.subarray(0, dims), i * this.padded));
  }

  /** True when scores run in WebAssembly. */
  get simd(): boolean {
    return this.wasm !== undefined;
  }

  /** The dot product of `q` (of `dims` floats) with every row, in row order; valid until the next call. */
  scores(q: Float32Array): Float32Array {
    this.query.fill(0);
    this.query.set(q.subarray(0, this.dims));
    if (this.wasm) {
      this.wasm.dots(this.offsets.q, this.offsets.m, this.rows, this.padded, this.offsets.out);
      return this.out;
    }
    const { matrix, query, padded, out } = this;
    for (let r = 0; r < this.rows; r++) {
      let sum = 0;
      const offset = r * padded;
      for (let d = 0; d < padded; d++) sum += query[d]! * matrix[offset + d]!;
      out[r] = sum;
    }
    return out;
  }
}
