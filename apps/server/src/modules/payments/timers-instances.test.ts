import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { closeAll, registerUser, twoInstances, type TestApp } from '../../test/harness.ts';
import {
  call,
  createCard,
  deliveryBody,
  notificationsAbout,
  registerArtist,
  sendForm,
  statusOf,
  type TestUser,
} from '../../test/kit.ts';
import { ORDER_TIMERS_QUEUE } from './timers.rules.ts';
import { deliveredDaysAgo, dueNow, timersOf } from './timer-fixtures.ts';

/**
 * Two servers of one deployment, each polling the job queue (every 100 ms here): a job runs on one
 * of them, once. On PGlite the two share one embedded database; in the PostgreSQL pass
 * (DATABASE_URL) they are two connection pools racing for the same rows.
 */
let a: TestApp;
let b: TestApp;
let artist: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  [a, b] = await twoInstances({ jobPollMs: 100 });
  artist = await registerArtist(a);
  buyer = await registerUser(a.app, a.dataDir);
});
afterAll(() => closeAll(b, a));

describe('two instances on one job queue', () => {
  it('run each job once, between them', async () => {
    const ran: { id: number; by: 'a' | 'b' }[] = [];
    for (const [t, by] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await t.app.deps.jobs.define<{ id: number }>({
        name: 'test-count',
        handler: async (job) => {
          ran.push({ id: job.data.id, by });
        },
      });
    }
    const ids = Array.from({ length: 30 }, (_, i) => i);
    for (const id of ids) await a.app.deps.jobs.send(a.app.deps.db, 'test-count', { id });
    await expect
      .poll(async () => (await a.app.deps.jobs.counts()).find((q) => q.name === 'test-count')?.completed, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(ids.length);
    // Every job once: none lost, none run by both.
    expect(ran.map((r) => r.id).sort((x, y) => x - y)).toEqual(ids);
  });

  it('approve an unanswered delivery automatically once, whichever instance takes the job', async () => {
    const card = await createCard(a, artist, {});
    const form = await sendForm(a, buyer, card);
    const move = (t: TestApp, user: TestUser, path: string, body: unknown = {}) =>
      call(t.app, 'PUT', `/api/task/${form.task.id}/${path}`, user.cookie, body);
    expect((await move(a, artist, 'accept')).statusCode).toBe(200);
    expect((await move(b, artist, 'start')).statusCode).toBe(200);
    expect((await move(a, artist, 'deliver', await deliveryBody(a, artist))).statusCode).toBe(200);

    await deliveredDaysAgo(a, form.id, 15);
    await dueNow(a, form.id, 'autoApprove');
    await expect
      .poll(async () => (await timersOf(a, form.id)).find((s) => s.timer.kind === 'autoApprove')?.state, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe('completed');

    expect(await statusOf(b, artist, form.id)).toBe('done');
    const res = await call(b.app, 'GET', `/api/comissionform/${form.id}/payments`, buyer.cookie);
    const kinds = res.json<OrderMoney>().timeline.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'autoApproved')).toHaveLength(1);
    for (const user of [buyer, artist]) {
      const told = (await notificationsAbout(a, user, form.id)).filter((n) =>
        n.message.includes('approved automatically:'),
      );
      expect(told).toHaveLength(1);
    }
    const counts = (await b.app.deps.jobs.counts()).find((q) => q.name === ORDER_TIMERS_QUEUE)!;
    expect(counts.failed).toBe(0);
  });
});
