// The packaged app, built here without the Electron binary: electron-builder packs the built app against a stand-in
// Electron distribution (Linux, unpacked "dir" target: no installer tools needed), then we open resources/app.asar
// and check what a user's machine would load — and that nothing else rides along.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { extractAll, listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { Arch, build, Platform } from 'electron-builder';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { builderConfig } from '../../build/builder-config.js';
import { fuseConfig } from '../../build/fuses.js';
import { ELECTRON_VERSION, ROOT } from '../../scripts/electron-binary.js';
import { makeFakeElectronDist } from './fake-electron.js';

const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> } | undefined>;
};

function run(command: string, args: string[], cwd = ROOT): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

let appOutDir = '';
let archive = '';
let files: string[] = [];
let extracted = '';

beforeAll(async () => {
  const built = await run(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
  expect(built.code, built.output).toBe(0);
  const work = await mkdtemp(join(tmpdir(), 'tiny-agent-pack-'));
  const electronDist = await makeFakeElectronDist(join(work, 'electron-dist'), ELECTRON_VERSION);
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: { ...builderConfig, electronDist, directories: { ...builderConfig.directories, output: join(work, 'release') } },
  });
  appOutDir = join(work, 'release/linux-unpacked');
  archive = join(appOutDir, 'resources/app.asar');
  files = listPackage(archive, { isPack: false }).map((file) => file.replaceAll('\\', '/').replace(/^\//, ''));
  extracted = join(work, 'extracted');
  extractAll(archive, extracted);
  const { size } = await stat(archive);
  const modules = new Set(files.filter((f) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(f)).map((f) => f.slice(13)));
  console.log(`app.asar: ${(size / 1e6).toFixed(1)} MB, ${files.length} entries, packages: ${[...modules].sort().join(', ')}`);
}, 180_000);

describe('the packaged app (electron-builder, stand-in Electron)', () => {
  it('holds the built main, preload and renderer, and package.json main resolves', async () => {
    expect(files).toEqual(expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']));
    const packed = JSON.parse(await readFile(join(extracted, 'package.json'), 'utf8')) as {
      name: string;
      main: string;
      productName?: string;
    };
    expect(packed.main).toBe(pkg.main);
    // Electron names the data folder after package.json: the installed app and `npm start` share one (README).
    expect([packed.name, packed.productName]).toEqual(['tiny-agent', undefined]);
    expect(files).toContain(posix.normalize(packed.main));
    const html = await readFile(join(extracted, 'out/renderer/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => `out/renderer/${m[1]}`);
    expect(assets.length).toBeGreaterThan(0);
    expect(files).toEqual(expect.arrayContaining(assets));
  });

  it('every module the built main and preload import at run time loads from inside the archive', async () => {
    const specifiers = new Set<string>();
    const workers = ['derived-worker', 'import-worker', 'python-worker', 'document-worker', 'page-worker'];
    // Each entry and every chunk it reaches through relative imports (a worker's libraries sit in shared chunks).
    const queue = ['out/main/index.js', ...workers.map((name) => `out/main/${name}.js`), 'out/preload/index.cjs'];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const entry = queue.pop()!;
      if (seen.has(entry)) continue;
      seen.add(entry);
      const source = await readFile(join(extracted, entry), 'utf8');
      const found = ts.preProcessFile(source, true, true).importedFiles.map(({ fileName }) => fileName);
      // Loaded only when needed (electron-updater while updates are on), through a require made for the module.
      for (const [, name] of source.matchAll(/createRequire\([^)]*\)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(name!);
      for (const name of found) {
        if (name.startsWith('.')) queue.push(posix.join(posix.dirname(entry), name));
        else specifiers.add(name);
      }
    }
    const external = [...specifiers].filter((s) => !s.startsWith('.') && !isBuiltin(s) && s !== 'electron').sort();
    // A subpath (`@scope/pkg/client/index.js`) belongs to its package: the packages must be exactly `dependencies`.
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    expect([...new Set(external.map(packageOf))].sort()).toEqual(Object.keys(pkg.dependencies).sort());
    // Node resolves and evaluates each one from the extracted archive (outside the project, so nothing leaks in).
    const probe = join(extracted, 'out/main/probe-imports.mjs');
    await writeFile(probe, external.map((s) => `await import(${JSON.stringify(s)});`).join('\n'));
    const loaded = await run(process.execPath, [probe], extracted);
    expect(loaded.output).toBe('');
    expect(loaded.code).toBe(0);
  });

  it("unpacks Pyodide's wasm and standard library beside the archive, where run_python reads them", async () => {
    const unpacked = join(appOutDir, 'resources/app.asar.unpacked/node_modules/pyodide');
    for (const file of ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide.asm.mjs', 'pyodide.mjs']) {
      expect((await stat(join(unpacked, file))).size, file).toBeGreaterThan(10_000);
    }
  });

  it('carries no tests, benches, fixtures, sources, source maps or devDependencies', () => {
    const forbidden = files.filter(
      (f) =>
        /(^|\/)(tests?|__tests__|bench|fixtures?|e2e)(\/|$)/.test(f) ||
        /\.(map|tsx?|mts|cts)$/.test(f) ||
        /^(src|test|bench|scripts|build|node_modules\/\.bin)(\/|$)/.test(f),
    );
    expect(forbidden).toEqual([]);
    // A package a production dependency needs too (semver, under electron-updater) is shipped as that one's copy.
    const neededInProduction = new Set(
      Object.values(lock.packages).flatMap((entry) => (entry && !entry.dev ? Object.keys(entry.dependencies ?? {}) : [])),
    );
    const devOnly = Object.keys(pkg.devDependencies).filter(
      (name) => files.includes(`node_modules/${name}`) && !neededInProduction.has(name),
    );
    expect(devOnly).toEqual([]);
  });

  it('flips the fuses in the packaged executable', async () => {
    const wire = (await getCurrentFuseWire(join(appOutDir, builderConfig.executableName!))) as unknown as Record<number, number>;
    const { version: _version, resetAdHocDarwinSignature: _reset, ...wanted } = fuseConfig('linux', Arch.x64);
    for (const [index, enabled] of Object.entries(wanted)) expect([index, wire[Number(index)]]).toEqual([index, enabled ? 49 : 48]);
  });
});
