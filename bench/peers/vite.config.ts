// Builds the peers bench page (bench only: the peers are devDependencies and never reach the app bundle).
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '../../out/bench-peers'),
    emptyOutDir: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 10_000,
  },
});
