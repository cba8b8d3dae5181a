import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import {
  call,
  createCard,
  deliveryBody,
  registerArtist,
  sendForm,
  statusOf,
  type TestUser,
} from '../../test/kit.ts';
import { findLedger } from './payments.repo.ts';

let t: TestApp;
let artist: TestUser;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
  artist = await registerArtist(t);
  buyer = await registerUser(t.app, t.dataDir);
  stranger = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const money = async (user: TestUser, formId: number) => {
  const res = await call(t.app, 'GET', `/api/comissionform/${formId}/payments`, user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<OrderMoney>();
};
const act = (
  user: TestUser,
  formId: number,
  path: string,
  body: unknown = {},
  method: 'PUT' | 'POST' = 'PUT',
) => call(t.app, method, `/api/comissionform/${formId}/${path}`, user.cookie, body);
const move = (user: TestUser, form: SentForm, path: string) =>
  call(t.app, 'PUT', `/api/task/${form.task.id}/${path}`, user.cookie, {});

/** Every ledger transaction of the order sums to zero. */
async function expectBalancedLedger(formId: number) {
  const entries = await findLedger(t.app.deps.db, formId);
  const sums = new Map<number, number>();
  for (const e of entries) sums.set(e.transactionId, (sums.get(e.transactionId) ?? 0) + e.amountCents);
  for (const sum of sums.values()) expect(sum).toBe(0);
  return entries;
}

async function depositOrder(overrides: { deliveryDays?: number | null } = {}) {
  const card = await createCard(t, artist, {
    startingPrice: 80,
    paymentPlan: { kind: 'deposit', depositPercent: 50 },
    deliveryDays: overrides.deliveryDays === undefined ? 7 : overrides.deliveryDays,
  });
  return { card, form: await sendForm(t, buyer, card) };
}

describe('a deposit order from request to approval', () => {
  it('copies the plan, gates the start on the deposit, records payments in the ledger with an invoice number', async () => {
    const { card, form } = await depositOrder();
    expect(card.paymentPlan).toEqual({ kind: 'deposit', depositPercent: 50 });
    let m = await money(buyer, form.id);
    expect(m.parts.map((p) => [p.name, p.amount, p.status])).toEqual([
      ['Deposit', 40, 'scheduled'],
      ['Remainder', 40, 'scheduled'],
    ]);
    expect(m.state).toBe('unpaid');
    expect(m.dueAt).toBeNull();

    // A later card edit never changes what the buyer agreed to.
    const edited = await call(t.app, 'PUT', '/api/comissioncard/update', artist.cookie, {
      ...card,
      infoProvidedByTheAuthor: card.infoProvidedByTheAuthor,
      cardBanner: null,
      thumbnailPicture: null,
      galleryFolder: null,
      paymentPlan: { kind: 'full' },
    });
    expect(edited.statusCode).toBe(200);

    expect((await move(artist, form, 'accept')).statusCode).toBe(200);
    m = await money(artist, form.id);
    expect(m.plan).toEqual({ kind: 'deposit', depositPercent: 50 });
    expect(m.parts[0]!.status).toBe('due');
    expect(m.parts[1]!.status).toBe('scheduled');
    expect(m.nextStep).toBe('Ask for the deposit: $40.00');
    const due = new Date(m.dueAt!).getTime() - Date.now();
    expect(due).toBeGreaterThan(6.9 * 86_400_000);
    expect(due).toBeLessThanOrEqual(7 * 86_400_000);

    // Starting waits for the deposit.
    const early = await move(artist, form, 'start');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('payment_required');
    expect(await statusOf(t, artist, form.id)).toBe('waiting');

    expect(
      (await act(artist, form.id, 'payments/0/request', { instructions: 'paypal.me/ann/40' })).statusCode,
    ).toBe(200);
    m = await money(buyer, form.id);
    expect(m.parts[0]!.instructions).toBe('paypal.me/ann/40');
    expect(m.nextStep).toBe('Pay the deposit: $40.00');

    // A client-sent amount is ignored: the part's amount is the server's.
    const marked = await act(buyer, form.id, 'payments/0/paid', { reference: 'PP-123', amount: 1 });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<OrderMoney>().parts[0]!.amount).toBe(40);
    expect((await money(artist, form.id)).nextStep).toBe('Confirm you received $40.00');

    const [a, b] = await Promise.all([
      act(artist, form.id, 'payments/0/confirm', {}),
      act(artist, form.id, 'payments/0/confirm', {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    m = await money(artist, form.id);
    expect(m.state).toBe('partPaid');
    expect(m.balances).toMatchObject({ paid: 40, fees: 4, refundOwed: 0 });
    expect(m.parts[0]!.invoiceNumber).toBe(`INV-${artist.login}-0001`);
    expect(m.parts[0]!.reference).toBe('PP-123');
    const entries = await expectBalancedLedger(form.id);
    expect(entries.map((e) => [e.account, e.amountCents])).toEqual([
      ['buyer', -4000],
      ['artist', 3600],
      ['platformFee', 400],
    ]);

    expect((await move(artist, form, 'start')).statusCode).toBe(200);
    const deliver = await call(
      t.app,
      'PUT',
      `/api/task/${form.task.id}/deliver`,
      artist.cookie,
      await deliveryBody(t, artist),
    );
    expect(deliver.statusCode).toBe(200);
    m = await money(buyer, form.id);
    expect(m.parts[1]!.status).toBe('due');
    expect(m.autoApproveAt).not.toBeNull();
    expect((await move(buyer, form, 'approve')).statusCode).toBe(200);
    expect(
      (await act(artist, form.id, 'payments/1/confirm', { reference: 'bank transfer' })).statusCode,
    ).toBe(200);
    m = await money(buyer, form.id);
    expect(m.state).toBe('paid');
    expect(m.parts[1]!.invoiceNumber).toBe(`INV-${artist.login}-0002`);
    expect(m.timeline.map((e) => e.kind)).toEqual(['requested', 'markedPaid', 'confirmed', 'confirmed']);
    await expectBalancedLedger(form.id);
  });
});

describe('an order past its due date', () => {
  it('lets the buyer cancel; everything paid becomes a refund owed until the artist records it', async () => {
    const { form } = await depositOrder();
    expect((await move(artist, form, 'accept')).statusCode).toBe(200);
    expect((await act(artist, form.id, 'payments/0/confirm', { reference: 'cash' })).statusCode).toBe(200);

    const notYet = await act(buyer, form.id, 'cancel-overdue');
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('not_overdue');

    await t.app.deps.db.execute(
      sql`update commission_forms set due_at = now() - interval '1 hour' where id = ${form.id}`,
    );
    expect((await money(buyer, form.id)).overdue).toBe(true);
    expect((await act(artist, form.id, 'cancel-overdue')).statusCode).toBe(409); // only the buyer
    const canceled = await act(buyer, form.id, 'cancel-overdue');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json<SentForm>().status).toBe('canceled');

    let m = await money(buyer, form.id);
    expect(m.state).toBe('refundOwed');
    expect(m.balances).toMatchObject({ paid: 0, refundOwed: 40, fees: 0 });
    expect(m.nextStep).toBe(`${artist.login} owes you a refund of $40.00`);
    expect((await money(artist, form.id)).nextStep).toBe(`Refund $40.00 to ${buyer.login}, then record it`);

    const late = await act(artist, form.id, 'payments/1/confirm', {});
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(paymentMessages.orderClosed);

    expect((await act(artist, form.id, 'payments/refund', { reference: 'PP refund 9' })).statusCode).toBe(
      200,
    );
    expect((await act(artist, form.id, 'payments/refund', {})).statusCode).toBe(200); // a repeat records nothing
    m = await money(buyer, form.id);
    expect(m.state).toBe('refunded');
    expect(m.balances).toMatchObject({ paid: 0, refundOwed: 0, refunded: 40 });
    expect(m.creditNotes).toHaveLength(1);
    const entries = await expectBalancedLedger(form.id);
    expect(new Set(entries.map((e) => e.transactionId)).size).toBe(3);
  });

  it('answers a delivery racing the overdue cancel with one winner and a 409 for the other', async () => {
    const { form } = await depositOrder();
    await move(artist, form, 'accept');
    await act(artist, form.id, 'payments/0/confirm', {});
    await move(artist, form, 'start');
    await t.app.deps.db.execute(
      sql`update commission_forms set due_at = now() - interval '1 minute' where id = ${form.id}`,
    );
    const body = await deliveryBody(t, artist);
    const [d, c] = await Promise.all([
      call(t.app, 'PUT', `/api/task/${form.task.id}/deliver`, artist.cookie, body),
      act(buyer, form.id, 'cancel-overdue'),
    ]);
    expect([d.statusCode, c.statusCode].sort()).toEqual([200, 409]);
    const m = await money(buyer, form.id);
    expect(m.state).toBe(c.statusCode === 200 ? 'refundOwed' : 'partPaid');
    await expectBalancedLedger(form.id);
  });
});

describe('extensions', () => {
  it('moves the due date when the buyer accepts', async () => {
    const { form } = await depositOrder();
    await move(artist, form, 'accept');
    const before = await money(buyer, form.id);
    const newDue = new Date(new Date(before.dueAt!).getTime() + 3 * 86_400_000).toISOString();
    expect(
      (await act(artist, form.id, 'extension', { dueAt: before.dueAt, reason: 'ill' }, 'POST')).statusCode,
    ).toBe(400);
    expect(
      (await act(artist, form.id, 'extension', { dueAt: newDue, reason: 'ill' }, 'POST')).statusCode,
    ).toBe(200);
    const again = await act(artist, form.id, 'extension', { dueAt: newDue, reason: 'ill' }, 'POST');
    expect(again.json().error.code).toBe('extension_pending');
    expect((await money(buyer, form.id)).nextStep).toBe('Accept or decline the new due date');
    expect((await act(artist, form.id, 'extension/accept')).statusCode).toBe(403);
    expect((await act(buyer, form.id, 'extension/accept')).statusCode).toBe(200);
    expect((await money(buyer, form.id)).dueAt).toBe(newDue);
    expect((await act(buyer, form.id, 'extension/decline')).json().error.code).toBe('no_extension');
  });
});

describe('rules for bad input and strangers', () => {
  it('refuses plans that do not add up and delivery times out of range', async () => {
    const bad = [
      { paymentPlan: { kind: 'deposit', depositPercent: 100 } },
      {
        paymentPlan: {
          kind: 'milestones',
          milestones: [
            { name: 'Sketch', percent: 30, stage: 'acceptance' },
            { name: 'Final', percent: 60, stage: 'delivery' },
          ],
        },
      },
      {
        paymentPlan: {
          kind: 'milestones',
          milestones: Array.from({ length: 6 }, (_, i) => ({
            name: `M${i}`,
            percent: i < 5 ? 16 : 20,
            stage: 'wip',
          })),
        },
      },
      { deliveryDays: 0 },
      { deliveryDays: 366 },
    ];
    const messages = [
      paymentMessages.depositRange,
      paymentMessages.milestonesSum,
      paymentMessages.milestoneCount,
      paymentMessages.deliveryDaysRange,
      paymentMessages.deliveryDaysRange,
    ];
    for (const [i, overrides] of bad.entries()) {
      const res = await call(t.app, 'POST', '/api/commissioncard/create', artist.cookie, {
        title: 'Bad plan',
        infoProvidedByTheAuthor: '',
        startingPrice: 10,
        sections: [],
        cardBanner: null,
        thumbnailPicture: null,
        isOpenComission: true,
        isCommissionsOpen: true,
        ...overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.body).toContain(messages[i]);
    }
  });

  it('hides an order’s money from strangers and lets only the right side act', async () => {
    const { form } = await depositOrder();
    expect(
      (await call(t.app, 'GET', `/api/comissionform/${form.id}/payments`, stranger.cookie)).statusCode,
    ).toBe(404);
    expect((await act(stranger, form.id, 'payments/0/confirm', {})).statusCode).toBe(404);
    await move(artist, form, 'accept');
    expect((await act(buyer, form.id, 'payments/0/confirm', {})).statusCode).toBe(403);
    expect((await act(artist, form.id, 'payments/0/paid', {})).statusCode).toBe(403);
    expect((await act(buyer, form.id, 'payments/1/paid', {})).json().error.code).toBe('part_not_due');
    expect((await act(buyer, form.id, 'payments/4/paid', {})).statusCode).toBe(404);
  });

  it('lets the artist start before payment when they choose it', async () => {
    const { form } = await depositOrder({ deliveryDays: null });
    await move(artist, form, 'accept');
    expect((await move(artist, form, 'start')).statusCode).toBe(409);
    const chose = await act(artist, form.id, 'payments/start-before-payment', { enabled: true });
    expect(chose.json<OrderMoney>().startBeforePayment).toBe(true);
    expect((await move(artist, form, 'start')).statusCode).toBe(200);
  });

  it('keeps the ledger append-only', async () => {
    const refused = (statement: ReturnType<typeof sql>) =>
      t.app.deps.db.execute(statement).then(
        () => 'accepted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(await refused(sql`update ledger_entries set amount_cents = 1`)).toMatch(/append-only/);
    expect(await refused(sql`delete from ledger_transactions`)).toMatch(/append-only/);
    // A movement that does not sum to zero is refused at commit.
    const unbalanced = t.app.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .execute<{ id: number }>(
          sql`insert into ledger_transactions (form_id, kind, idempotency_key) values (1, 'payment', 'unbalanced') returning id`,
        )
        .then((r) => r.rows);
      await tx.execute(
        sql`insert into ledger_entries (transaction_id, form_id, artist_id, account, amount_cents) values (${row!.id}, 1, ${artist.id}, 'buyer', -100), (${row!.id}, 1, ${artist.id}, 'artist', 99)`,
      );
    });
    expect(
      await unbalanced.then(
        () => 'accepted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      ),
    ).toMatch(/does not balance/);
  });
});
