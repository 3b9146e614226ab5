// Serves the built renderer on loopback with the app's CSP header (module scripts cannot load from file:// here).
import { createReadStream, promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../src/main/security/content-security-policy.js';
import { PREVIEW_CONTENT_SECURITY_POLICY, PREVIEW_SHELL_PATH } from '../../src/shared/preview-policy.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticServer {
  url: string;
  /** Paths requested so far (to prove nothing unexpected was fetched). */
  requests: string[];
  close(): Promise<void>;
}

export async function serveDirectory(root: string): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    fs.stat(file).then(
      (stat) => {
        if (!stat.isFile()) throw new Error('not a file');
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          // The preview shell has its own policy (in its meta too, which is all it has under file:// in the app).
          'content-security-policy': path === `/${PREVIEW_SHELL_PATH}` ? PREVIEW_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
          'cache-control': 'no-store',
        });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
