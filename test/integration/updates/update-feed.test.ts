// The update flow against a real local feed (latest.yml + an artifact on 127.0.0.1), through electron-updater's own
// updater (DebUpdater on the generic provider) with only its transport swapped: its Electron `net` request becomes a
// Node `http` request. Its download, sha512 check and cache are electron-updater's.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DebUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { createUpdateController, type UpdaterPort } from '../../../src/main/updates/updater.js';
import type { UpdatePrefs, UpdateState } from '../../../src/shared/desktop.js';

class NodeTransport extends ElectronHttpExecutor {
  override createRequest(options: Record<string, unknown>, callback: (response: IncomingMessage) => void): Electron.ClientRequest {
    const { session: _session, redirect: _redirect, ...rest } = options;
    return request(rest, callback) as unknown as Electron.ClientRequest;
  }
}

interface Feed {
  url: string;
  requests: string[];
  artifact: Buffer;
  /** What latest.yml claims for the artifact's sha512 (the real one unless a test lies). */
  sha512: string;
  down: boolean;
  close(): Promise<void>;
}

async function startFeed(): Promise<Feed> {
  const artifact = Buffer.from('tiny agent 0.2.0 '.repeat(4096));
  const feed = {
    requests: [] as string[],
    artifact,
    sha512: createHash('sha512').update(artifact).digest('base64'),
    down: false,
  } as Feed;
  const server: Server = createServer((req, res) => {
    feed.requests.push(req.url ?? '');
    if (feed.down) {
      res.writeHead(503).end('down');
      return;
    }
    const path = (req.url ?? '').split('?')[0];
    if (path === '/latest.yml' || path === '/latest-linux.yml') {
      res.writeHead(200, { 'content-type': 'text/yaml' });
      res.end(
        [
          'version: 0.2.0',
          'files:',
          '  - url: tiny-agent-0.2.0.deb',
          `    sha512: ${feed.sha512}`,
          `    size: ${artifact.length}`,
          'path: tiny-agent-0.2.0.deb',
          `sha512: ${feed.sha512}`,
          "releaseDate: '2026-12-01T10:00:00.000Z'",
          'releaseNotes: Quick ask from anywhere.',
          '',
        ].join('\n'),
      );
    } else if (path === '/tiny-agent-0.2.0.deb') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': artifact.length });
      res.end(artifact);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  feed.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return feed;
}

let dir: string;
let feed: Feed;
let created: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tiny-agent-updates-'));
  feed = await startFeed();
  created = 0;
});
afterEach(async () => {
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

function makeUpdater(): UpdaterPort {
  created++;
  const configPath = join(dir, 'app-update.yml');
  const app: AppAdapter = {
    version: '0.1.0',
    name: 'tiny-agent',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(dir, 'user'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  // No options: the provider comes from app-update.yml, which electron-builder writes from the builder config's `publish`.
  const updater = new DebUpdater(undefined, app);
  updater.logger = null;
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeTransport();
  return updater as unknown as UpdaterPort;
}

async function controllerWith(prefs: UpdatePrefs) {
  await writeFile(join(dir, 'app-update.yml'), `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: tiny-agent-updater\n`);
  const states: UpdateState[] = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  let now = 1_000_000;
  const controller = createUpdateController({
    createUpdater: makeUpdater,
    prefs,
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { ms, run };
      timers.push(timer);
      return { cancel: () => timers.splice(timers.indexOf(timer), 1) };
    },
    onState: (state) => states.push(state),
    describeError: (error) => `update failed: ${error.message.split('\n')[0]}`,
  });
  return { controller, states, timers, advance: (ms: number) => (now += ms) };
}

async function cachedFiles(): Promise<string[]> {
  try {
    return await readdir(join(dir, 'cache', 'tiny-agent-updater'), { recursive: true });
  } catch {
    return [];
  }
}

describe('updates against a local feed', () => {
  it('finds 0.2.0, downloads it, verifies its sha512 and offers "Restart to update" with the notes', async () => {
    const { controller, states } = await controllerWith({ enabled: true, channel: 'stable' });
    await controller.checkNow();
    expect(controller.state().status).toEqual({ kind: 'ready', version: '0.2.0', notes: 'Quick ask from anywhere.' });
    expect(controller.state().lastError).toBeNull();
    expect(states.map((s) => s.status.kind)).toContain('downloading');
    expect(feed.requests.filter((r) => r.includes('.deb'))).toHaveLength(1);
    expect(feed.requests.some((r) => /latest(-linux)?\.yml/.test(r))).toBe(true);
    const files = await cachedFiles();
    expect(files.some((f) => f.endsWith('.deb'))).toBe(true);
  });

  it("refuses an artifact whose sha512 is not the feed's: nothing becomes ready and the state goes back to idle", async () => {
    feed.sha512 = createHash('sha512').update('something else').digest('base64');
    const { controller } = await controllerWith({ enabled: true, channel: 'stable' });
    await controller.checkNow();
    expect(controller.state().status).toEqual({ kind: 'idle' });
    expect(controller.state().lastError).toMatch(/sha512 checksum mismatch/);
    expect(feed.requests.filter((r) => r.includes('.deb'))).toHaveLength(1);
    expect((await cachedFiles()).filter((f) => f.endsWith('.deb') && !f.includes('temp'))).toEqual([]);
  });

  it('a feed that is down changes nothing: idle stays idle, the next check is a day later', async () => {
    feed.down = true;
    const { controller, timers } = await controllerWith({ enabled: true, channel: 'stable' });
    await controller.checkNow();
    expect(controller.state().status).toEqual({ kind: 'idle' });
    expect(controller.state().lastError).toMatch(/^update failed: /);
    expect(feed.requests.length).toBeGreaterThan(0);
    expect(timers.map((t) => t.ms)).toEqual([24 * 60 * 60 * 1000]);
  });

  it('off means no request at all: the feed server sees none and electron-updater is never created', async () => {
    const { controller, timers } = await controllerWith({ enabled: false, channel: 'stable' });
    await controller.checkNow();
    expect(timers).toEqual([]);
    expect(controller.state().status).toEqual({ kind: 'off' });
    expect(feed.requests).toEqual([]);
    expect(created).toBe(0);
  });

  it('never asked counts as off', async () => {
    const { controller, timers } = await controllerWith({ enabled: null, channel: 'beta' });
    await controller.checkNow();
    expect(timers).toEqual([]);
    expect(feed.requests).toEqual([]);
  });

  it('turned on later: the first check is scheduled 30 s after start, and the timer runs it', async () => {
    const { controller, timers } = await controllerWith({ enabled: false, channel: 'stable' });
    controller.setPrefs({ enabled: true, channel: 'stable' });
    expect(timers.map((t) => t.ms)).toEqual([30_000]);
    expect(controller.state().status).toEqual({ kind: 'idle' });
    timers[0]?.run();
    await expect.poll(() => controller.state().status.kind, { timeout: 10_000 }).toBe('ready');
  });
});
