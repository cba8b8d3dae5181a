import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second server of the built app, started as a newcomer starts it (`npm start` on an empty
 * embedded database, SEED_DEMO on): it creates the demo accounts and content, and prints the
 * accounts' passwords once after "is ready". Journeys that need what only time makes (an order
 * past its due date) sign in to its demo accounts; the run's own server (playwright.config.ts)
 * starts empty.
 */
export interface DemoServer {
  url: string;
  /** Demo login → its one-time password, read from the printed block. */
  passwords: Record<string, string>;
  stop(): Promise<void>;
}

export async function startDemoServer(port: number): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brushline-e2e-demo-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const passwords = await new Promise<Record<string, string>>((resolve, reject) => {
    const found: Record<string, string> = {};
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const m of out.matchAll(/^\s+(demo_\w+)\s+password: (\S+)/gm)) found[m[1]!] = m[2]!;
      // The block ends with where to sign in.
      if (/^Sign in at /m.test(out)) resolve(found);
    });
    child.on('exit', (code) =>
      reject(new Error(`the demo server ended (${code}) before printing its accounts:\n${out}\n${err}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    passwords,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new browser context on the demo server, signed in as one of its demo accounts through /login. */
export async function signInDemo(browser: Browser, demo: DemoServer, login: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(demo.passwords[login]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}
