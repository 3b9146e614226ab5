import { describe, expect, it } from 'vitest';
import {
  acceleratorFromKeyPress,
  defaultBindings,
  findConflicts,
  keycaps,
  matchesBinding,
  normalizeAccelerator,
  rebind,
} from '../../../src/shared/shortcuts.js';

const press = (key: string, mods: Partial<{ ctrl: boolean; meta: boolean; alt: boolean; shift: boolean }> = {}, code?: string) => ({
  key,
  code,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  altKey: !!mods.alt,
  shiftKey: !!mods.shift,
});

describe('accelerators', () => {
  it.each([
    ['cmdorctrl+shift+c', 'CommandOrControl+Shift+C'],
    ['Shift+CommandOrControl+c', 'CommandOrControl+Shift+C'],
    ['Option+Space', 'Alt+Space'],
    ['Ctrl+Alt+K', 'Control+Alt+K'],
    ['CommandOrControl++', 'CommandOrControl++'],
    ['F5', 'F5'],
    ['K', null],
    ['Shift+K', null],
    ['CommandOrControl', null],
    ['CommandOrControl+K+J', null],
    ['Hyper+K', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeAccelerator(input)).toBe(expected);
  });

  it('a key press reads ⌘ on macOS and Ctrl elsewhere as CommandOrControl, and the key by its code', () => {
    expect(acceleratorFromKeyPress(press('n', { meta: true }, 'KeyN'), 'mac')).toBe('CommandOrControl+N');
    expect(acceleratorFromKeyPress(press('n', { ctrl: true }, 'KeyN'), 'other')).toBe('CommandOrControl+N');
    expect(acceleratorFromKeyPress(press('n', { ctrl: true }, 'KeyN'), 'mac')).toBe('Control+N');
    // Option+K types "˚" on macOS: the code still names K.
    expect(acceleratorFromKeyPress(press('˚', { alt: true }, 'KeyK'), 'mac')).toBe('Alt+K');
    expect(acceleratorFromKeyPress(press(' ', { alt: true }, 'Space'), 'other')).toBe('Alt+Space');
    expect(acceleratorFromKeyPress(press('Control', { ctrl: true }), 'other')).toBeNull();
    expect(acceleratorFromKeyPress(press('k', {}, 'KeyK'), 'other')).toBeNull();
  });

  it('matches a press against a binding in any spelling; an off binding never matches', () => {
    expect(matchesBinding('cmdorctrl+k', press('k', { ctrl: true }, 'KeyK'), 'other')).toBe(true);
    expect(matchesBinding('CommandOrControl+K', press('k', { ctrl: true, shift: true }, 'KeyK'), 'other')).toBe(false);
    expect(matchesBinding(null, press('k', { ctrl: true }, 'KeyK'), 'other')).toBe(false);
  });

  it('keycaps per platform', () => {
    expect(keycaps('CommandOrControl+Shift+C', 'mac')).toEqual(['⌘', '⇧', 'C']);
    expect(keycaps('CommandOrControl+Shift+C', 'other')).toEqual(['Ctrl', 'Shift', 'C']);
    expect(keycaps('Alt+Space', 'mac')).toEqual(['⌥', 'Space']);
    expect(keycaps('CommandOrControl++', 'other')).toEqual(['Ctrl', '+']);
  });
});

describe('conflicts', () => {
  it('the defaults have none; quick ask is Alt+Space (Option+Space on macOS)', () => {
    expect(findConflicts(defaultBindings())).toEqual([]);
    expect(defaultBindings().quickAsk).toBe('Alt+Space');
  });

  it('two actions on one key name each other', () => {
    const bindings = { ...defaultBindings(), find: 'CommandOrControl+K' };
    expect(findConflicts(bindings)).toEqual([
      { kind: 'action', action: 'search', other: 'find', accelerator: 'CommandOrControl+K' },
      { kind: 'action', action: 'find', other: 'search', accelerator: 'CommandOrControl+K' },
    ]);
  });

  it('rebinding onto a taken or reserved key is refused and names why; the bindings stay', () => {
    const bindings = defaultBindings();
    expect(rebind(bindings, 'find', 'ctrl+k')).toEqual({ ok: true, bindings: { ...bindings, find: 'Control+K' } });
    expect(rebind(bindings, 'find', 'CommandOrControl+K')).toEqual({
      ok: false,
      conflicts: [{ kind: 'action', action: 'find', other: 'search', accelerator: 'CommandOrControl+K' }],
    });
    expect(rebind(bindings, 'help', 'cmdorctrl+c')).toEqual({
      ok: false,
      conflicts: [{ kind: 'reserved', action: 'help', use: 'copy', accelerator: 'CommandOrControl+C' }],
    });
    expect(rebind(bindings, 'help', 'K')).toEqual({ ok: false, conflicts: [{ kind: 'invalid', action: 'help', accelerator: 'K' }] });
    expect(rebind(bindings, 'quickAsk', null)).toEqual({ ok: true, bindings: { ...bindings, quickAsk: null } });
  });
});
