// The numbered sources of a chat's run: a base's passages numbered first, an attached document's parts after them,
// the same part given again keeping its number, and only the numbers an answer uses becoming its citations.
import { describe, expect, it } from 'vitest';
import { CitationLedgers } from '../../../src/main/knowledge/citation-ledger.js';

const passage = (file: string, label: string, text: string, page?: number) => ({
  kbId: 'kb-1',
  file,
  label,
  text,
  score: 1,
  ...(page !== undefined && { page }),
});
const kettle = { sha256: 'a'.repeat(64), name: 'kettle.pdf' };
const page = (n: number, text: string) => ({ label: `Page ${n}`, page: n, text });

describe('citation ledgers', () => {
  it('numbers base passages, then attached parts; a part given again keeps its number', () => {
    const ledgers = new CitationLedgers();
    expect(
      ledgers.number('chat', [passage('/kb/tea.md', 'Green', 'Brew at 80 degrees.'), passage('/kb/lava.md', 'Lava', 'It rises.')]),
    ).toBe(1);
    expect(ledgers.numberAttached('chat', kettle, [page(1, 'Welcome.'), page(3, 'Covered for 36 months.')])).toEqual([3, 4]);
    // The next request of the same run carries the same pages, and one more.
    expect(ledgers.numberAttached('chat', kettle, [page(3, 'Covered for 36 months.'), page(4, 'Descale monthly.')])).toEqual([4, 5]);
    expect(ledgers.citationsIn('chat', 'Brew at 80 [1]; the plate is covered for 36 months [4]. Not [9].')).toEqual([
      { n: 1, kbId: 'kb-1', file: '/kb/tea.md', label: 'Green', text: 'Brew at 80 degrees.' },
      { n: 4, attachment: kettle.sha256, file: 'kettle.pdf', label: 'Page 3', page: 3, text: 'Covered for 36 months.' },
    ]);
  });

  it('a new run of the chat starts again at 1 and cites nothing of the last; other chats keep theirs', () => {
    const ledgers = new CitationLedgers();
    ledgers.numberAttached('chat', kettle, [page(1, 'Welcome.')]);
    ledgers.numberAttached('other', kettle, [page(2, 'Fill with cold water.')]);
    ledgers.reset('chat');
    expect(ledgers.citationsIn('chat', 'Welcome [1].')).toBeUndefined();
    expect(ledgers.numberAttached('chat', kettle, [page(2, 'Fill with cold water.')])).toEqual([1]);
    expect(ledgers.citationsIn('other', 'Cold water [1].')).toEqual([
      { n: 1, attachment: kettle.sha256, file: 'kettle.pdf', label: 'Page 2', page: 2, text: 'Fill with cold water.' },
    ]);
  });
});
