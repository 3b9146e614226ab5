// Starts Tiny Agent for an end-to-end spec and returns a Playwright Page.
// Electron mode when the Electron binary exists; otherwise Chromium mode: the built renderer in Chromium, with
// `window.api` injected before page scripts and bridged to the real main-process router running in this process.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import { INVOKE_CHANNELS, type MenuCommand } from '../../src/shared/ipc.js';
import { createAppCore, type AppCore, type AppCoreOptions } from '../../src/main/app-core.js';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';
import { electronBinary } from '../../scripts/electron-binary.js';
import { serveDirectory } from './static-server.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface LaunchOptions {
  /** The main process's environment (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL, …). Nothing else leaks in. */
  env?: Record<string, string>;
  /** The data folder; pass the same one again to reopen the app. Default: a new temp folder. */
  dataDir?: string;
  /** The system locale the app sees. Default 'en-US'. */
  locale?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** The save/open dialogs main shows (Chromium mode only: Electron shows the system's). Default: always cancelled. */
  dialogs?: FileDialogs;
  /** Scripts run in the page before its own (Chromium mode only): a benchmark's probes, e.g. of the first paint. */
  initScripts?: string[];
  /** Where main looks for local model servers (Chromium mode; Electron mode keeps the real ports). */
  localServerPorts?: AppCoreOptions['localServerPorts'];
}

export interface LaunchedApp {
  page: Page;
  mode: 'electron' | 'chromium';
  dataDir: string;
  /** URLs main was asked to open in the system browser (Chromium mode records them instead of opening). */
  openedExternally: string[];
  /** Files main was asked to open with the system's viewer (Chromium mode records them instead of opening). */
  openedFiles: string[];
  /** Chromium mode: main's core, running in the spec's process (to wait for its background work). Electron mode: absent. */
  core?: AppCore;
  /** Chooses an application menu command, as a click on its menu item does. */
  menuCommand(command: MenuCommand): Promise<void>;
  /**
   * Chromium mode: every invoke the page made, in order, with its request and, once answered, the characters of its
   * answer as it crossed the bridge (JSON). Electron mode: empty (its IPC is not observed).
   */
  invokes: Array<{ channel: string; request: unknown; chars?: number }>;
  /**
   * Chromium mode: main's answers on `channel` wait until the returned release is called, so a state that lasts only
   * until an answer lands (placeholders, a spinner) can be checked and shown. Electron mode cannot hold them: null.
   */
  holdAnswers(channel: string): (() => void) | null;
  /** Quits the app: running answers stop and committed history is flushed. */
  close(): Promise<void>;
}

/** The Electron executable, found without `require('electron')` (which would try to download it). */
export { electronBinary } from '../../scripts/electron-binary.js';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Specs script each model request, and a model-written title is one more request after a chat's first answer: it is
 * off unless a spec turns it on (`env: { TINY_AGENT_AUTO_TITLE: '1' }`, or the setting).
 */
const SPEC_ENV: Record<string, string> = { TINY_AGENT_AUTO_TITLE: '0' };

/** A click or screenshot that cannot happen fails at its own step, named, instead of stalling until the test's timeout. */
const ACTION_TIMEOUT_MS = 30_000;

export async function launchApp(opts: LaunchOptions = {}): Promise<LaunchedApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tiny-agent-e2e-'));
  const binary = electronBinary();
  return binary ? launchElectron(binary, dataDir, opts) : launchChromium(dataDir, opts);
}

async function launchElectron(executablePath: string, dataDir: string, opts: LaunchOptions): Promise<LaunchedApp> {
  const app: ElectronApplication = await _electron.launch({
    executablePath,
    args: [join(ROOT, 'out/main/index.js'), `--lang=${opts.locale ?? 'en-US'}`],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...SPEC_ENV, ...opts.env, TINY_AGENT_DATA_DIR: dataDir },
    colorScheme: opts.colorScheme,
  });
  const page = await app.firstWindow();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  if (opts.viewport) await page.setViewportSize(opts.viewport);
  await page.waitForLoadState('domcontentloaded');
  const menuCommand = async (command: MenuCommand) => {
    const clicked = await app.evaluate(({ Menu }, id) => {
      const item = Menu.getApplicationMenu()?.getMenuItemById(id);
      item?.click();
      return item !== null && item !== undefined;
    }, command);
    if (!clicked) throw new Error(`the application menu has no item "${command}"`);
  };
  return {
    page,
    mode: 'electron',
    dataDir,
    openedExternally: [],
    openedFiles: [],
    invokes: [],
    holdAnswers: () => null,
    menuCommand,
    close: () => app.close(),
  };
}

async function launchChromium(dataDir: string, opts: LaunchOptions): Promise<LaunchedApp> {
  const rendererDir = join(ROOT, 'out/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  const openedExternally: string[] = [];
  const openedFiles: string[] = [];
  const invokes: LaunchedApp['invokes'] = [];
  let deliver: (envelope: SessionEventEnvelope) => void = () => {};
  const core: AppCore = await createAppCore({
    dataDir,
    env: { ...SPEC_ENV, ...opts.env },
    systemLocale: opts.locale ?? 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => deliver(envelope),
    openExternal: async (url) => {
      openedExternally.push(url);
    },
    openPath: async (file) => {
      openedFiles.push(file);
      return '';
    },
    ...(opts.dialogs && { dialogs: opts.dialogs }),
    ...(opts.localServerPorts && { localServerPorts: opts.localServerPorts }),
  });
  const server = await serveDirectory(rendererDir);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const context = await browser.newContext({
      locale: opts.locale ?? 'en-US',
      colorScheme: opts.colorScheme ?? 'light',
      viewport: opts.viewport ?? { width: 1180, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    // Answers cross as one JSON string: Playwright's object serialization is far slower than Electron's structured
    // clone for large replies (a 2,000-message session), and would make the harness, not the app, the bottleneck.
    const held = new Map<string, Promise<void>>();
    await page.exposeBinding('__tinyAgentInvoke', async (_source, channel: string, payload: unknown) => {
      const call: LaunchedApp['invokes'][number] = { channel, request: payload };
      invokes.push(call);
      const result = await core.router.handle(channel, reviveBytes(payload));
      await held.get(channel);
      const answer = JSON.stringify(result, bytesReplacer);
      call.chars = answer.length;
      return answer;
    });
    // Under tsx (the bench), esbuild's keepNames wraps nested functions in `__name(…)`; functions serialized into the
    // page (init scripts, evaluate) then need it there. Playwright's own loader does not, and this is a no-op for it.
    await page.addInitScript('globalThis.__name ??= (fn) => fn;');
    await page.addInitScript(installApiBridge, { channels: INVOKE_CHANNELS });
    for (const script of opts.initScripts ?? []) await page.addInitScript(script);
    deliver = createEventPump(page);
    // Main's background work starts when the page says it has painted (`windowPainted`), as in Electron.
    await page.goto(server.url);
    const opened = browser;
    return {
      page,
      mode: 'chromium',
      dataDir,
      openedExternally,
      openedFiles,
      core,
      // What main's menu click sends: the command, delivered to the page's listeners.
      menuCommand: (command) =>
        page.evaluate((c) => (window as unknown as { __tinyAgentMenu(command: string): void }).__tinyAgentMenu(c), command),
      invokes,
      holdAnswers(channel) {
        let release!: () => void;
        held.set(channel, new Promise<void>((resolve) => (release = resolve)));
        return () => {
          held.delete(channel);
          release();
        };
      },
      async close() {
        deliver = () => {};
        await core.dispose();
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await core.dispose();
    await browser?.close();
    await server.close();
    throw error;
  }
}

/** Runs in the page before its scripts: builds `window.api` from the contract, like the preload does. */
function installApiBridge({ channels }: { channels: Record<string, string> }): void {
  // Electron runs the preload in the window's main frame only: a frame inside the page (the live preview) has no api.
  if (window !== window.top) return;
  type Listener = (envelope: unknown) => void;
  const listeners = new Set<Listener>();
  const binding = (window as unknown as { __tinyAgentInvoke: (channel: string, payload: unknown) => Promise<string> }).__tinyAgentInvoke;
  // Bytes (attachments) cross as tagged base64, the way Electron's structured clone would carry a Uint8Array.
  const encode = (value: unknown): unknown => {
    if (value instanceof Uint8Array) {
      let binary = '';
      for (let i = 0; i < value.length; i += 0x8000) binary += String.fromCharCode(...value.subarray(i, i + 0x8000));
      return { __bytes: btoa(binary) };
    }
    if (Array.isArray(value)) return value.map(encode);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
    return value;
  };
  const revive = (_key: string, value: unknown): unknown => {
    if (!value || typeof value !== 'object' || typeof (value as { __bytes?: unknown }).__bytes !== 'string') return value;
    return Uint8Array.from(atob((value as { __bytes: string }).__bytes), (c) => c.charCodeAt(0));
  };
  const invoke = (channel: string, payload: unknown) =>
    binding(channel, encode(payload)).then((json) => JSON.parse(json, revive) as unknown);
  const api: Record<string, unknown> = {};
  for (const [method, channel] of Object.entries(channels)) api[method] = (request?: unknown) => invoke(channel, request);
  api.onSessionEvent = (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const menuListeners = new Set<(command: string) => void>();
  api.onMenuCommand = (listener: (command: string) => void) => {
    menuListeners.add(listener);
    return () => {
      menuListeners.delete(listener);
    };
  };
  Object.defineProperty(window, '__tinyAgentMenu', {
    value: (command: string) => {
      for (const listener of menuListeners) listener(command);
    },
  });
  // Electron hands the renderer each IPC message (one event) as a task of its own; so does the bridge, so a burst that
  // main sent while the bridge could not deliver is applied and rendered event by event, as in the app — never folded
  // into one update that would hide what the window does between two events (a follow-on run's rows once slid below
  // the fold only that way).
  const inbox: unknown[] = [];
  const tasks = new MessageChannel();
  tasks.port1.onmessage = () => {
    const envelope = inbox.shift();
    for (const listener of listeners) listener(envelope);
  };
  Object.defineProperty(window, '__tinyAgentDeliver', {
    value: (envelopes: unknown[]) => {
      for (const envelope of envelopes) {
        inbox.push(envelope);
        tasks.port2.postMessage(null);
      }
    },
  });
  Object.defineProperty(window, 'api', { value: Object.freeze(api), enumerable: true });
}

/** Pushes main's events into the page in order, batching those emitted in the same tick into one evaluate. */
function createEventPump(page: Page): (envelope: SessionEventEnvelope) => void {
  let batch: SessionEventEnvelope[] = [];
  let chain = Promise.resolve();
  const flush = () => {
    const envelopes = batch;
    batch = [];
    chain = chain
      .then(() =>
        page.evaluate((items) => (window as unknown as { __tinyAgentDeliver(e: unknown[]): void }).__tinyAgentDeliver(items), envelopes),
      )
      .catch(() => {});
  };
  return (envelope) => {
    if (batch.length === 0) setImmediate(flush);
    batch.push(envelope);
  };
}

/** Node side of the bridge's byte encoding: `{ __bytes: base64 }` ↔ Uint8Array. */
function reviveBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reviveBytes);
  if (!value || typeof value !== 'object') return value;
  const tagged = (value as { __bytes?: unknown }).__bytes;
  if (typeof tagged === 'string') return new Uint8Array(Buffer.from(tagged, 'base64'));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveBytes(v)]));
}

function bytesReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Uint8Array ? { __bytes: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') } : value;
}
