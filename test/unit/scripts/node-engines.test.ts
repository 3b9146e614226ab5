// The Node version the README names is the one package.json declares, and every package a fresh `npm install`
// brings in accepts it — so following the README never prints an engine warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/electron-binary.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('the Node version', () => {
  const floor = semver.minVersion(pkg.engines.node)?.version ?? '';

  it('package.json declares the floor the README names', () => {
    expect(floor).toBe('22.12.0');
    expect(readme).toContain('Node.js 22.12 or newer');
  });

  it('every package in the lock accepts that floor (npm skips engine checks only for optional packages)', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(floor, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path} ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
