// A compare column's request carries earlier tool use as text: calls noted in their answer, results as notes from
// the tool (failed ones said so, pictures counted, long text cut); a history without tools is passed through as is.
import { describe, expect, it } from 'vitest';
import { toollessContext } from '../../../src/main/sessions/compare/toolless-context.js';
import { emptyUsage, type Message } from '../../../src/shared/messages.js';

const call = (name: string, args: Record<string, unknown>): Message => ({
  role: 'assistant',
  content: [
    { type: 'text', text: 'Let me check.' },
    { type: 'toolCall', id: `call-${name}`, name, arguments: args },
  ],
  model: 'm',
  usage: emptyUsage(),
  stopReason: 'toolUse',
  timestamp: 2,
});

describe('toollessContext', () => {
  it('passes a history without tool use through unchanged (the same array)', () => {
    const messages: Message[] = [
      { role: 'system', content: 'S', timestamp: 0 },
      { role: 'user', content: 'hi', timestamp: 1 },
    ];
    expect(toollessContext(messages)).toBe(messages);
  });

  it('writes calls and results as text: failed results say so, pictures are counted, long results are cut', () => {
    const long = 'x'.repeat(5_000);
    const out = toollessContext([
      call('search', { q: 'kyoto' }),
      {
        role: 'toolResult',
        toolCallId: 'call-search',
        toolName: 'search',
        content: [{ type: 'text', text: long }],
        isError: false,
        timestamp: 3,
      },
      call('shot', {}),
      {
        role: 'toolResult',
        toolCallId: 'call-shot',
        toolName: 'shot',
        content: [
          { type: 'text', text: 'timed out' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        ],
        isError: true,
        timestamp: 4,
      },
    ]);
    expect(out.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
    expect(out[0]!.role === 'assistant' && out[0]!.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'text', text: '[Called the tool search with {"q":"kyoto"}]' },
    ]);
    expect(out[1]!.content).toBe(`[Result of the tool search]\n${'x'.repeat(4_000)}…`);
    expect(out[3]!.content).toBe('[Result of the tool shot (failed)]\ntimed out\n(1 picture not shown)');
  });
});
