import { describe, expect, it } from 'vitest';
import { autoName } from '../../../src/main/sessions/session-naming.js';

describe('autoName', () => {
  it('takes the first non-blank line, trimmed, whitespace collapsed', () => {
    expect(autoName('\n\n  请记住   项目代号是极简  \n第二行')).toBe('请记住 项目代号是极简');
  });

  it('cuts long lines to 40 characters with an ellipsis', () => {
    const name = autoName('a'.repeat(100));
    expect(name).toBe(`${'a'.repeat(39)}…`);
    expect(Array.from(name)).toHaveLength(40);
  });

  it('never splits a surrogate pair', () => {
    expect(autoName('😀'.repeat(50))).toBe(`${'😀'.repeat(39)}…`);
  });

  it('keeps a line of exactly 40 characters whole', () => {
    expect(autoName('字'.repeat(40))).toBe('字'.repeat(40));
  });
});
