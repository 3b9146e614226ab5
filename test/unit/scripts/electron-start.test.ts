// The start step's decisions, with the download and the launch injected: no network, no Electron binary needed.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_INSTALLER, ROOT } from '../../../scripts/electron-binary.js';
import { downloadFailedMessage, prepareEndToEnd, startApp, type StartEdges } from '../../../scripts/electron-start.js';

/** Edges that record what the step did; `present` flips to true when a scripted fetch succeeds. */
function scripted(opts: { present: boolean; fetch?: { code: number; output: string } }) {
  const calls: string[] = [];
  const printed: string[] = [];
  let present = opts.present;
  const edges: StartEdges = {
    findBinary: () => (present ? '/electron' : undefined),
    fetchBinary: async () => {
      calls.push('fetch');
      const result = opts.fetch ?? { code: 1, output: 'no fetch scripted' };
      if (result.code === 0) present = true;
      return result;
    },
    launch: async () => {
      calls.push('launch');
      return 0;
    },
    print: (line) => printed.push(line),
  };
  return { edges, calls, printed };
}

describe('npm start / npm run dev', () => {
  it('binary present → launches without fetching', async () => {
    const { edges, calls } = scripted({ present: true });
    expect(await startApp(edges)).toBe(0);
    expect(calls).toEqual(['launch']);
  });

  it('binary missing → fetches it, then launches', async () => {
    const { edges, calls, printed } = scripted({ present: false, fetch: { code: 0, output: '' } });
    expect(await startApp(edges)).toBe(0);
    expect(calls).toEqual(['fetch', 'launch']);
    expect(printed[0]).toMatch(/^Electron \d+\.\d+\.\d+ is not downloaded yet: fetching it once/);
  });

  it('fetch fails → names the cause and the mirror and proxy variables, exits 1, never launches', async () => {
    const { edges, calls, printed } = scripted({
      present: false,
      fetch: { code: 1, output: 'TypeError: fetch failed\n    at node:internal/deps/undici:1:1\n' },
    });
    expect(await startApp(edges)).toBe(1);
    expect(calls).toEqual(['fetch']);
    const message = printed.at(-1) ?? '';
    expect(message).toContain('Cause: TypeError: fetch failed\n');
    for (const variable of ['ELECTRON_MIRROR', 'ELECTRON_GET_USE_PROXY', 'HTTPS_PROXY', 'electron_config_cache', 'ELECTRON_EXEC_PATH'])
      expect(message).toContain(variable);
  });

  it('an installer that exits 0 without leaving a binary counts as a failure', async () => {
    const { edges, calls } = scripted({ present: false, fetch: { code: 0, output: '' } });
    edges.findBinary = () => undefined;
    expect(await startApp(edges)).toBe(1);
    expect(calls).toEqual(['fetch']);
  });
});

describe('before the end-to-end run', () => {
  it('never downloads unless TINY_AGENT_E2E_ELECTRON=1, and says how to ask', async () => {
    const { edges, calls, printed } = scripted({ present: false });
    expect(await prepareEndToEnd(edges, {})).toBe(0);
    expect(calls).toEqual([]);
    expect(printed).toEqual([
      'Electron binary not downloaded: the end-to-end specs run in Chromium mode. Set TINY_AGENT_E2E_ELECTRON=1 to download it first and run them in Electron.',
    ]);
  });

  it('when asked, fetches; a failed fetch explains and continues in Chromium mode', async () => {
    const { edges, calls, printed } = scripted({ present: false, fetch: { code: 1, output: 'HTTPError: Response code 404' } });
    expect(await prepareEndToEnd(edges, { TINY_AGENT_E2E_ELECTRON: '1' })).toBe(0);
    expect(calls).toEqual(['fetch']);
    expect(printed.at(-2)).toContain('Cause: HTTPError: Response code 404');
    expect(printed.at(-1)).toBe('Continuing in Chromium mode.');
  });

  it('binary present → Electron mode, nothing fetched', async () => {
    const { edges, calls, printed } = scripted({ present: true });
    expect(await prepareEndToEnd(edges, { TINY_AGENT_E2E_ELECTRON: '1' })).toBe(0);
    expect(calls).toEqual([]);
    expect(printed).toEqual(['Electron binary present: the end-to-end specs run in the real Electron app.']);
  });
});

describe("electron's real installer against an unreachable mirror", () => {
  it('fails fast with a non-zero exit and a cause our message can quote', async () => {
    const requested: string[] = [];
    const server = createServer((req, res) => {
      requested.push(req.url ?? '');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // Another platform's build, so an Electron already downloaded on this machine does not satisfy the installer.
      const platform = process.platform === 'win32' ? 'linux' : 'win32';
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [ELECTRON_INSTALLER], {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
            ELECTRON_INSTALL_PLATFORM: platform,
            ELECTRON_INSTALL_ARCH: 'x64',
            electron_config_cache: mkdtempSync(join(tmpdir(), 'electron-cache-')),
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(code).not.toBe(0);
      expect(requested).toEqual([expect.stringMatching(new RegExp(`^/v[\\d.]+/electron-v[\\d.]+-${platform}-x64\\.zip$`))]);
      expect(downloadFailedMessage(stderr)).toMatch(/Cause: HTTPError: Response code 404 \(Not Found\) for http:\/\/127\.0\.0\.1/);
    } finally {
      server.close();
    }
  });
});
