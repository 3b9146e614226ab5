// The rules of usage and cost, and of model-written titles, by table: what is known, what things cost, what a chat
// adds up to, how a reply becomes a name, which language the title request asks for.
import { describe, expect, it } from 'vitest';
import { emptyUsage, type AssistantMessage, type Message, type Usage } from '../../../src/shared/messages';
import { costOf, formatCost, knownUsage, priceFor, usageTotals, type ModelPrices } from '../../../src/shared/usage';
import { cleanTitle, titleRequest, titleSource, writesChinese } from '../../../src/main/sessions/title-writer';
import { pricesFromRows, priceRowsOf } from '../../../src/renderer/src/usage/priceRows';
import { chatTotal } from '../../../src/renderer/src/usage/chatTotal';
import type { SettingsView } from '../../../src/shared/settings';

const usage = (fields: Partial<Usage>): Usage => ({ ...emptyUsage(), ...fields });
const answer = (model: string, fields: Partial<AssistantMessage> = {}): AssistantMessage => ({
  role: 'assistant',
  content: [{ type: 'text', text: 'an answer' }],
  model,
  usage: emptyUsage(),
  stopReason: 'stop',
  timestamp: 1,
  ...fields,
});
const question = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });

describe('known usage', () => {
  it.each([
    ['no usage reported', usage({}), undefined],
    ['only a total (some gateways)', usage({ totalTokens: 90 }), undefined],
    ['input and output', usage({ input: 10, output: 5, totalTokens: 15 }), { input: 10, output: 5 }],
    ['all served from the cache', usage({ cacheRead: 40, output: 5 }), { cached: 40, output: 5 }],
    ['reasoning', usage({ input: 1, output: 9, reasoning: 7 }), { input: 1, output: 9, reasoning: 7 }],
  ])('%s', (_name, given, known) => {
    expect(knownUsage(given)).toEqual(known);
  });
});

describe('cost', () => {
  const price = { input: 2, output: 8 };
  it.each([
    ['no price', { input: 1_000_000 }, undefined, undefined],
    ['nothing counted', {}, price, undefined],
    ['a million in, half a million out', { input: 1_000_000, output: 500_000 }, price, 6],
    ['cached input at the input price when none is set', { cached: 1_000_000 }, price, 2],
    ['cached input at its own price', { cached: 1_000_000 }, { ...price, cachedInput: 0.5 }, 0.5],
  ])('%s', (_name, counts, given, cost) => {
    expect(costOf(counts, given)).toBe(cost);
  });

  it.each([
    [12.345, '$', '$12.35'],
    [1, '¥', '¥1.00'],
    [0.5, '$', '$0.5'],
    [0.01234, '€', '€0.0123'],
    [0.00225, '$', '$0.00225'],
    [0.0000004, '$', '<$0.000001'],
    [0, '$', '$0'],
  ])('%f in %s reads %s', (cost, symbol, text) => {
    expect(formatCost(cost, symbol)).toBe(text);
  });

  it('looks a price up by provider and model; without a provider only an unambiguous model id is priced', () => {
    const providers: Array<{ id: string; prices: ModelPrices }> = [
      { id: 'a', prices: { m: { input: 1, output: 1 } } },
      { id: 'b', prices: { m: { input: 2, output: 2 }, n: { input: 3, output: 3 } } },
    ];
    expect(priceFor(providers, 'b', 'm')).toEqual({ input: 2, output: 2 });
    expect(priceFor(providers, 'c', 'm')).toBeUndefined();
    expect(priceFor(providers, undefined, 'n')).toEqual({ input: 3, output: 3 });
    expect(priceFor(providers, undefined, 'm')).toBeUndefined();
  });
});

describe('a chat’s totals', () => {
  const branch: Message[] = [
    question('q1'),
    answer('m', { providerId: 'a', usage: usage({ input: 100, cacheRead: 20, output: 30, reasoning: 10 }) }),
    question('q2'),
    answer('m', { providerId: 'a', usage: usage({ input: 200, output: 40 }) }),
    answer('local', { providerId: 'b' }),
    answer('m', { providerId: 'c', usage: usage({ input: 5, output: 5 }) }),
  ];

  it('sums per provider and model the answers that reported usage, in the order models first answered', () => {
    expect(usageTotals(branch)).toEqual([
      { providerId: 'a', model: 'm', answers: 2, input: 300, cached: 20, output: 70, reasoning: 10 },
      { providerId: 'c', model: 'm', answers: 1, input: 5, cached: 0, output: 5, reasoning: 0 },
    ]);
    expect(usageTotals([question('q'), answer('m')])).toEqual([]);
  });

  it('costs the sum only when every counted model has a price, and names the ones that have none', () => {
    const settings = (prices: Record<string, Record<string, { input: number; output: number }>>) =>
      ({ providers: Object.entries(prices).map(([id, p]) => ({ id, prices: p })) }) as unknown as SettingsView;
    const totals = usageTotals(branch);
    const one = chatTotal(totals, settings({ a: { m: { input: 1, output: 2 } } }));
    expect(one).toMatchObject({ tokens: 305 + 20 + 75, answers: 3, unpriced: ['m'] });
    expect(one?.cost).toBeUndefined();
    const both = chatTotal(totals, settings({ a: { m: { input: 1, output: 2 } }, c: { m: { input: 10, output: 10 } } }));
    // (300 + 20) × 1 + 70 × 2 + (5 + 5) × 10 = 560 per million.
    expect(both?.cost).toBeCloseTo(0.00056, 10);
    expect(chatTotal([], null)).toBeUndefined();
    expect(chatTotal(undefined, null)).toBeUndefined();
  });
});

describe('prices as typed', () => {
  it('reads complete rows, drops blank ones, and refuses half a price or a number out of range', () => {
    const row = (model: string, input: string, output: string, cachedInput = '') => ({ model, input, output, cachedInput });
    expect(pricesFromRows([row(' m ', '0.15', '0.6'), row('', '', ''), row('n', '1', '2', '0.1')])).toEqual({
      m: { input: 0.15, output: 0.6 },
      n: { input: 1, output: 2, cachedInput: 0.1 },
    });
    expect(pricesFromRows([row('m', '1', '')])).toBeUndefined();
    expect(pricesFromRows([row('', '1', '2')])).toBeUndefined();
    expect(pricesFromRows([row('m', '-1', '2')])).toBeUndefined();
    expect(pricesFromRows([row('m', '1', '2', 'x')])).toBeUndefined();
    expect(pricesFromRows([row('m', '1', '2000001')])).toBeUndefined();
    expect(priceRowsOf({ m: { input: 1, output: 2, cachedInput: 0.5 } })).toEqual([row('m', '1', '2', '0.5')]);
  });
});

describe('titles', () => {
  it('are written from the first question and its first complete text answer', () => {
    expect(titleSource([question('q'), answer('m', { stopReason: 'error' }), answer('m')])).toEqual({
      question: 'q',
      answer: 'an answer',
      reasons: false,
    });
    expect(
      titleSource([
        question('q'),
        answer('m', {
          content: [
            { type: 'thinking', thinking: 'hmm' },
            { type: 'text', text: 'a' },
          ],
        }),
      ]),
    ).toMatchObject({ reasons: true });
    expect(titleSource([question('q'), answer('m', { stopReason: 'aborted' })])).toBeUndefined();
    expect(titleSource([question('q'), answer('m', { content: [] }), question('q2'), answer('m')])).toBeUndefined();
    expect(titleSource([question('q')])).toBeUndefined();
  });

  it.each([
    ['Bread Basics', 'Bread Basics'],
    ['"Sourdough at Home."', 'Sourdough at Home'],
    ['Title: **Kneading Dough**', 'Kneading Dough'],
    ['# Weekly Report\nsecond line', 'Weekly Report'],
    ['标题：《家庭面包入门》。', '家庭面包入门'],
    ['“周报整理”', '周报整理'],
    ['  \n  ', undefined],
    ['""', undefined],
    ['A title that goes on far longer than anyone would want in a sidebar', 'A title that goes on far longer than an…'],
  ])('%j becomes %j', (reply, title) => {
    expect(cleanTitle(reply)).toBe(title);
  });

  it('ask in Chinese for a Chinese chat, and otherwise in the language the person writes in', () => {
    expect(writesChinese('在家怎么做面包？')).toBe(true);
    expect(writesChinese('パンの作り方を教えて')).toBe(false);
    expect(writesChinese('how do I bake bread')).toBe(false);
    const zh = titleRequest({ question: '在家怎么做面包？', answer: '先混合面粉和水。', reasons: false });
    expect(zh.map((m) => m.role)).toEqual(['system', 'user']);
    expect(zh[0]!.content).toContain('请用中文');
    const fr = titleRequest({ question: 'Comment faire du pain ?', answer: 'Mélangez la farine.', reasons: false });
    expect(fr[0]!.content).toContain('in the same language the user writes in');
    expect(fr[1]!.content).toBe('User: Comment faire du pain ?\n\nAssistant: Mélangez la farine.');
    const long = titleRequest({ question: 'x'.repeat(5_000), answer: 'y', reasons: false });
    expect((long[1]!.content as string).length).toBeLessThan(1_600);
  });
});
