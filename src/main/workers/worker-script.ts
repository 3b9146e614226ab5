// Where a worker thread's script is. The build (electron.vite.config.ts) emits each worker as its own file beside
// main's bundle; running from source (tests, the benchmark, `npm run dev` before a build) there is no such file, so the
// worker's TypeScript entry is bundled once per process into a temporary .mjs with esbuild (a build tool the project
// already has through Vite), which Node loads like the built file.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The workers the app runs; each name is an entry of the main build and a file `<name>.ts` in this folder. */
export type WorkerName = 'derived-worker' | 'import-worker' | 'python-worker' | 'document-worker' | 'page-worker';

const bundled = new Map<WorkerName, Promise<URL>>();

/** The URL to start worker `name` from: the built file when there is one, else a bundle of its source. */
export function workerScript(name: WorkerName): Promise<URL> {
  let found = bundled.get(name);
  if (!found) {
    found = locate(name);
    bundled.set(name, found);
    // A failed bundle is tried again next time rather than remembered.
    found.catch(() => bundled.delete(name));
  }
  return found;
}

async function locate(name: WorkerName): Promise<URL> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Built: this code is in out/main/index.js (or one of its chunks) and the worker is out/main/<name>.js.
  for (const candidate of [path.join(here, `${name}.js`), path.join(here, '..', `${name}.js`)]) {
    if (existsSync(candidate)) return pathToFileURL(candidate);
  }
  const source = path.join(here, `${name}.ts`);
  if (!existsSync(source)) throw new Error(`worker ${name} is neither built nor in the sources (${here})`);
  return bundleSource(name, source);
}

async function bundleSource(name: WorkerName, source: string): Promise<URL> {
  // A specifier read at run time keeps the bundler from pulling esbuild (a build tool) into the built app, which never
  // gets here: a constant would be folded into a static import.
  const specifier = process.env.TINY_AGENT_WORKER_BUNDLER ?? 'esbuild';
  const esbuild = (await import(/* @vite-ignore */ specifier)) as typeof import('esbuild');
  const result = await esbuild.build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    logLevel: 'silent',
    // Packages with CommonJS inside an ES module bundle need a `require`.
    banner: { js: "import { createRequire as __tinyRequire } from 'node:module'; const require = __tinyRequire(import.meta.url);" },
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), 'tiny-agent-dev-workers');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${hash}.mjs`);
  if (!existsSync(file)) {
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, code);
    await fs.rename(temp, file);
  }
  return pathToFileURL(file);
}
