// Chunks keep to their part (a citation names one page) and overlap across a cut; vectors are 4 bytes a dimension.
import { describe, expect, it } from 'vitest';
import { chunkParts } from '../../../src/main/knowledge/chunker.js';
import { fuseRanks, packVector, unpackVector } from '../../../src/main/knowledge/vectors.js';

describe('chunking and vectors', () => {
  it('cuts at paragraphs within a part, carrying an overlap, and never across parts', () => {
    const para = (n: number) => `Paragraph ${n} ${'x'.repeat(40)}`;
    const chunks = chunkParts(
      [
        { label: 'Page 1', page: 1, text: [1, 2, 3].map(para).join('\n\n') },
        { label: 'Page 2', page: 2, text: 'Short.' },
      ],
      { size: 120, overlap: 20 },
    );
    expect(chunks.map((c) => c.page)).toEqual([1, 1, 2]);
    expect(chunks[0]!.text).toBe(`${para(1)}\n\n${para(2)}`);
    expect(chunks[1]!.text.startsWith('x'.repeat(20))).toBe(true);
    expect(chunks[1]!.text.endsWith(para(3))).toBe(true);
    expect(chunks[2]).toEqual({ label: 'Page 2', page: 2, text: 'Short.' });
  });

  it('stores unit vectors as Float32 BLOBs and fuses ranks by RRF', () => {
    const blob = packVector([3, 4]);
    expect(blob.byteLength).toBe(8);
    expect([...unpackVector(blob)].map((v) => Math.round(v * 10) / 10)).toEqual([0.6, 0.8]);
    const fused = fuseRanks([
      [1, 2],
      [2, 3],
    ]);
    expect([...fused].sort((a, b) => b[1] - a[1])[0]![0]).toBe(2);
  });
});
