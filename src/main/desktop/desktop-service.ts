// Keeps `desktop.json` and applies it: the update preferences go to the update controller, the quick-ask shortcut,
// launch at login and the tray go to the host (Electron's glue, or nothing in tests). A binding that clashes is
// refused with the clash named, and the file keeps what it had.
import path from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { DesktopSettings, DesktopSettingsPatch, DesktopView } from '../../shared/desktop.js';
import type { Locale } from '../../shared/settings.js';
import { keycaps, rebind, SHORTCUT_ACTIONS, type ShortcutConflict } from '../../shared/shortcuts.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';
import type { UpdateController } from '../updates/updater.js';
import { DESKTOP_FILE, parseDesktopFile } from './desktop-file.js';
import { desktopStrings } from './strings.js';

/** What the OS side does with the settings (Electron: globalShortcut, login item, tray). */
export interface DesktopHost {
  platform: 'mac' | 'other';
  /** Applies the settings; answers whether the OS accepted the quick-ask shortcut (true when it is off). */
  apply(settings: DesktopSettings): { quickAskAccepted: boolean };
  /** Present in a packaged app with a feed. */
  updates?: UpdateController;
}

export class DesktopService {
  private quickAskAccepted = true;

  private constructor(
    private readonly file: string,
    private current: DesktopSettings,
    private readonly host: DesktopHost | undefined,
    private readonly locale: () => Locale,
  ) {}

  static async open(dataDir: string, locale: () => Locale, host?: DesktopHost): Promise<DesktopService> {
    const file = path.join(dataDir, DESKTOP_FILE);
    const service = new DesktopService(file, parseDesktopFile(await readFileIfExists(file)), host, locale);
    service.applyToHost();
    return service;
  }

  settings(): DesktopSettings {
    return this.current;
  }

  view(): DesktopView {
    const strings = desktopStrings(this.locale());
    const platform = this.host?.platform ?? 'other';
    const quickAsk = this.current.shortcuts.quickAsk;
    return {
      settings: this.current,
      update: this.host?.updates?.state() ?? { status: { kind: 'off' }, lastCheckAt: null, lastError: null },
      platform,
      quickAskProblem: this.quickAskAccepted || !quickAsk ? null : strings.shortcutRefused(keycaps(quickAsk, platform).join('+')),
      canUpdate: this.host?.updates !== undefined,
    };
  }

  async update(patch: DesktopSettingsPatch): Promise<DesktopView> {
    let shortcuts = this.current.shortcuts;
    for (const action of SHORTCUT_ACTIONS) {
      if (!patch.shortcuts || !(action in patch.shortcuts)) continue;
      const result = rebind(shortcuts, action, patch.shortcuts[action] ?? null);
      if (!result.ok) throw new AppError('invalid_input', this.describe(result.conflicts[0]!));
      shortcuts = result.bindings;
    }
    const next: DesktopSettings = {
      updates: { ...this.current.updates, ...patch.updates },
      launchAtLogin: patch.launchAtLogin ?? this.current.launchAtLogin,
      keepInTray: patch.keepInTray ?? this.current.keepInTray,
      shortcuts,
    };
    await writeFileAtomic(this.file, JSON.stringify(next, null, 2));
    this.current = next;
    this.applyToHost();
    return this.view();
  }

  private applyToHost(): void {
    this.quickAskAccepted = this.host ? this.host.apply(this.current).quickAskAccepted : true;
    this.host?.updates?.setPrefs(this.current.updates);
  }

  private describe(conflict: ShortcutConflict): string {
    const strings = desktopStrings(this.locale());
    const keys = keycaps(conflict.accelerator, this.host?.platform ?? 'other').join('+');
    if (conflict.kind === 'action') return strings.shortcutTaken(keys, conflict.other);
    if (conflict.kind === 'reserved') return strings.shortcutReserved(keys);
    return strings.shortcutInvalid(conflict.accelerator);
  }
}
