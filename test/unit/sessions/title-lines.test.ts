// A model-written name on disk: a `title` meta line names the chat until the person renames it, whichever line comes
// last — a person's name always wins; a later commit (which names from the first message) keeps the title.
import { describe, expect, it } from 'vitest';
import { parseSessionFile, serializeLines, shownBranch, summarize, type FileLine } from '../../../src/main/sessions/store/session-file';

const header: FileLine = { type: 'session', version: 2, id: 's1', createdAt: 1, systemPrompt: 'sys', model: 'm' };
const run: FileLine[] = [
  {
    type: 'message',
    id: 'a',
    parentId: null,
    runId: 'r1',
    timestamp: 2,
    message: { role: 'user', content: 'how do I bake bread', timestamp: 2 },
  },
  { type: 'commit', runId: 'r1', count: 1, timestamp: 3 },
];

function summaryOf(lines: FileLine[]) {
  const result = parseSessionFile(Buffer.from(serializeLines(lines)), 's1');
  if (!result.ok) throw new Error(result.failure.detail);
  const parsed = result.session;
  return summarize({ header: parsed.header, name: parsed.name, title: parsed.title, branch: shownBranch(parsed), updatedAt: 3 });
}

describe('title lines', () => {
  it('name the chat while the person has not, and are kept as the title', () => {
    expect(summaryOf([header, ...run])).toMatchObject({ name: 'how do I bake bread', autoNamed: true });
    expect(summaryOf([header, ...run, { type: 'meta', timestamp: 4, title: 'Bread Basics' }])).toMatchObject({
      name: 'Bread Basics',
      autoNamed: true,
      title: 'Bread Basics',
    });
  });

  it('never win over a name the person gave, before or after them', () => {
    const rename: FileLine = { type: 'meta', timestamp: 5, name: 'My bread' };
    const title: FileLine = { type: 'meta', timestamp: 6, title: 'Bread Basics' };
    expect(summaryOf([header, ...run, rename, title])).toMatchObject({ name: 'My bread', autoNamed: false });
    expect(summaryOf([header, ...run, title, rename])).toMatchObject({ name: 'My bread', autoNamed: false });
  });
});
