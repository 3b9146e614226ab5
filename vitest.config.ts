import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on 2 cores is one worker; most files wait on servers, workers and disk, not the CPU.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/packaging/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/renderer/setup.ts'],
          testTimeout: 40_000,
        },
      },
    ],
  },
});
