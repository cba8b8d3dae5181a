import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
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
import { autoApprove } from '../orders/transitions.service.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { findLedger } from './payments.repo.ts';
import { DAY_MS, ORDER_TIMERS_QUEUE, type OrderTimer } from './timers.rules.ts';
import { runOrderTimer, scheduleOrderTimers } from './timers.service.ts';
import {
  deliveredDaysAgo as moveDelivery,
  dueNow as makeDue,
  timersOf as timersAt,
} from './timer-fixtures.ts';

/**
 * The order timers (decision 0021) with a controlled clock: each job's handler takes `now`, so a test
 * reads the jobs a move scheduled (their data and time) and runs them at, before or after that
 * time. The queue's own pollers look only every hour here; `drain` runs what is due at once, and
 * timers-instances.test.ts shows the pollers of two instances at work.
 */
let t: TestApp;
let artist: TestUser;
let buyer: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { jobPollMs: 3_600_000 });
  artist = await registerArtist(t);
  buyer = await registerUser(t.app, t.dataDir);
  staff = await registerStaff(t);
});
afterAll(() => t.close());

const move = (user: TestUser, form: SentForm, path: string, body: unknown = {}) =>
  call(t.app, 'PUT', `/api/task/${form.task.id}/${path}`, user.cookie, body);
const money = async (user: TestUser, formId: number) =>
  (await call(t.app, 'GET', `/api/comissionform/${formId}/payments`, user.cookie)).json<OrderMoney>();

/** An accepted, started order with a 7-day delivery time (paid on delivery: no payment step). */
async function startedOrder() {
  const card = await createCard(t, artist, { deliveryDays: 7 });
  const form = await sendForm(t, buyer, card);
  expect((await move(artist, form, 'accept')).statusCode).toBe(200);
  expect((await move(artist, form, 'start')).statusCode).toBe(200);
  return form;
}

async function deliveredOrder() {
  const form = await startedOrder();
  expect((await move(artist, form, 'deliver', await deliveryBody(t, artist))).statusCode).toBe(200);
  return form;
}

const run = (timer: OrderTimer, now: Date) => runOrderTimer(t.app.deps, null, timer, { now });
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const timersOf = (formId: number) => timersAt(t, formId);
const deliveredDaysAgo = (formId: number, days: number) => moveDelivery(t, formId, days);
const dueNow = (formId: number, kind: OrderTimer['kind']) => makeDue(t, formId, kind);

const autoNotes = async (user: TestUser, formId: number) =>
  (await notificationsAbout(t, user, formId)).filter((n) => n.message.includes('approved automatically:'));
const reminders = async (user: TestUser, formId: number) =>
  (await notificationsAbout(t, user, formId)).filter((n) => n.type === 'payment');

async function expectBalancedLedger(formId: number) {
  const sums = new Map<number, number>();
  for (const e of await findLedger(t.app.deps.db, formId)) {
    sums.set(e.transactionId, (sums.get(e.transactionId) ?? 0) + e.amountCents);
  }
  for (const sum of sums.values()) expect(sum).toBe(0);
}

describe('a delivery left without an answer', () => {
  it('schedules the reminders 7 and 1 days before and the approval 14 days after it', async () => {
    const form = await deliveredOrder();
    const approveAt = new Date((await money(buyer, form.id)).autoApproveAt!);
    const timers = (await timersOf(form.id)).filter((s) => s.timer.kind !== 'dueReminder');
    expect(timers.map((s) => [s.timer.kind, s.at.getTime()])).toEqual([
      ['approvalReminder', approveAt.getTime() - 7 * DAY_MS],
      ['approvalReminder', approveAt.getTime() - DAY_MS],
      ['autoApprove', approveAt.getTime()],
    ]);
    expect(timers.every((s) => s.state === 'created')).toBe(true);
  });

  it('reminds the buyer at each reminder once, then approves it for both sides at its time', async () => {
    const form = await deliveredOrder();
    const [week, day, approval] = (await timersOf(form.id)).filter((s) => s.timer.kind !== 'dueReminder');

    // Before its time a timer does nothing; at it, the reminder is the buyer's (kind payments).
    expect(await run(week!.timer, minutes(week!.at, -1))).toBe('nothing');
    expect(await reminders(buyer, form.id)).toHaveLength(0);
    expect(await run(week!.timer, week!.at)).toBe('reminded');
    expect(await run(day!.timer, minutes(day!.at, 1))).toBe('reminded');
    const sent = await reminders(buyer, form.id);
    expect(sent.map((n) => n.message)).toEqual([
      expect.stringMatching(/will be approved automatically on \d{4}-\d{2}-\d{2}, in 1 day: approve it/),
      expect.stringMatching(/will be approved automatically on \d{4}-\d{2}-\d{2}, in 7 days: approve it/),
    ]);

    expect(await run(approval!.timer, minutes(approval!.at, -1))).toBe('nothing');
    expect(await statusOf(t, artist, form.id)).toBe('finished');
    expect(await run(approval!.timer, approval!.at)).toBe('approved');
    expect(await statusOf(t, artist, form.id)).toBe('done');
    expect(await autoNotes(buyer, form.id)).toHaveLength(1);
    expect(await autoNotes(artist, form.id)).toHaveLength(1);
    const m = await money(buyer, form.id);
    expect(m.timeline.filter((e) => e.kind === 'autoApproved')).toEqual([
      expect.objectContaining({ by: null }),
    ]);
    // Late or twice: the order is done, nothing more happens.
    expect(await run(approval!.timer, minutes(approval!.at, 60))).toBe('nothing');
    expect(await run(day!.timer, minutes(day!.at, 1))).toBe('nothing');
    expect(await autoNotes(buyer, form.id)).toHaveLength(1);
    await expectBalancedLedger(form.id);
  });

  it('runs its jobs through the queue: each reminder once, the approval once', async () => {
    const form = await deliveredOrder();
    await deliveredDaysAgo(form.id, 8); // past the 7-day reminder's time, before the 1-day one's
    await dueNow(form.id, 'approvalReminder');
    await t.app.deps.jobs.drain(ORDER_TIMERS_QUEUE);
    // Both reminder jobs ran; only the one whose window it is said anything.
    expect((await reminders(buyer, form.id)).map((n) => n.message)).toEqual([
      expect.stringContaining('in 7 days'),
    ]);
    expect(await t.app.deps.jobs.drain(ORDER_TIMERS_QUEUE)).toBe(0);

    await deliveredDaysAgo(form.id, 7);
    await dueNow(form.id, 'autoApprove');
    expect(await t.app.deps.jobs.drain(ORDER_TIMERS_QUEUE)).toBe(1);
    expect(await statusOf(t, artist, form.id)).toBe('done');
    expect(await autoNotes(buyer, form.id)).toHaveLength(1);
    expect(
      (await timersOf(form.id)).filter((s) => s.timer.kind !== 'dueReminder').map((s) => s.state),
    ).toEqual(['completed', 'completed', 'completed']);
  });
});

describe('an answer before the time', () => {
  it('approved by the buyer: no reminder, no automatic approval', async () => {
    const form = await deliveredOrder();
    expect((await move(buyer, form, 'approve')).statusCode).toBe(200);
    for (const s of await timersOf(form.id)) expect(await run(s.timer, minutes(s.at, 1))).toBe('nothing');
    expect(await reminders(buyer, form.id)).toHaveLength(0);
    expect(await autoNotes(buyer, form.id)).toHaveLength(0);
    expect((await money(buyer, form.id)).timeline.map((e) => e.kind)).not.toContain('autoApproved');
  });

  it('sent back: the first delivery’s timers do nothing, the new delivery has its own, scheduled once', async () => {
    const form = await deliveredOrder();
    const first = (await timersOf(form.id)).filter((s) => s.timer.kind !== 'dueReminder');
    expect((await move(buyer, form, 'send-back', { comment: 'Brighter, please' })).statusCode).toBe(200);
    expect((await move(artist, form, 'deliver', await deliveryBody(t, artist))).statusCode).toBe(200);
    const all = (await timersOf(form.id)).filter((s) => s.timer.kind !== 'dueReminder');
    expect(all).toHaveLength(6);
    const second = all.filter((s) => !first.some((f) => f.key === s.key));
    expect(second).toHaveLength(3);

    for (const s of first) expect(await run(s.timer, minutes(s.at, 1))).toBe('nothing');
    expect(await statusOf(t, artist, form.id)).toBe('finished');

    // The same move told twice (a reaction run again) schedules nothing more: one job per key.
    await t.app.deps.db.transaction((tx) =>
      scheduleOrderTimers({ ...t.app.deps, db: tx }, null, {
        formId: form.id,
        artistId: artist.id,
        buyerId: buyer.id,
        actorId: artist.id,
        action: 'deliver',
        from: 'processing',
        to: 'finished',
      }),
    );
    expect(await timersOf(form.id)).toHaveLength(all.length + 1); // + the due-date reminder

    const approval = second.find((s) => s.timer.kind === 'autoApprove')!;
    expect(await run(approval.timer, approval.at)).toBe('approved');
    expect(await statusOf(t, artist, form.id)).toBe('done');
  });
});

describe('the buyer approving as the timer fires', () => {
  it('has one winner: the other gets 409 (the buyer) or does nothing (the timer); the ledger balances', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const form = await deliveredOrder();
      await deliveredDaysAgo(form.id, 15);
      const [human, timer] = await Promise.all([
        move(buyer, form, 'approve'),
        autoApprove(t.app.deps, null, form.id, new Date()),
      ]);
      expect([human.statusCode === 200, timer]).toContain(true);
      expect(human.statusCode === 200 && timer).toBe(false);
      if (human.statusCode !== 200) {
        expect(human.statusCode).toBe(409);
        expect(human.json<{ error: { code: string } }>().error.code).toBe('illegal_transition');
      }
      expect(await statusOf(t, artist, form.id)).toBe('done');
      const kinds = (await money(buyer, form.id)).timeline.map((e) => e.kind);
      expect(kinds.filter((k) => k === 'autoApproved')).toHaveLength(timer ? 1 : 0);
      expect(await autoNotes(buyer, form.id)).toHaveLength(timer ? 1 : 0);
      await expectBalancedLedger(form.id);
      outcomes.push(timer ? 'timer' : 'buyer');
    }
    expect(outcomes).toHaveLength(3);
  });
});

describe('the due date', () => {
  it('reminds the artist a day before it; a due date moved by an extension moves the reminder', async () => {
    const form = await startedOrder();
    const [due] = await timersOf(form.id);
    const dueAt = new Date((await money(artist, form.id)).dueAt!);
    expect(due).toMatchObject({ timer: { kind: 'dueReminder' }, at: new Date(dueAt.getTime() - DAY_MS) });
    expect(await run(due!.timer, minutes(due!.at, -1))).toBe('nothing');
    expect(await run(due!.timer, due!.at)).toBe('reminded');
    expect((await reminders(artist, form.id)).map((n) => n.message)).toEqual([
      expect.stringMatching(/is due on \d{4}-\d{2}-\d{2}, in less than 1 day: deliver it, or ask/),
    ]);

    const later = new Date(dueAt.getTime() + 3 * DAY_MS).toISOString();
    const asked = await call(t.app, 'POST', `/api/comissionform/${form.id}/extension`, artist.cookie, {
      dueAt: later,
      reason: 'ill',
    });
    expect(asked.statusCode).toBe(200);
    const accepted = await call(t.app, 'PUT', `/api/comissionform/${form.id}/extension/accept`, buyer.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(await run(due!.timer, due!.at)).toBe('rescheduled');
    // The first job still waits here (this test ran its timer by hand); the new one is the later.
    const moved = (await timersOf(form.id)).filter((s) => s.timer.kind === 'dueReminder').at(-1);
    expect(moved?.at).toEqual(new Date(new Date(later).getTime() - DAY_MS));
  });

  it('delivered in time: no reminder', async () => {
    const form = await deliveredOrder();
    const due = (await timersOf(form.id)).find((s) => s.timer.kind === 'dueReminder')!;
    expect(await run(due.timer, due.at)).toBe('nothing');
    expect((await reminders(artist, form.id)).length).toBe(0);
  });
});

describe('a job that keeps failing', () => {
  it('is retried, then kept as failed and copied to the dead-letter queue; staff see the counts', async () => {
    let tries = 0;
    await t.app.deps.jobs.define({
      name: 'test-always-fails',
      retryLimit: 1,
      retryDelaySeconds: 1,
      handler: async () => {
        tries += 1;
        throw new Error('no');
      },
    });
    await t.app.deps.jobs.send(t.app.deps.db, 'test-always-fails', { n: 1 });
    const counts = async () => {
      const res = await call(t.app, 'GET', '/api/admin/jobs', staff.cookie);
      expect(res.statusCode).toBe(200);
      return res.json<{ queues: { name: string; waiting: number; retrying: number; failed: number }[] }>()
        .queues;
    };
    // The app's own poller may take the job before this drain does (it runs whenever the app's
    // jobs are started): wait until the one try has been made and recorded as a failure to retry.
    await expect
      .poll(
        async () => {
          await t.app.deps.jobs.drain('test-always-fails');
          return (await counts()).find((q) => q.name === 'test-always-fails');
        },
        { timeout: 30_000, interval: 100 },
      )
      .toMatchObject({ retrying: 1, failed: 0 });
    expect(tries).toBe(1);
    // The retry waits its backoff (about a second) in the database's clock: try until it has run.
    await expect
      .poll(async () => (await t.app.deps.jobs.drain('test-always-fails'), tries), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(2);
    await expect
      .poll(async () => (await counts()).find((q) => q.name === 'test-always-fails'), { timeout: 10_000 })
      .toMatchObject({ waiting: 0, failed: 1 });
    const after = await counts();
    expect(after.find((q) => q.name === 'dead-letter')!.waiting).toBeGreaterThanOrEqual(1);
    expect(after.find((q) => q.name === ORDER_TIMERS_QUEUE)!.waiting).toBeGreaterThan(0);
  });
});
