// `desktop.json` in the data folder: update preferences, tray and login options, the person's shortcuts. A missing
// or damaged file (or a damaged field) reads as the defaults for what is damaged; nothing else is lost.
import { z } from 'zod';
import type { DesktopSettings } from '../../shared/desktop.js';
import { defaultBindings, normalizeAccelerator, SHORTCUT_ACTIONS, type ShortcutBindings } from '../../shared/shortcuts.js';

export const DESKTOP_FILE = 'desktop.json';

export function defaultDesktopSettings(): DesktopSettings {
  return { updates: { enabled: null, channel: 'stable' }, launchAtLogin: false, keepInTray: false, shortcuts: defaultBindings() };
}

const acceleratorSchema = z
  .string()
  .max(100)
  .refine((value) => normalizeAccelerator(value) !== null, 'not a shortcut');

export const shortcutBindingsPatchSchema = z.partialRecord(z.enum(SHORTCUT_ACTIONS as [string, ...string[]]), acceleratorSchema.nullable());

export const desktopPatchSchema = z.strictObject({
  updates: z.strictObject({ enabled: z.boolean().optional(), channel: z.enum(['stable', 'beta']).optional() }).optional(),
  launchAtLogin: z.boolean().optional(),
  keepInTray: z.boolean().optional(),
  shortcuts: shortcutBindingsPatchSchema.optional(),
});

/** Reads what a file holds, field by field: a field that does not validate keeps its default. */
export function parseDesktopFile(text: string | undefined): DesktopSettings {
  const settings = defaultDesktopSettings();
  if (text === undefined) return settings;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return settings;
  }
  if (typeof raw !== 'object' || raw === null) return settings;
  const data = raw as Record<string, unknown>;
  const updates = z.object({ enabled: z.boolean().nullable(), channel: z.enum(['stable', 'beta']) }).safeParse(data.updates);
  if (updates.success) settings.updates = updates.data;
  if (typeof data.launchAtLogin === 'boolean') settings.launchAtLogin = data.launchAtLogin;
  if (typeof data.keepInTray === 'boolean') settings.keepInTray = data.keepInTray;
  if (typeof data.shortcuts === 'object' && data.shortcuts !== null) {
    const stored = data.shortcuts as Record<string, unknown>;
    const shortcuts: ShortcutBindings = { ...settings.shortcuts };
    for (const action of SHORTCUT_ACTIONS) {
      const value = stored[action];
      if (value === null) shortcuts[action] = null;
      else if (typeof value === 'string' && normalizeAccelerator(value)) shortcuts[action] = normalizeAccelerator(value);
    }
    settings.shortcuts = shortcuts;
  }
  return settings;
}
