import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPgliteDir } from '../../cli/backup-database.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { createTestApp } from '../../test/harness.ts';
import { deliveryBody } from '../../test/kit.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import {
  acceptedOrder,
  ledgerKinds,
  money,
  move,
  payPart,
  postWebhook,
  readyArtist,
  settle,
  stripeEnv,
  WEBHOOK_SECRET,
  type StripeWorld,
} from './stripe-fixtures.ts';
import { STRIPE_MONEY_QUEUE } from './stripe.rules.ts';

/**
 * Decision 0031, idempotency: the process dies between Stripe's answer and the ledger's record of it. A real
 * instance in a child process takes the transfer job; the stand-in stores the transfer under its
 * idempotency key and SIGKILLs the child before answering. A new instance on the same database
 * retries the job (after the expiry pg-boss's supervisor would wait for, made due here), sends the
 * same key, gets the same transfer back, and records it once.
 */
const workerFile = fileURLToPath(new URL('../../test/stripe-worker-child.ts', import.meta.url));
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('a crash between the transfer and its record', () => {
  it('retries with the same idempotency key: one transfer at Stripe, one in the order', async () => {
    const dbDir = await mkdtemp(join(tmpdir(), 'brushline-crash-'));
    cleanup.push(() => rm(dbDir, { recursive: true, force: true }));
    let child: ChildProcess | null = null;
    let app: StripeWorld['t']['app'] | null = null;
    let killed = false;
    const stripe: StripeStandIn = await startStripeStandIn({
      webhookSecret: WEBHOOK_SECRET,
      deliver: async (payload, signature) => (await postWebhook(app!, payload, signature)).statusCode,
      onAnswered: (r) => {
        if (r.path === '/v1/transfers' && child && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      },
    });
    cleanup.push(() => stripe.close());

    // 1. An order paid, delivered and approved: the release is in the ledger, its transfer a job.
    //    The database starts from the run's migrated template (the migrations run once per run).
    const template = inject('pgliteTemplate');
    if (template) await (await openPgliteDir(dbDir, template)).close();
    let database: Database = await openDatabase({ dataDir: dbDir });
    if (!template) await runMigrations(database);
    let t = await createTestApp(stripeEnv(stripe), database, { jobPollMs: 3_600_000 });
    app = t.app;
    const w = { t, stripe, close: async () => {} };
    const artist = await readyArtist(w);
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    expect((await move(t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(t, artist, form, 'deliver', await deliveryBody(t, artist))).statusCode).toBe(200);
    expect((await move(t, buyer, form, 'approve')).statusCode).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/transfers')).toHaveLength(0);
    await t.close();
    await database.close();

    // 2. Another instance takes the job and dies the moment Stripe has made the transfer.
    child = fork(workerFile, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ...stripeEnv(stripe),
        CRASH_DB_DIR: dbDir,
        DATA_DIR: dbDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    expect(exit).toBe('SIGKILL');
    const first = stripe.requestsTo('POST', '/v1/transfers');
    expect(first).toHaveLength(1);
    expect(stripe.transfers.size).toBe(1);

    // 3. A restart on the same database: nothing recorded yet; the job, left active by the dead
    //    instance, is retried (pg-boss's supervisor does it once its expiry passes).
    database = await openDatabase({ dataDir: dbDir });
    t = await createTestApp(stripeEnv(stripe), database, { jobPollMs: 3_600_000 });
    app = t.app;
    cleanup.push(async () => {
      await t.close();
      await database.close();
    });
    expect((await money(t, artist, form.id)).parts[0]!.platform!.state).toBe('released');
    expect((await money(t, artist, form.id)).timeline.map((e) => e.kind)).not.toContain('transferred');
    await t.app.deps.db.execute(
      sql`update pgboss.job set state = 'retry', start_after = now() - interval '1 second'
           where name = ${STRIPE_MONEY_QUEUE} and state = 'active'`,
    );
    await settle(t);

    const all = stripe.requestsTo('POST', '/v1/transfers');
    expect(all).toHaveLength(2);
    expect(all.map((r) => r.idempotencyKey)).toEqual([`release:${form.id}:0`, `release:${form.id}:0`]);
    expect(stripe.transfers.size).toBe(1);
    const transfer = [...stripe.transfers.values()][0]!;
    expect(transfer).toMatchObject({ amount: 7200, source_transaction: charge.id });
    const m = await money(t, artist, form.id);
    expect(m.timeline.filter((e) => e.kind === 'transferred')).toEqual([
      expect.objectContaining({ note: transfer.id, amount: 72 }),
    ]);
    expect(await ledgerKinds(t, form.id)).toEqual(['payment', 'release']);
    // 13–27 s alone; a child process started under tsx on a loaded CI machine took over 60 s.
  }, 180_000);
});
