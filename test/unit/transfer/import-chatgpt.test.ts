// Reading one ChatGPT conversation whatever its shape: thousands of hidden nodes in a row, a run of 30,000 assistant
// nodes, 30,000 versions of one answer, ids named like Object members. Each is read without recursion and in work
// linear in its size (counted in parts copied and children-list entries looked at, never timed).
import { describe, expect, it } from 'vitest';
import { chatgptWork, readChatgptConversation } from '../../../src/main/transfer/import-chatgpt.js';
import { TRANSFER_STRINGS } from '../../../src/main/transfer/strings.js';
import { makePng } from '../../fixtures/images.js';

const strings = TRANSFER_STRINGS.en;
const options = { systemPrompt: 'Be brief.', now: 1_700_000_000_000 };

type Node = { id: string; message: unknown; parent: string | null; children: string[] };

/** A conversation built node by node: `add` hangs a node under `parent` (listed in the parent's children). */
function conversation() {
  const mapping: Record<string, Node> = { root: { id: 'root', message: null, parent: null, children: [] } };
  const add = (
    id: string,
    parent: string,
    role: string | null,
    content: Record<string, unknown> = { content_type: 'text', parts: [id] },
  ) => {
    const message = role && { id, author: { role }, create_time: 1_700_000_000, content, metadata: {} };
    mapping[id] = { id, message, parent, children: [] };
    mapping[parent]!.children.push(id);
    return id;
  };
  return { mapping, add, value: (current: string) => ({ title: 'Deep', mapping, current_node: current }) };
}

/** The stored messages of a read conversation: id, parent and role (the text where it is one part). */
function messages(value: unknown): string[] {
  const read = readChatgptConversation(value, 1, strings, options);
  if (!read.ok) throw new Error(read.failure.reason);
  return read.candidate.lines.flatMap((line) => (line.type === 'message' ? [`${line.parentId} → ${line.id} (${line.message.role})`] : []));
}

describe('readChatgptConversation', () => {
  it('looks through 8,000 hidden nodes in a row to the answer under them', () => {
    const chat = conversation();
    let at = chat.add('q', 'root', 'user');
    for (let i = 0; i < 8_000; i++) at = chat.add(`hidden-${i}`, at, 'system');
    chat.add('a', at, 'assistant');
    expect(messages(chat.value('a'))).toEqual(['null → q (user)', 'q → a (assistant)']);
  });

  it('merges a run of 30,000 assistant nodes into one answer, copying each part once', () => {
    const chat = conversation();
    let at = chat.add('q', 'root', 'user');
    for (let i = 0; i < 30_000; i++) at = chat.add(`step-${i}`, at, 'assistant');
    chatgptWork.partsCopied = 0;
    const read = readChatgptConversation(chat.value(at), 1, strings, options);
    expect(read.ok && read.candidate.lines.map((line) => line.type)).toEqual(['message', 'commit', 'message', 'commit', 'branch']);
    const answer = read.ok ? read.candidate.lines[2] : undefined;
    expect(answer?.type === 'message' && answer.message.role === 'assistant' && answer.message.content.length).toBe(30_000);
    expect(chatgptWork.partsCopied).toBe(30_000);
  });

  it('orders 30,000 versions of one answer as ChatGPT lists them, looking at each listed child once', () => {
    const chat = conversation();
    chat.add('q', 'root', 'user');
    for (let i = 0; i < 30_000; i++) chat.add(`v-${i}`, 'q', 'assistant');
    chat.mapping.q!.children.reverse(); // listed newest first: the order the file lists wins over the mapping's
    chatgptWork.siblingsLookedAt = 0;
    const ids = messages(chat.value('v-0')).map((line) => line.split(' ')[2]);
    expect(ids.slice(0, 3)).toEqual(['q', 'v-29999', 'v-29998']);
    expect(ids.at(-1)).toBe('v-0');
    expect(chatgptWork.siblingsLookedAt).toBeLessThanOrEqual(2 * 30_002);
  });

  it('node ids named like Object members are ids like any other: "toString" imports, a parent "constructor" is missing', () => {
    const chat = conversation();
    chat.add('q', 'root', 'user');
    chat.add('toString', 'q', 'assistant');
    expect(messages(chat.value('toString'))).toEqual(['null → q (user)', 'q → toString (assistant)']);

    chat.mapping.q!.parent = 'constructor';
    const read = readChatgptConversation(chat.value('toString'), 1, strings, options);
    expect(read).toEqual({
      ok: false,
      failure: { title: 'Deep', reason: 'its messages do not form a complete history (node q names a parent not in the file)' },
    });
  });

  it('a generated picture ends its answer with the call; the result follows; what the assistant says next hangs on it', () => {
    const chat = conversation();
    const png = makePng(2, 2, [1, 2, 3]);
    chat.add('q', 'root', 'user');
    chat.add('pic', 'q', 'tool', {
      content_type: 'multimodal_text',
      parts: [{ content_type: 'image_asset_pointer', asset_pointer: 'sediment://file_00000000abc' }],
    });
    chat.add('note', 'pic', 'tool', { content_type: 'text', parts: ['GPT-4o returned 1 images.'] });
    chat.add('after', 'note', 'assistant');
    const read = readChatgptConversation(chat.value('note'), 1, strings, {
      ...options,
      asset: (pointer) => (pointer === 'sediment://file_00000000abc' ? { name: 'file_00000000abc-x.png', bytes: png } : undefined),
    });
    if (!read.ok) throw new Error(read.failure.reason);
    const lines = read.candidate.lines.flatMap((line) =>
      line.type === 'message'
        ? [`${line.parentId} → ${line.id} (${line.message.role})`]
        : line.type === 'branch'
          ? [`leaf ${line.leaf}`]
          : [],
    );
    // ChatGPT's current node (the tool's note, left out) shows the branch up to the picture's result.
    expect(lines).toEqual([
      'null → q (user)',
      'q → pic (assistant)',
      'pic → pic:result (toolResult)',
      'pic:result → after (assistant)',
      'leaf pic:result',
    ]);
    expect(read.candidate.leftOut).toEqual({ pictures: 0, toolOutputs: 0, unreadable: 0 });
  });
});
