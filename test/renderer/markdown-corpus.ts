// A deterministic, model-like markdown document (headings, paragraphs with inline markup, tight and loose lists,
// nested lists, fenced code, tables, quotes, math) for the streaming tests and the bench, and a way to cut it into chunks.

/** A small seeded generator (mulberry32), so every run streams the same document in the same chunks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the model returns a stream of tokens and each chunk extends the answer while the view keeps up with layout ' +
  'render state cache session message block parser buffer request response value index offset range window ' +
  'server client queue event handler promise result error retry timeout budget context history summary'
).split(' ');

/**
 * How formulas are written: with every delimiter we read (`$…$`, `\(…\)`, `$$…$$`, `\[…\]`), or only between `$$`
 * (the one delimiter remark-math reads as we do once single dollars are left to prices, as in `$5 and $10`).
 */
export type MathDelimiters = 'all' | 'double dollars';

const INLINE_MATH: Record<MathDelimiters, readonly string[]> = {
  all: ['$x^2 + y^2 = r^2$', '\\(\\alpha_i \\le \\beta\\)', '$O(n \\log n)$', 'a price of $5 and $10'],
  'double dollars': ['$$x^2 + y^2 = r^2$$', '$$\\alpha_i \\le \\beta$$', '$$O(n \\log n)$$', 'a price of $5 and $10'],
};
const DISPLAY_MATH: Record<MathDelimiters, readonly string[]> = {
  all: ['$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$', '\\[\\int_0^1 x^2\\,dx = \\frac{1}{3}\\]'],
  'double dollars': ['$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$', '$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$'],
};

/** A document of about `size` characters (the same structure whichever math delimiters). */
export function sampleMarkdown(size: number, seed = 7, math: MathDelimiters = 'all'): string {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const int = (min: number, max: number): number => min + Math.floor(rnd() * (max - min + 1));
  const words = (count: number): string => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const inline = (): string => {
    const r = rnd();
    if (r < 0.15) return `**${words(int(1, 3))}**`;
    if (r < 0.27) return `\`${pick(WORDS)}()\``;
    if (r < 0.35) return `[${words(int(1, 3))}](https://example.com/${pick(WORDS)})`;
    if (r < 0.42) return `*${words(int(1, 2))}*`;
    if (r < 0.45) return pick(INLINE_MATH[math]);
    return words(int(3, 9));
  };
  const sentence = (): string => {
    const parts = Array.from({ length: int(2, 5) }, inline).join(' ');
    return `${parts.charAt(0).toUpperCase()}${parts.slice(1)}.`;
  };
  const paragraph = (min: number, max: number): string => {
    const target = int(min, max);
    let text = sentence();
    while (text.length < target) text += ` ${sentence()}`;
    return text;
  };
  const code = (): string => {
    const lang = pick(['ts', 'js', 'python', 'bash', 'json', '']);
    const lines = Array.from(
      { length: int(4, 40) },
      (_, i) => `${'  '.repeat(i % 3)}const ${pick(WORDS)}${i} = ${pick(WORDS)}(${int(0, 99)}); // ${words(int(1, 5))}`,
    );
    return `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``;
  };
  const table = (): string => {
    const cols = int(2, 5);
    const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
    const header = row(Array.from({ length: cols }, () => words(1)));
    const rule = row(Array.from({ length: cols }, (_, i) => (i === 0 ? ':---' : '---')));
    const rows = Array.from({ length: int(3, 14) }, () =>
      row(Array.from({ length: cols }, () => (rnd() < 0.3 ? `\`${pick(WORDS)}\`` : words(int(1, 4))))),
    );
    return [header, rule, ...rows].join('\n');
  };
  const tightList = (): string =>
    Array.from({ length: int(3, 8) }, (_, i) => {
      const item = `- ${paragraph(20, 140)}`;
      return i % 3 === 2 ? `${item}\n  - ${paragraph(20, 80)}\n  - ${paragraph(20, 80)}` : item;
    }).join('\n');
  const looseList = (): string =>
    Array.from({ length: int(3, 6) }, (_, i) => `${i + 1}. **${words(2)}**: ${paragraph(60, 320)}`).join('\n\n');
  const quote = (): string => `> ${paragraph(60, 240)}\n> ${paragraph(30, 120)}`;

  const blocks: string[] = [`# ${words(4)}`, paragraph(100, 400)];
  let length = blocks.join('\n\n').length;
  while (length < size) {
    const r = rnd();
    const block =
      r < 0.06
        ? `## ${words(int(2, 6))}`
        : r < 0.4
          ? paragraph(80, 700)
          : r < 0.52
            ? tightList()
            : r < 0.62
              ? looseList()
              : r < 0.78
                ? code()
                : r < 0.88
                  ? table()
                  : r < 0.95
                    ? quote()
                    : r < 0.97
                      ? '---'
                      : r < 0.985
                        ? pick(DISPLAY_MATH[math])
                        : `### ${words(int(2, 5))}`;
    blocks.push(block);
    length += block.length + 2;
  }
  return blocks.join('\n\n');
}

/** `text` cut into `count` chunks of varying size (as a model's deltas would arrive). */
export function chunksOf(text: string, count: number, seed = 11): string[] {
  const rnd = random(seed);
  const weights = Array.from({ length: count }, () => 0.5 + rnd());
  const total = weights.reduce((sum, w) => sum + w, 0);
  const chunks: string[] = [];
  let at = 0;
  weights.forEach((w, i) => {
    const end = i === count - 1 ? text.length : Math.min(text.length, at + Math.max(1, Math.round((w / total) * text.length)));
    chunks.push(text.slice(at, end));
    at = end;
  });
  return chunks;
}
