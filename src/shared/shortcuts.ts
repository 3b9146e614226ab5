// Keyboard shortcuts the person can rebind: the actions, their default keys per platform, and the pure rules for
// reading a key press, naming keys on keycaps and finding conflicts. Bindings are Electron accelerator strings
// ("CommandOrControl+Shift+C"); `quickAsk` is the one global (system-wide) shortcut, the rest work in the window.

export type ShortcutAction = 'newChat' | 'search' | 'find' | 'settings' | 'copyAnswer' | 'help' | 'quickAsk';

export type ShortcutPlatform = 'mac' | 'other';

/** Every rebindable action, in the order Settings → Keyboard lists them. */
export const SHORTCUT_ACTIONS: readonly ShortcutAction[] = ['newChat', 'search', 'find', 'settings', 'copyAnswer', 'help', 'quickAsk'];

/** Actions registered with the OS (they work while another app is in front). */
export const GLOBAL_ACTIONS: ReadonlySet<ShortcutAction> = new Set(['quickAsk']);

/** The person's bindings: action → accelerator, or null when they turned that shortcut off. */
export type ShortcutBindings = Record<ShortcutAction, string | null>;

/** Defaults: Ctrl on Windows/Linux and ⌘ on macOS for the window's keys; Alt+Space (Option+Space on macOS) for quick ask. */
export function defaultBindings(): ShortcutBindings {
  return {
    newChat: 'CommandOrControl+N',
    search: 'CommandOrControl+K',
    find: 'CommandOrControl+F',
    settings: 'CommandOrControl+,',
    copyAnswer: 'CommandOrControl+Shift+C',
    help: 'CommandOrControl+/',
    quickAsk: 'Alt+Space',
  };
}

/** Keys the app or the system already uses and that no binding may take, with what they do (a message key suffix). */
export const RESERVED_KEYS: ReadonlyMap<string, string> = new Map([
  ['CommandOrControl+C', 'copy'],
  ['CommandOrControl+V', 'paste'],
  ['CommandOrControl+X', 'cut'],
  ['CommandOrControl+A', 'selectAll'],
  ['CommandOrControl+Z', 'undo'],
  ['CommandOrControl+Q', 'quit'],
  ['CommandOrControl+W', 'closeWindow'],
  ['Enter', 'send'],
  ['Shift+Enter', 'newLine'],
  ['Alt+Enter', 'followUp'],
  ['Escape', 'stop'],
]);

const MODIFIER_ORDER = ['CommandOrControl', 'Control', 'Alt', 'Shift', 'Super'] as const;
type Modifier = (typeof MODIFIER_ORDER)[number];
const MODIFIER_ALIASES: Record<string, Modifier> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'CommandOrControl',
  cmd: 'CommandOrControl',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};
const NAMED_KEYS: Record<string, string> = {
  space: 'Space',
  ' ': 'Space',
  enter: 'Enter',
  return: 'Enter',
  escape: 'Escape',
  esc: 'Escape',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
  up: 'Up',
  arrowup: 'Up',
  down: 'Down',
  arrowdown: 'Down',
  left: 'Left',
  arrowleft: 'Left',
  right: 'Right',
  arrowright: 'Right',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
};

function normalizeKey(key: string): string | null {
  const lower = key.toLowerCase();
  if (NAMED_KEYS[lower]) return NAMED_KEYS[lower];
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower)) return lower.toUpperCase();
  if (key.length === 1 && /[\x21-\x7e]/.test(key)) return key.toUpperCase();
  return null;
}

/**
 * The canonical form of an accelerator (modifiers in a fixed order, the key capitalized), or null when it is not one:
 * no key, two keys, an unknown name, or a letter/digit with no modifier besides Shift (that would swallow typing).
 */
export function normalizeAccelerator(accelerator: string): string | null {
  const parts = accelerator.split('+');
  // "CommandOrControl++" names the plus key.
  if (accelerator.endsWith('++')) parts.splice(parts.length - 2, 2, '+');
  const modifiers = new Set<Modifier>();
  let key: string | null = null;
  for (const raw of parts) {
    const part = raw.trim();
    if (!part) return null;
    const modifier = MODIFIER_ALIASES[part.toLowerCase()];
    if (modifier) {
      modifiers.add(modifier);
      continue;
    }
    if (key !== null) return null;
    key = normalizeKey(part);
    if (key === null) return null;
  }
  if (key === null) return null;
  const typing = key.length === 1 || key === 'Space';
  if (typing && [...modifiers].every((m) => m === 'Shift')) return null;
  return [...MODIFIER_ORDER.filter((m) => modifiers.has(m)), key].join('+');
}

/** What a keydown reports, as much of it as the rules need. */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The accelerator a key press means on `platform` (⌘ on macOS and Ctrl elsewhere become CommandOrControl), or null
 * for a lone modifier or a press that cannot be a shortcut. Letters are read from `code` so Alt/Option and Shift
 * combinations name the key, not the character they type.
 */
export function acceleratorFromKeyPress(press: KeyPress, platform: ShortcutPlatform): string | null {
  if (['Control', 'Meta', 'Alt', 'Shift', 'OS', 'AltGraph'].includes(press.key)) return null;
  const primary = platform === 'mac' ? press.metaKey : press.ctrlKey;
  const secondary = platform === 'mac' ? press.ctrlKey : press.metaKey;
  let key = press.key;
  if (press.code && /^Key[A-Z]$/.test(press.code)) key = press.code.slice(3);
  else if (press.code && /^Digit[0-9]$/.test(press.code)) key = press.code.slice(5);
  else if (press.code === 'Space') key = 'Space';
  else if (press.code === 'Slash') key = '/';
  else if (press.code === 'Comma') key = ',';
  else if (press.code === 'Period') key = '.';
  const mods = [
    primary && 'CommandOrControl',
    secondary && (platform === 'mac' ? 'Control' : 'Super'),
    press.altKey && 'Alt',
    press.shiftKey && 'Shift',
  ];
  return normalizeAccelerator([...mods.filter(Boolean), key].join('+'));
}

/** Whether a key press triggers `binding` on `platform`. */
export function matchesBinding(binding: string | null, press: KeyPress, platform: ShortcutPlatform): boolean {
  if (!binding) return false;
  const pressed = acceleratorFromKeyPress(press, platform);
  return pressed !== null && pressed === normalizeAccelerator(binding);
}

/** Keycaps of an accelerator as the platform prints them: ⌘ ⌥ ⇧ ⌃ on macOS, Ctrl Alt Shift elsewhere. */
export function keycaps(accelerator: string, platform: ShortcutPlatform): string[] {
  const canonical = normalizeAccelerator(accelerator) ?? accelerator;
  const parts = canonical.endsWith('++') ? [...canonical.slice(0, -2).split('+'), '+'] : canonical.split('+');
  const mac: Record<string, string> = { CommandOrControl: '⌘', Control: '⌃', Alt: '⌥', Shift: '⇧', Super: '⌘', Escape: 'Esc' };
  const other: Record<string, string> = {
    CommandOrControl: 'Ctrl',
    Control: 'Ctrl',
    Alt: 'Alt',
    Shift: 'Shift',
    Super: 'Win',
    Escape: 'Esc',
  };
  const names = platform === 'mac' ? mac : other;
  return parts.filter(Boolean).map((part) => names[part] ?? part);
}

/** Why a binding cannot be taken: another action holds it, or the app/system reserves it. */
export type ShortcutConflict =
  | { kind: 'action'; action: ShortcutAction; other: ShortcutAction; accelerator: string }
  | { kind: 'reserved'; action: ShortcutAction; use: string; accelerator: string }
  | { kind: 'invalid'; action: ShortcutAction; accelerator: string };

/** Every conflict in a set of bindings, one per action involved (both actions of a clash are named). */
export function findConflicts(bindings: ShortcutBindings): ShortcutConflict[] {
  const conflicts: ShortcutConflict[] = [];
  const holders = new Map<string, ShortcutAction[]>();
  for (const action of SHORTCUT_ACTIONS) {
    const binding = bindings[action];
    if (!binding) continue;
    const canonical = normalizeAccelerator(binding);
    if (!canonical) {
      conflicts.push({ kind: 'invalid', action, accelerator: binding });
      continue;
    }
    const reserved = RESERVED_KEYS.get(canonical);
    if (reserved) conflicts.push({ kind: 'reserved', action, use: reserved, accelerator: canonical });
    holders.set(canonical, [...(holders.get(canonical) ?? []), action]);
  }
  for (const [accelerator, actions] of holders) {
    if (actions.length < 2) continue;
    for (const action of actions) {
      for (const other of actions) if (other !== action) conflicts.push({ kind: 'action', action, other, accelerator });
    }
  }
  return conflicts;
}

/**
 * Binds `action` to `accelerator` (null turns it off) when that creates no conflict; otherwise answers the conflicts
 * and leaves the bindings as they were.
 */
export function rebind(
  bindings: ShortcutBindings,
  action: ShortcutAction,
  accelerator: string | null,
): { ok: true; bindings: ShortcutBindings } | { ok: false; conflicts: ShortcutConflict[] } {
  const canonical = accelerator === null ? null : normalizeAccelerator(accelerator);
  if (accelerator !== null && canonical === null) return { ok: false, conflicts: [{ kind: 'invalid', action, accelerator }] };
  const next = { ...bindings, [action]: canonical };
  const conflicts = findConflicts(next).filter((c) => c.action === action);
  return conflicts.length ? { ok: false, conflicts } : { ok: true, bindings: next };
}
