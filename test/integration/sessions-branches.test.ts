// Edit, regenerate and versions against the real fake model server: what each request carries, what is shown, what
// stays on disk, and what a restart brings back.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageText } from '../../src/shared/messages.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { eventOf, fileLines, sentMessages, startHarness, SYSTEM_PROMPT, type Harness } from '../unit/sessions/service-harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** The shown messages as `text` (user) / `→text` (answer), each with its `n/m` when there is more than one version. */
function shown(detail: SessionDetail): string[] {
  return detail.messages.slice(1).map((message, i) => {
    const ref = detail.refs[i]!;
    const text = `${message.role === 'user' ? '' : '→'}${messageText(message)}`;
    return ref.versions > 1 ? `${text} ${ref.version}/${ref.versions}` : text;
  });
}

/** The last request's messages after the system prompt, in the same shorthand. */
function lastRequest(): string[] {
  const sent = sentMessages(h.server.chatRequests.at(-1)!.body);
  expect(sent[0]).toEqual(['system', SYSTEM_PROMPT]);
  return sent.slice(1).map(([role, text]) => (role === 'user' ? text : `→${text}`));
}

/** A session with three exchanges: q1 → a1, q2 → a2, q3 → a3. */
async function threeExchanges(): Promise<SessionDetail> {
  const session = await h.service.create({});
  for (const n of [1, 2, 3]) {
    h.server.enqueue({ text: `a${n}` });
    await h.runEnd((await h.service.send(session.id, `q${n}`)).runId);
  }
  return h.service.get(session.id);
}

describe('edit', () => {
  it('editing the first of three questions answers it alone; the old branch stays one version away, also after a restart', async () => {
    const before = await threeExchanges();
    h.server.enqueue({ text: 'a1 edited' });
    const { runId } = await h.service.edit(before.id, before.refs[0]!.id, 'q1 edited');
    const events = await h.runEnd(runId);
    expect(lastRequest()).toEqual(['q1 edited']);
    expect(eventOf(events, 'run_start').userText).toBe('q1 edited');
    // The saved run tells the renderer where its messages sit: the edited question is version 2 of 2.
    expect(eventOf(events, 'saved').refs.map((ref) => `${ref.version}/${ref.versions}`)).toEqual(['2/2', '1/1']);

    const edited = await h.service.get(before.id);
    expect(shown(edited)).toEqual(['q1 edited 2/2', '→a1 edited']);
    expect(edited.messageCount).toBe(3);
    const messages = (await fileLines(h.dir, before.id)).filter((line) => line.type === 'message');
    expect(messages).toHaveLength(8);
    expect(messages[6]).toMatchObject({ parentId: null, message: { content: 'q1 edited' } });

    // ‹ 1/2 ›: the old branch is shown and sent again.
    const old = await h.service.switchBranch(before.id, edited.refs[0]!.id, 1);
    expect(shown(old)).toEqual(['q1 1/2', '→a1', 'q2', '→a2', 'q3', '→a3']);
    expect(h.service.list()[0]).toMatchObject({ messageCount: 7 });
    h.server.enqueue({ text: 'a4' });
    await h.runEnd((await h.service.send(before.id, 'q4')).runId);
    expect(lastRequest()).toEqual(['q1', '→a1', 'q2', '→a2', 'q3', '→a3', 'q4']);

    await h.restart();
    expect(shown(await h.service.get(before.id))).toEqual(['q1 1/2', '→a1', 'q2', '→a2', 'q3', '→a3', 'q4', '→a4']);
    // And forward again: the edited branch as it was left.
    const forward = await h.service.switchBranch(before.id, before.refs[0]!.id, 2);
    expect(shown(forward)).toEqual(['q1 edited 2/2', '→a1 edited']);
    await h.restart();
    expect(shown(await h.service.get(before.id))).toEqual(['q1 edited 2/2', '→a1 edited']);
  });

  it('editing a middle question keeps what came before it', async () => {
    const before = await threeExchanges();
    h.server.enqueue({ text: 'a2 edited' });
    await h.runEnd((await h.service.edit(before.id, before.refs[2]!.id, 'q2 edited')).runId);
    expect(lastRequest()).toEqual(['q1', '→a1', 'q2 edited']);
    expect(shown(await h.service.get(before.id))).toEqual(['q1', '→a1', 'q2 edited 2/2', '→a2 edited']);
  });

  it('a failed edit commits nothing, keeps the shown branch and hands the edited text back', async () => {
    const before = await threeExchanges();
    h.server.enqueue({ status: 503 });
    const events = await h.runEnd((await h.service.edit(before.id, before.refs[0]!.id, 'q1 edited')).runId);
    expect(eventOf(events, 'error')).toMatchObject({ code: 'server_error', unsentText: 'q1 edited' });
    expect(shown(await h.service.get(before.id))).toEqual(['q1', '→a1', 'q2', '→a2', 'q3', '→a3']);
    expect((await fileLines(h.dir, before.id)).filter((line) => line.type === 'message')).toHaveLength(6);
  });

  it('refuses answers, messages not shown, unknown ids and a busy session', async () => {
    const before = await threeExchanges();
    await expect(h.service.edit(before.id, before.refs[1]!.id, 'x')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.service.edit(before.id, 'nope', 'x')).rejects.toMatchObject({ code: 'invalid_input' });
    h.server.enqueue({ text: 'other' });
    await h.runEnd((await h.service.edit(before.id, before.refs[4]!.id, 'q3 other')).runId);
    // q3 is on disk but no longer shown: editing it would build on a branch the person does not see.
    await expect(h.service.edit(before.id, before.refs[4]!.id, 'x')).rejects.toMatchObject({ code: 'invalid_input' });
    h.server.enqueue({ text: 'a4' });
    const { runId } = await h.service.send(before.id, 'q4');
    await expect(h.service.edit(before.id, before.refs[0]!.id, 'x')).rejects.toMatchObject({ code: 'busy' });
    await expect(h.service.switchBranch(before.id, before.refs[0]!.id, 1)).rejects.toMatchObject({ code: 'busy' });
    await h.runEnd(runId);
  });
});

describe('regenerate and versions', () => {
  it('regenerating the middle answer sends only what came before it; ‹ 1/2 › brings back the rest', async () => {
    const before = await threeExchanges();
    h.server.enqueue({ text: 'a2 again' });
    await h.runEnd((await h.service.regenerate(before.id, before.refs[3]!.id)).runId);
    expect(lastRequest()).toEqual(['q1', '→a1', 'q2']);
    const regenerated = await h.service.get(before.id);
    expect(shown(regenerated)).toEqual(['q1', '→a1', 'q2', '→a2 again 2/2']);

    const back = await h.service.switchBranch(before.id, regenerated.refs[3]!.id, 1);
    expect(shown(back)).toEqual(['q1', '→a1', 'q2', '→a2 1/2', 'q3', '→a3']);
    // Regenerating that one again makes a third version.
    h.server.enqueue({ text: 'a2 third' });
    await h.runEnd((await h.service.regenerate(before.id, back.refs[3]!.id)).runId);
    expect(shown(await h.service.get(before.id))).toEqual(['q1', '→a1', 'q2', '→a2 third 3/3']);
  });

  it('choosing the version already shown writes nothing; a version that does not exist is refused', async () => {
    const before = await threeExchanges();
    const size = (await fs.stat(path.join(h.dir, 'sessions', `${before.id}.jsonl`))).size;
    expect(shown(await h.service.switchBranch(before.id, before.refs[1]!.id, 1))).toEqual(shown(before));
    expect((await fs.stat(path.join(h.dir, 'sessions', `${before.id}.jsonl`))).size).toBe(size);
    await expect(h.service.switchBranch(before.id, before.refs[1]!.id, 2)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.service.switchBranch(before.id, 'nope', 1)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('a session written by version 1 is backed up and migrated before its first version switch', async () => {
    const before = await threeExchanges();
    const file = path.join(h.dir, 'sessions', `${before.id}.jsonl`);
    await h.service.dispose();
    const v1 = (await fs.readFile(file, 'utf8')).replace('"version":2', '"version":1');
    await fs.writeFile(file, v1);
    await h.restart();
    h.server.enqueue({ text: 'a3 again' });
    const detail = await h.service.get(before.id);
    await h.runEnd((await h.service.regenerate(before.id, detail.refs[5]!.id)).runId);
    // Edits and regenerations alone keep a version-1 file readable by version 1 (its last commit is what it shows).
    expect((await fileLines(h.dir, before.id))[0]).toMatchObject({ version: 1 });
    await h.service.switchBranch(before.id, detail.refs[5]!.id, 1);
    // The backup is the file as it was: version 1, every committed line, no branch line.
    const migrated = (await fs.readFile(file, 'utf8')).split('\n');
    expect(await fs.readFile(`${file}.v1.bak`, 'utf8')).toBe(
      [...migrated.slice(0, -2), ''].join('\n').replace('"version":2', '"version":1'),
    );
    const lines = await fileLines(h.dir, before.id);
    expect(lines[0]).toMatchObject({ version: 2 });
    expect(lines.at(-1)).toMatchObject({ type: 'branch', leaf: detail.refs[5]!.id });
    await h.restart();
    expect(shown(await h.service.get(before.id))).toEqual(['q1', '→a1', 'q2', '→a2', 'q3', '→a3 1/2']);
  });
});
