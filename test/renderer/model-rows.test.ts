// The provider editor's one list of models, pure: offered first, listed after, each once, rows stay put; and the
// model a chat on the provider starts with.
import { describe, expect, it } from 'vitest';
import {
  filterRows,
  offeredModels,
  rowsOf,
  startingModel,
  withListed,
  withOffered,
  withTyped,
} from '../../src/renderer/src/components/settings/providers/modelRows';

describe('model rows', () => {
  it('offered models first, then listed ones not yet in the list; ticking keeps a row where it is', () => {
    let rows = rowsOf(['b', 'a', 'b', ' ']);
    rows = withListed(rows, ['a', 'c', 'd', 'c']);
    expect(rows).toEqual([
      { model: 'b', offered: true },
      { model: 'a', offered: true },
      { model: 'c', offered: false },
      { model: 'd', offered: false },
    ]);
    rows = withOffered(withOffered(rows, 'd', true), 'b', false);
    expect(offeredModels(rows)).toEqual(['a', 'd']);
    expect(rows.map((row) => row.model)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('a typed name is ticked where it is or added at the end; a blank one changes nothing', () => {
    const rows = rowsOf(['a']);
    expect(withTyped(withListed(rows, ['b']), ' b ')).toEqual([
      { model: 'a', offered: true },
      { model: 'b', offered: true },
    ]);
    expect(withTyped(rows, 'new')).toEqual([...rows, { model: 'new', offered: true }]);
    expect(withTyped(rows, '  ')).toEqual(rows);
    expect(filterRows(withListed(rows, ['GPT-4o', 'o3']), 'gpt').map((row) => row.model)).toEqual(['GPT-4o']);
  });

  it.each([
    [['a', 'b'], 'a', 'b', 'b'],
    [['a', 'b'], 'b', undefined, 'b'],
    [['a', 'b'], 'gone', 'also-gone', 'a'],
    [[], 'a', 'a', ''],
  ])('offering %j with current %s and app default %s starts chats on %s', (offered, current, appDefault, expected) => {
    expect(startingModel(offered, current, appDefault)).toBe(expected);
  });
});
