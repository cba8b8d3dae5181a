import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
// One fresh data directory per run; workers inherit it through the environment.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'brushline-e2e-')));

export default defineConfig({
  testDir: 'e2e',
  // Ceilings for a loaded 2-core CI machine, not speed targets (28 Nov: at load 12–14 the longest
  // journeys took 3 min, and 4.1 min in a CI run before axe scans got 2.7× faster).
  timeout: 300_000,
  expect: { timeout: 30_000 },
  // Two browsers at once in CI (spec files in parallel, each file's tests in order): the journeys
  // use their own accounts and demo servers on their own ports. 27 Nov: 45 passed in 15.4 min with
  // two, 21.2 min with one (E2E_WORKERS=1 for a serial run).
  workers: Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (apt-get install chromium); Playwright's own download cannot work here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /a11y-coverage\.spec\.ts/ },
    // After every journey: did axe see every screen (e2e/a11y-coverage.spec.ts)?
    { name: 'a11y-coverage', testMatch: /a11y-coverage\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    // The production path: the compiled server `npm run test:e2e` has just built (npm run build).
    command: 'node --enable-source-maps apps/server/dist/main.js',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // The first start creates the embedded database; on a loaded 2-core machine that takes a while.
    timeout: 300_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // e2e/accounts.ts gives each API registration its own X-Forwarded-For address.
      TRUST_PROXY: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Notification e-mail goes out a second after the event, not two minutes (e2e/email-journey).
      EMAIL_BATCH_SECONDS: '1',
    },
  },
});
