import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './src/main/security/content-security-policy';

/** Adds the strict CSP to the built page (the dev server needs inline HMR scripts, so it gets none). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'tiny-agent-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      // Each worker thread is an entry of its own, emitted beside index.js (src/main/workers/worker-script.ts finds it).
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          'derived-worker': resolve('src/main/workers/derived-worker.ts'),
          'import-worker': resolve('src/main/workers/import-worker.ts'),
          'python-worker': resolve('src/main/workers/python-worker.ts'),
          'document-worker': resolve('src/main/workers/document-worker.ts'),
          'page-worker': resolve('src/main/workers/page-worker.ts'),
        },
      },
    },
  },
  preload: {
    // CommonJS so the preload runs with `sandbox: true`; only `electron` is external, everything else is bundled.
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
      // Every asset ships as a file: the CSP allows fonts and images only from 'self', so one the bundler inlined as a
      // data: URL (it inlines those under 4 KB, e.g. a KaTeX font) would be refused and its glyphs fall back.
      assetsInlineLimit: 0,
    },
    plugins: [react(), contentSecurityPolicy()],
  },
});
