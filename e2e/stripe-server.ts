import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../apps/server/src/test/stripe-stand-in.ts';

/**
 * A server of the built app that takes card payments (PAYMENT_PROVIDER=stripe, decision 0031), on
 * an empty data directory of its own, with the Stripe stand-in (apps/server/src/test/stripe-stand-in.ts)
 * in this worker: the app's SDK calls it through STRIPE_API_BASE, its hosted checkout and
 * onboarding pages are what the browser visits instead of Stripe's, and it POSTs its signed
 * webhooks to the app's endpoint. The run's own server (playwright.config.ts) stays off-platform.
 */
export interface StripeServer {
  url: string;
  /** The app's DATA_DIR: its mail outbox is there (registerByApi's `dataDir`). */
  dataDir: string;
  standIn: StripeStandIn;
  stop(): Promise<void>;
}

export async function startStripeServer(port: number): Promise<StripeServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'brushline-e2e-stripe-'));
  // Its own free port; the app learns it from STRIPE_API_BASE.
  const standIn = await startStripeStandIn({
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    webhookUrl: `${url}/api/payments/stripe/webhook`,
  });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // registerByApi gives each registration its own X-Forwarded-For address.
      TRUST_PROXY: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: '',
      // As the server tests' stripeEnv (payments/stripe-fixtures.ts, which needs Vitest).
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_brushline_e2e',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      PLATFORM_FEE_PERCENT: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The first start creates the embedded database: some 20 s on a loaded 2-core machine.
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null)
            throw new Error(`the Stripe server ended (${child.exitCode}):\n${out}`);
          return fetch(`${url}/api/health`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 240_000, intervals: [250] },
      )
      .toBe(200);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dataDir, standIn, stop };
}

/** The app's webhook signing secret, which the stand-in signs its events with. */
const STRIPE_WEBHOOK_SECRET = 'whsec_brushline_e2e_secret';
