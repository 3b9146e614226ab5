// `npm start`, `npm run dev` and the step before the end-to-end run: make sure the Electron binary is downloaded,
// then go on. Electron 45 no longer downloads at install time and electron-vite never triggers the download itself,
// so without this step a fresh clone stops with "Electron uninstall".
//
//   tsx scripts/electron-start.ts preview|dev [electron-vite args…]   fetch when missing, then run electron-vite
//   tsx scripts/electron-start.ts e2e                                 fetch only when TINY_AGENT_E2E_ELECTRON=1
//
// The end-to-end step never downloads unless asked: on machines that cannot reach the download host (our CI) an
// attempt can only fail, and where DNS answers but packets are dropped it would wait on a TCP timeout. Without the
// binary the specs run in Chromium mode (test/e2e/launch.ts), so skipping the fetch costs nothing there.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ELECTRON_INSTALLER, ELECTRON_VERSION, ROOT, electronBinary } from './electron-binary.js';

/** What the start step touches outside itself; tests inject all of it. */
export interface StartEdges {
  /** The downloaded executable, or undefined. */
  findBinary(): string | undefined;
  /** Runs electron's installer (`install-electron`); `output` is what it printed on stderr. */
  fetchBinary(): Promise<{ code: number; output: string }>;
  /** Runs the app (electron-vite preview/dev) and resolves with its exit code. */
  launch(): Promise<number>;
  /** One line for the person at the terminal (stderr). */
  print(line: string): void;
}

export const E2E_FETCH_VARIABLE = 'TINY_AGENT_E2E_ELECTRON';

/** `npm start` / `npm run dev`: present → launch; missing → fetch, then launch; fetch fails → explain, exit 1. */
export async function startApp(edges: StartEdges): Promise<number> {
  if (!edges.findBinary() && !(await fetchElectron(edges))) return 1;
  return edges.launch();
}

/** Before the e2e run: never fails the run; fetches only when asked, so CI never waits on a download. */
export async function prepareEndToEnd(
  edges: Pick<StartEdges, 'findBinary' | 'fetchBinary' | 'print'>,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  if (edges.findBinary()) {
    edges.print('Electron binary present: the end-to-end specs run in the real Electron app.');
    return 0;
  }
  if (env[E2E_FETCH_VARIABLE] !== '1') {
    edges.print(
      `Electron binary not downloaded: the end-to-end specs run in Chromium mode. Set ${E2E_FETCH_VARIABLE}=1 to download it first and run them in Electron.`,
    );
    return 0;
  }
  if (!(await fetchElectron(edges))) edges.print('Continuing in Chromium mode.');
  return 0;
}

async function fetchElectron(edges: Pick<StartEdges, 'findBinary' | 'fetchBinary' | 'print'>): Promise<boolean> {
  edges.print(`Electron ${ELECTRON_VERSION} is not downloaded yet: fetching it once (about 100 MB)…`);
  const { code, output } = await edges.fetchBinary();
  if (code === 0 && edges.findBinary()) return true;
  edges.print(downloadFailedMessage(output));
  return false;
}

/** Why the download failed and the settings that fix it (names as @electron/get 5 reads them). */
export function downloadFailedMessage(installerOutput: string): string {
  const cause = installerOutput
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
    .slice(0, 2)
    .join(' — ');
  return [
    '',
    `Could not download Electron ${ELECTRON_VERSION}, the runtime Tiny Agent runs in.`,
    `Cause: ${cause || 'the installer stopped without saying why'}`,
    'The download comes from GitHub releases. Set one of these environment variables and run the command again:',
    '  ELECTRON_MIRROR         download from a mirror instead, e.g. ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/',
    '  ELECTRON_GET_USE_PROXY  set to 1 to go through the proxy named by HTTPS_PROXY / HTTP_PROXY (NO_PROXY lists exceptions)',
    '  electron_config_cache   a folder holding an already downloaded electron-v*.zip (default: the user cache, e.g. ~/.cache/electron)',
    '  ELECTRON_EXEC_PATH      use an Electron executable installed elsewhere, skipping the download',
    'To retry the download alone: npx install-electron',
  ].join('\n');
}

/** Runs a Node script, passing its stdout through and keeping (while showing, minus stack frames) its stderr. */
function runNode(script: string, args: string[], keepStderr: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      stdio: ['inherit', 'inherit', keepStderr ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk.toString().replace(/^\s+at .*\n?/gm, ''));
      output = (output + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => resolve({ code: 1, output: error.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

export function realEdges(electronViteArgs: string[]): StartEdges {
  return {
    findBinary: () => electronBinary(),
    fetchBinary: () => runNode(ELECTRON_INSTALLER, [], true),
    launch: async () => (await runNode(join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), electronViteArgs, false)).code,
    print: (line) => process.stderr.write(`${line}\n`),
  };
}

async function main(argv: string[]): Promise<number> {
  const [mode, ...rest] = argv;
  if (mode === 'e2e') return prepareEndToEnd(realEdges([]), process.env);
  if (mode === 'preview' || mode === 'dev') return startApp(realEdges([mode, ...rest]));
  process.stderr.write('usage: electron-start.ts preview|dev|e2e [electron-vite args…]\n');
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
