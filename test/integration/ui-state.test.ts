// The window's state through the whole app core: what one run remembers, the next one gets back; requests are
// validated (keys, sizes, shapes); deleting a chat forgets its draft; a second core on a held folder remembers nothing.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import { UI_STATE_FILE } from '../../src/main/ui-state/index.js';
import { UI_STATE_LIMITS } from '../../src/shared/ui-state.js';
import { useTestCores } from '../fixtures/test-core.js';

const cores = useTestCores('ui');
const openCore = () => cores.open({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'fake-model' } });

const call = (core: AppCore, channel: string, payload?: unknown) => core.router.handle(channel, payload);

async function createSession(core: AppCore): Promise<string> {
  const created = (await call(core, 'sessions:create', {})) as { ok: true; value: { id: string } };
  return created.value.id;
}

describe('window state across restarts', () => {
  it('a restart gets back the open chat, its anchor and every draft', async () => {
    const first = await openCore();
    const a = await createSession(first);
    const b = await createSession(first);
    expect(await call(first, 'ui:update', { drafts: { [a]: 'typed in a', draft: 'typed in the new chat' } })).toEqual({
      ok: true,
      value: undefined,
    });
    await call(first, 'ui:update', { lastSessionId: b, anchors: { [b]: { messageId: 'abc', offset: 12.5 }, [a]: { atBottom: true } } });
    await cores.close(first);

    const second = await openCore();
    expect(await call(second, 'ui:get')).toEqual({
      ok: true,
      value: {
        lastSessionId: b,
        drafts: { [a]: 'typed in a', draft: 'typed in the new chat' },
        anchors: { [b]: { messageId: 'abc', offset: 12.5 }, [a]: { atBottom: true } },
      },
    });
  });

  it('deleting a chat forgets its draft, its anchor and that it was open', async () => {
    const core = await openCore();
    const a = await createSession(core);
    const b = await createSession(core);
    await call(core, 'ui:update', {
      lastSessionId: a,
      drafts: { [a]: 'gone with it', [b]: 'stays' },
      anchors: { [a]: { atBottom: true } },
    });
    await call(core, 'sessions:delete', { sessionId: a });
    expect(await call(core, 'ui:get')).toEqual({ ok: true, value: { lastSessionId: null, drafts: { [b]: 'stays' }, anchors: {} } });
    await cores.close(core);
    const saved = JSON.parse(await fs.readFile(path.join(cores.dir(), UI_STATE_FILE), 'utf8'));
    expect(Object.keys(saved.drafts)).toEqual([b]);
  });

  it('refuses what main did not promise to keep: unknown keys, long drafts, many entries, odd anchors', async () => {
    const core = await openCore();
    const a = await createSession(core);
    const refused = async (payload: unknown) =>
      expect(await call(core, 'ui:update', payload)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await refused({ drafts: { '../settings': 'x' } });
    await refused({ drafts: { [a]: 'x'.repeat(UI_STATE_LIMITS.maxDraftChars + 1) } });
    await refused({
      drafts: Object.fromEntries(
        Array.from({ length: UI_STATE_LIMITS.maxPatchEntries + 1 }, (_, i) => [`${a.slice(0, -3)}${String(i).padStart(3, '0')}`, 'x']),
      ),
    });
    await refused({ anchors: { [a]: { messageId: 'm', offset: Number.NaN } } });
    await refused({ anchors: { [a]: { atBottom: false } } });
    await refused({ lastSessionId: 'not-a-session' });
    await refused({ theme: 'dark' });
    expect(await call(core, 'ui:update', { drafts: { [a]: 'x'.repeat(UI_STATE_LIMITS.maxDraftChars) } })).toMatchObject({ ok: true });
  });

  it('a second core on a held folder shows an empty state and remembers nothing', async () => {
    const first = await openCore();
    const a = await createSession(first);
    await call(first, 'ui:update', { drafts: { [a]: 'mine' } });
    const second = await openCore();
    expect(await call(second, 'ui:get')).toEqual({ ok: true, value: { lastSessionId: null, drafts: {}, anchors: {} } });
    expect(await call(second, 'ui:update', { drafts: { [a]: 'theirs' } })).toEqual({ ok: true, value: undefined });
    expect(await call(first, 'ui:get')).toMatchObject({ ok: true, value: { drafts: { [a]: 'mine' } } });
  });
});
