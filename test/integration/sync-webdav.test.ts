// The sync location on a real WebDAV server (webdav-server over a temp folder, Basic auth, 127.0.0.1): round trips,
// folders made once, an upload cut off midway leaving nothing at its name, 401, a server that is down or silent,
// credentials kept from another origin, and — behind the encryption — only ciphertext on the server's disk.
import { mkdtemp, readdir, readFile, rm, truncate } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedTransport, KEYCHECK_PATH, SyncCipherError } from '../../src/main/sync/encrypted-transport.js';
import { SyncTransportError, type SyncTransport } from '../../src/main/sync/transport.js';
import { syncTransportErrorText } from '../../src/main/sync/transport-strings.js';
import { createWebdavTransport } from '../../src/main/sync/webdav-transport.js';
import { closedPort } from '../fixtures/closed-port.js';
import { createTempFolderTransport } from '../fixtures/sync-transports.js';
import { DIALOGUE_TRANSCRIPT, transportDialogue } from '../fixtures/transport-dialogue.js';
import { startWebdavFixture, type WebdavFixture } from '../fixtures/webdav-server.js';

const FAST_KDF = { newKeyParams: { N: 2 ** 14, r: 8, p: 1 } };
const text = (value: string) => new TextEncoder().encode(value);

let dav: WebdavFixture;
let transport: SyncTransport;
const extraServers: Server[] = [];
const tempFolders: string[] = [];

beforeEach(async () => {
  dav = await startWebdavFixture();
  transport = createWebdavTransport({ url: dav.url, username: dav.username, password: dav.password });
});

afterEach(async () => {
  await transport.close();
  await dav.close();
  for (const server of extraServers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const folder of tempFolders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function codeOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
    return 'no error';
  } catch (error) {
    if (error instanceof SyncTransportError) return error.code;
    if (error instanceof SyncCipherError) return error.reason;
    throw error;
  }
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  extraServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tiny-sync-folder-'));
  tempFolders.push(folder);
  return folder;
}

/** Every file under the server's sync folder, relative path → bytes. */
async function filesOnDisk(): Promise<Map<string, Buffer>> {
  const root = path.join(dav.root, 'sync');
  const files = new Map<string, Buffer>();
  for (const name of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const full = path.join(name.parentPath, name.name);
    files.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
  }
  return files;
}

const methods = (from = 0) => dav.requests.slice(from).map((request) => request.method);

describe('the same scripted dialogue gives the same transcript', () => {
  it('on the WebDAV server', async () => {
    expect(await transportDialogue(transport)).toEqual(DIALOGUE_TRANSCRIPT);
  });

  it('in a temp folder', async () => {
    expect(await transportDialogue(createTempFolderTransport(await tempFolder()))).toEqual(DIALOGUE_TRANSCRIPT);
  });

  it('on the WebDAV server behind the encryption', async () => {
    expect(await transportDialogue(createEncryptedTransport(transport, 'a long passphrase', FAST_KDF))).toEqual(DIALOGUE_TRANSCRIPT);
  });

  it('in a temp folder behind the encryption', async () => {
    const folder = createTempFolderTransport(await tempFolder());
    expect(await transportDialogue(createEncryptedTransport(folder, 'a long passphrase', FAST_KDF))).toEqual(DIALOGUE_TRANSCRIPT);
  });
});

describe('WebDAV requests', () => {
  it('makes each folder once, uploads under a temporary name and moves it without overwriting', async () => {
    await transport.write('tiny-agent-sync/devices/dev-a/one.jsonl', text('one'));
    expect(methods()).toEqual(['MKCOL', 'MKCOL', 'MKCOL', 'PUT', 'MOVE']);
    const upload = dav.requests[3]!.path;
    expect(upload).toMatch(/^\/sync\/tiny-agent-sync\/devices\/dev-a\/\.tiny-upload-[0-9a-f]{16}$/);
    expect(dav.requests[4]!.path).toBe(upload);

    const before = dav.requests.length;
    await transport.write('tiny-agent-sync/devices/dev-a/two.jsonl', text('two'));
    expect(methods(before)).toEqual(['PUT', 'MOVE']);
    expect(dav.requests.every((request) => request.authorization)).toBe(true);
    expect([...(await filesOnDisk()).keys()].sort()).toEqual([
      'tiny-agent-sync/devices/dev-a/one.jsonl',
      'tiny-agent-sync/devices/dev-a/two.jsonl',
    ]);
  });

  it('lists folder by folder with Depth: 1, one PROPFIND per folder', async () => {
    for (const name of ['a/b/c/deep.bin', 'a/b/mid.bin', 'a/top.bin', 'x/y.bin']) await transport.write(name, text(name));
    const before = dav.requests.length;
    expect((await transport.list('')).map((entry) => entry.path).sort()).toEqual(['a/b/c/deep.bin', 'a/b/mid.bin', 'a/top.bin', 'x/y.bin']);
    // The root, a, a/b, a/b/c, x.
    expect(methods(before)).toEqual(['PROPFIND', 'PROPFIND', 'PROPFIND', 'PROPFIND', 'PROPFIND']);
    expect(await transport.list('a/b/')).toEqual(
      expect.arrayContaining([
        { path: 'a/b/c/deep.bin', size: 14 },
        { path: 'a/b/mid.bin', size: 11 },
      ]),
    );
  });

  it('leaves nothing at the path when the server drops the connection mid-upload, and the retry lands whole', async () => {
    const path = 'tiny-agent-sync/devices/dev-a/big.bin';
    const bytes = new Uint8Array(4 * 1024 * 1024).fill(7);
    dav.cutNextUpload(64 * 1024);
    const error = await transport.write(path, bytes).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncTransportError);
    expect((error as SyncTransportError).code).toBe('interrupted');
    expect(syncTransportErrorText('en', error)).toBe(
      'The connection to the sync location dropped. Nothing was left half-written; the next sync tries again.',
    );
    expect(syncTransportErrorText('zh-CN', error)).toBe('与同步位置的连接中断。没有写入不完整的文件，下次同步会重试。');
    expect(methods()).not.toContain('MOVE');
    expect((await filesOnDisk()).has(path)).toBe(false);
    expect(await transport.read(path)).toBeNull();
    expect(await transport.list('')).toEqual([]);

    await transport.write(path, bytes);
    expect((await filesOnDisk()).get(path)?.length).toBe(bytes.length);
    expect(await transport.list('')).toEqual([{ path, size: bytes.length }]);
  });

  it('says unauthorized for a wrong password, and writes nothing', async () => {
    const wrong = createWebdavTransport({ url: dav.url, username: dav.username, password: 'not it' });
    expect(await codeOf(wrong.list(''))).toBe('unauthorized');
    expect(await codeOf(wrong.read('a.bin'))).toBe('unauthorized');
    expect(await codeOf(wrong.write('dir/a.bin', text('x')))).toBe('unauthorized');
    expect((await filesOnDisk()).size).toBe(0);
    expect(syncTransportErrorText('zh-CN', new SyncTransportError('unauthorized', ''))).toBe('同步服务器不接受这个用户名或密码。');
  });

  it('says unreachable when nothing listens, and when the server never answers in time', async () => {
    const down = createWebdavTransport({ url: `http://127.0.0.1:${await closedPort()}/dav/`, username: 'a', password: 'b' });
    expect(await codeOf(down.list(''))).toBe('unreachable');
    expect(await codeOf(down.write('a.bin', text('x')))).toBe('unreachable');

    const silent = await listen(() => {
      // Takes the request and never answers.
    });
    const slow = createWebdavTransport({
      url: `http://127.0.0.1:${silent}/dav/`,
      username: 'a',
      password: 'b',
      requestTimeoutMs: 200,
    });
    expect(await codeOf(slow.read('a.bin'))).toBe('unreachable');
  });

  it('ends a request in flight when closed, and answers every later call with interrupted', async () => {
    let arrived = 0;
    const silent = await listen(() => {
      arrived++;
    });
    const closing = createWebdavTransport({ url: `http://127.0.0.1:${silent}/dav/`, username: 'a', password: 'b' });
    const pending = codeOf(closing.read('a.bin'));
    while (arrived === 0) await new Promise((resolve) => setImmediate(resolve));
    await closing.close();
    expect(await pending).toBe('interrupted');
    expect(await codeOf(closing.list(''))).toBe('interrupted');
    expect(arrived).toBe(1);
  });

  it('says interrupted when a download is cut off, and not-found when the sync folder does not exist', async () => {
    const cut = await listen((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write(Buffer.alloc(100));
      setImmediate(() => res.socket?.destroy());
    });
    const cutOff = createWebdavTransport({ url: `http://127.0.0.1:${cut}/dav/`, username: 'a', password: 'b' });
    expect(await codeOf(cutOff.read('a.bin'))).toBe('interrupted');

    const missing = createWebdavTransport({ url: `${dav.url}missing/`, username: dav.username, password: dav.password });
    expect(await codeOf(missing.list(''))).toBe('not-found');
    expect(await codeOf(missing.write('a/b.bin', text('x')))).toBe('not-found');
  });

  it('refuses a file over the read bound before taking its body', async () => {
    await transport.write('big.bin', new Uint8Array(5000));
    const bounded = createWebdavTransport({ url: dav.url, username: dav.username, password: dav.password, maxReadBytes: 4096 });
    expect(await codeOf(bounded.read('big.bin'))).toBe('refused');
    expect((await bounded.read('big.bin').catch((error: Error) => error.message)) as string).toBe(
      'GET big.bin: 5000 bytes is over the limit of 4096',
    );
  });

  it('sends credentials only to the configured origin, never after a redirect to another', async () => {
    const seen: (string | undefined)[] = [];
    const redirector = await listen((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(307, { location: `${dav.url.replace(/\/$/, '')}${req.url!.replace(/^\/dav/, '')}` });
      res.end();
    });
    const elsewhere = createWebdavTransport({
      url: `http://127.0.0.1:${redirector}/dav/`,
      username: dav.username,
      password: dav.password,
    });
    expect(await codeOf(elsewhere.list(''))).toBe('unauthorized');
    expect(seen).toEqual([`Basic ${Buffer.from(`${dav.username}:${dav.password}`).toString('base64')}`]);
    expect(dav.requests).toEqual([{ method: 'PROPFIND', path: '/sync/', authorization: false }]);
  });

  it('refuses addresses that are not http or https, or that hold credentials', () => {
    for (const url of ['ftp://example.com/dav/', 'file:///tmp/dav', 'not a url', 'https://bob:pw@example.com/dav/']) {
      expect(() => createWebdavTransport({ url, username: 'a', password: 'b' })).toThrow(SyncTransportError);
    }
  });

  it('refuses paths that climb out of the sync folder', async () => {
    for (const bad of ['../escape.bin', 'a/../../b', '/abs.bin', 'a//b', 'a\\b']) {
      expect(await codeOf(transport.write(bad, text('x')))).toBe('refused');
    }
    expect(await codeOf(transport.list('a'))).toBe('refused');
    expect(dav.requests).toEqual([]);
  });
});

describe('encryption over WebDAV', () => {
  it('stores only ciphertext on the server: the plaintext is nowhere in the stored bytes', async () => {
    const sealed = createEncryptedTransport(transport, 'correct horse battery staple', FAST_KDF);
    const secret = '{"role":"user","text":"我的银行密码是 hunter2, meet at Café Lumière"}\n';
    await sealed.write('tiny-agent-sync/devices/dev-a/chats/c1.jsonl', text(secret.repeat(50)));
    const stored = await filesOnDisk();
    expect([...stored.keys()].sort()).toEqual(['tiny-agent-sync/devices/dev-a/chats/c1.jsonl', KEYCHECK_PATH]);
    for (const [name, bytes] of stored) {
      for (const needle of ['hunter2', '银行密码', 'Lumière', '"role"', 'correct horse']) {
        expect(bytes.includes(Buffer.from(needle)), `${needle} in ${name}`).toBe(false);
      }
    }
    expect(new TextDecoder().decode((await sealed.read('tiny-agent-sync/devices/dev-a/chats/c1.jsonl'))!)).toBe(secret.repeat(50));
  });

  it('skips a truncated remote file as torn and detects a wrong passphrase before any upload', async () => {
    const sealed = createEncryptedTransport(transport, 'correct horse battery staple', FAST_KDF);
    await sealed.write('d/c1.jsonl', text('x'.repeat(1000)));
    await truncate(path.join(dav.root, 'sync', 'd', 'c1.jsonl'), 500);
    const fresh = createEncryptedTransport(transport, 'correct horse battery staple', FAST_KDF);
    expect(await codeOf(fresh.read('d/c1.jsonl'))).toBe('torn');

    const before = dav.requests.length;
    const wrong = createEncryptedTransport(transport, 'Correct horse battery staple', FAST_KDF);
    expect(await codeOf(wrong.write('d/c2.jsonl', text('never')))).toBe('wrong-passphrase');
    expect(await codeOf(wrong.list(''))).toBe('wrong-passphrase');
    expect(methods(before)).toEqual(['GET']);
    expect((await filesOnDisk()).has('d/c2.jsonl')).toBe(false);
  });

  it('leaves nothing at the path when the connection drops mid-upload of a sealed file', async () => {
    const sealed = createEncryptedTransport(transport, 'correct horse battery staple', FAST_KDF);
    await sealed.list('');
    await sealed.write('d/first.jsonl', text('first'));
    dav.cutNextUpload(32 * 1024);
    expect(await codeOf(sealed.write('d/big.jsonl', new Uint8Array(2 * 1024 * 1024)))).toBe('interrupted');
    expect((await filesOnDisk()).has('d/big.jsonl')).toBe(false);
    expect((await sealed.list('')).map((entry) => entry.path)).toEqual(['d/first.jsonl']);
  });
});
