import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every non-browser suite: shared rules, the server on a real database, the web components.
export default defineConfig({
  test: {
    // Two cores: more workers only fight over them (each PGlite copy also takes ~0.5 GB).
    maxWorkers: 2,
    // Start each worker once and reuse it: on a loaded machine a worker can take over a minute to
    // start, past Vitest's fixed start timeout. Every file still builds its own app and database.
    isolate: false,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          pool: 'forks',
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
          // Stubs made with vi.stubGlobal (fetch above all) are undone before every test.
          unstubGlobals: true,
          testTimeout: 180_000,
        },
      },
    ],
  },
});
