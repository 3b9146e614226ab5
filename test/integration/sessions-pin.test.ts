// Pins: one appended meta line, listed first, kept through renames, new answers, a restart and a lost index.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSession } from '../fixtures/seed-sessions.js';
import { fileLines, startHarness, type Harness } from '../unit/sessions/service-harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const order = () => h.service.list().map((s) => [s.name, s.pinned]);

describe('pinned sessions', () => {
  it('a pinned session is listed first and stays pinned through a rename, an answer, a restart and a rebuilt index', async () => {
    const first = await h.service.create({ name: 'First' });
    await h.service.create({ name: 'Second' });
    expect(order()).toEqual([
      ['Second', false],
      ['First', false],
    ]);

    const summary = await h.service.pin(first.id, true);
    expect(summary).toMatchObject({ name: 'First', pinned: true, updatedAt: first.updatedAt });
    expect(order()).toEqual([
      ['First', true],
      ['Second', false],
    ]);
    expect((await fileLines(h.dir, first.id)).at(-1)).toEqual({ type: 'meta', timestamp: expect.any(Number), pinned: true });

    await h.service.rename(first.id, 'First, renamed');
    h.server.enqueue({ text: 'Hello' });
    const { runId } = await h.service.send(first.id, 'Hi');
    await h.runEnd(runId);
    expect(order()[0]).toEqual(['First, renamed', true]);

    await h.restart();
    expect(order()[0]).toEqual(['First, renamed', true]);

    await h.service.dispose();
    await fs.rm(path.join(h.dir, 'sessions', 'index.json'));
    await h.restart();
    expect(order()).toEqual([
      ['First, renamed', true],
      ['Second', false],
    ]);

    await h.service.pin(first.id, false);
    await h.restart();
    expect(order().map(([, pinned]) => pinned)).toEqual([false, false]);
  });

  it('pinning a version-1 chat first moves it to the current format, keeping the old bytes in a .v1.bak copy', async () => {
    await h.service.dispose();
    const id = seedSession(h.dir, { index: 3, turns: 2, name: 'Old chat' });
    const before = await fs.readFile(path.join(h.dir, 'sessions', `${id}.jsonl`));
    await h.restart();
    await h.service.pin(id, true);
    const lines = await fileLines(h.dir, id);
    expect(lines[0]).toMatchObject({ type: 'session', version: 2 });
    expect(lines.at(-1)).toMatchObject({ type: 'meta', pinned: true });
    expect(await fs.readFile(path.join(h.dir, 'sessions', `${id}.jsonl.v1.bak`))).toEqual(before);
    await h.restart();
    expect((await h.service.get(id)).messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect(h.service.list().find((s) => s.id === id)?.pinned).toBe(true);
  });
});
