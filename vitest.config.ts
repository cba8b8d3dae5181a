import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every non-browser suite: shared rules, the server on a real database, the web components.
export default defineConfig({
  test: {
    // Three workers on two cores: a server file often waits (argon2 and sharp in the thread pool, a
    // child process, a deliberate outage), and a third worker fills those gaps. Measured on 2 cores:
    // 2 workers 128 s, 3 workers 107 s, 4 workers 119 s (each PGlite takes ~0.5 GB).
    maxWorkers: 3,
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
          // The pinned AWS SDK runs on Node 20; its start-up warning is about later versions, which
          // the lockfile does not install (docs/decisions/0026-object-storage.md). Not in every worker's output.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
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
