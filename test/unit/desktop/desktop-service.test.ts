import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DesktopService, type DesktopHost } from '../../../src/main/desktop/desktop-service.js';
import type { DesktopSettings } from '../../../src/shared/desktop.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tiny-agent-desktop-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function host(refuse: string[] = []): DesktopHost & { applied: DesktopSettings[] } {
  const applied: DesktopSettings[] = [];
  return {
    platform: 'other',
    applied,
    apply(settings) {
      applied.push(settings);
      return { quickAskAccepted: !refuse.includes(settings.shortcuts.quickAsk ?? '') };
    },
  };
}

describe('desktop settings', () => {
  it('start with updates never asked (so off), Alt+Space for quick ask, and are applied at once', async () => {
    const h = host();
    const service = await DesktopService.open(dir, () => 'en', h);
    const view = service.view();
    expect(view.settings.updates).toEqual({ enabled: null, channel: 'stable' });
    expect(view.settings.shortcuts.quickAsk).toBe('Alt+Space');
    expect(view.update.status).toEqual({ kind: 'off' });
    expect(view.canUpdate).toBe(false);
    expect(h.applied).toHaveLength(1);
  });

  it('a change is written and survives a restart', async () => {
    const service = await DesktopService.open(dir, () => 'en', host());
    await service.update({ updates: { enabled: true, channel: 'beta' }, keepInTray: true, shortcuts: { find: 'ctrl+shift+f' } });
    const again = await DesktopService.open(dir, () => 'en', host());
    expect(again.settings()).toMatchObject({
      updates: { enabled: true, channel: 'beta' },
      keepInTray: true,
      launchAtLogin: false,
      shortcuts: { find: 'Control+Shift+F', search: 'CommandOrControl+K' },
    });
  });

  it("a clash is refused naming the other action, in the person's language; the file is unchanged", async () => {
    const service = await DesktopService.open(dir, () => 'zh-CN', host());
    await expect(service.update({ shortcuts: { find: 'CommandOrControl+K' } })).rejects.toThrow('Ctrl+K 已被“搜索所有对话”使用。');
    expect(service.settings().shortcuts.find).toBe('CommandOrControl+F');
    await expect(readFile(join(dir, 'desktop.json'), 'utf8')).rejects.toThrow();
  });

  it('the OS refusing the quick-ask keys is said plainly', async () => {
    const service = await DesktopService.open(dir, () => 'en', host(['Control+Alt+K']));
    const view = await service.update({ shortcuts: { quickAsk: 'Control+Alt+K' } });
    expect(view.quickAskProblem).toBe(
      'The system did not give Tiny Agent Ctrl+Alt+K: another app or the system uses it. Choose other keys in Settings → Keyboard.',
    );
  });

  it('a damaged file keeps the defaults for what is damaged only', async () => {
    await writeFile(join(dir, 'desktop.json'), JSON.stringify({ updates: 'yes', keepInTray: true, shortcuts: { find: 'K', help: null } }));
    const service = await DesktopService.open(dir, () => 'en');
    expect(service.settings()).toMatchObject({
      updates: { enabled: null, channel: 'stable' },
      keepInTray: true,
      shortcuts: { find: 'CommandOrControl+F', help: null },
    });
  });
});
