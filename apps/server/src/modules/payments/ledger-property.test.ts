import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '@brushline/shared/cards/pricing';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { planParts, upFrontParts, type PaymentPlan } from '@brushline/shared/payments/plan';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { paymentStateOf } from '@brushline/shared/payments/state';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, deliveryBody, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { feeOf, type Balances } from './ledger.rules.ts';
import { findBalances, findLedger } from './payments.repo.ts';

/**
 * The ledger's property (decision 0020): random sequences of plans, payments, starts, deliveries,
 * approvals, overdue cancels and refunds, driven through the real routes on PGlite, against a
 * model of what each should do. After every step: each ledger transaction of the order sums to
 * zero, the order's balances (summed by the database) equal the model's, and the order's page
 * (GET payments) shows the model's figures, payment state and confirmed parts.
 */
const FEE_PERCENT = 7.5;
const FEE_BP = FEE_PERCENT * 100;

let t: TestApp;
let artist: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: String(FEE_PERCENT) });
  artist = await registerArtist(t);
  buyer = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const planArb: fc.Arbitrary<PaymentPlan> = fc.oneof(
  fc.constant<PaymentPlan>({ kind: 'full' }),
  fc.integer({ min: 1, max: 99 }).map<PaymentPlan>((p) => ({ kind: 'deposit', depositPercent: p })),
  fc
    .tuple(
      fc.integer({ min: 1, max: 98 }),
      fc.constantFrom('acceptance', 'wip', 'delivery'),
      fc.constantFrom('acceptance', 'wip', 'delivery'),
    )
    .map<PaymentPlan>(([p, s1, s2]) => ({
      kind: 'milestones',
      milestones: [
        { name: 'One', percent: p, stage: s1 },
        { name: 'Two', percent: 100 - p, stage: s2 },
      ],
    })),
);

type Step =
  | { kind: 'confirm'; part: number }
  | { kind: 'start' | 'deliver' | 'approve' | 'cancelOverdue' | 'refund' | 'startBeforePayment' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 }).map<Step>((part) => ({ kind: 'confirm', part })) },
  {
    weight: 5,
    arbitrary: fc.constantFrom<Step>(
      { kind: 'start' },
      { kind: 'deliver' },
      { kind: 'approve' },
      { kind: 'cancelOverdue' },
      { kind: 'refund' },
      { kind: 'startBeforePayment' },
    ),
  },
);

interface Model {
  status: 'waiting' | 'processing' | 'finished' | 'done' | 'canceled';
  parts: ReturnType<typeof planParts>;
  confirmed: Set<number>;
  startBeforePayment: boolean;
  b: Record<keyof Balances, number>;
  refunded: number;
}

/** What the step should do to the model; false when the server must refuse it (nothing changes). */
function apply(m: Model, step: Step): boolean {
  const open = m.status !== 'canceled';
  switch (step.kind) {
    case 'confirm': {
      if (!open || step.part >= m.parts.length) return false;
      if (m.confirmed.has(step.part)) return true; // a repeat records nothing
      const amount = m.parts[step.part]!.amountCents;
      const fee = feeOf(amount, FEE_BP);
      m.confirmed.add(step.part);
      m.b.buyer -= amount;
      m.b.artist += amount - fee;
      m.b.platformFee += fee;
      return true;
    }
    case 'startBeforePayment':
      m.startBeforePayment = true;
      return true;
    case 'start': {
      const paid = upFrontParts(m.parts).every((p) => m.confirmed.has(p.index));
      if (m.status !== 'waiting' || !(paid || m.startBeforePayment)) return false;
      m.status = 'processing';
      return true;
    }
    case 'deliver':
      if (m.status !== 'processing') return false;
      m.status = 'finished';
      return true;
    case 'approve':
      if (m.status !== 'finished') return false;
      m.status = 'done';
      return true;
    case 'cancelOverdue':
      if (m.status !== 'waiting' && m.status !== 'processing') return false;
      m.status = 'canceled';
      m.b.refunds += m.b.artist + m.b.platformFee;
      m.b.artist = 0;
      m.b.platformFee = 0;
      return true;
    case 'refund':
      if (m.b.refunds > 0) {
        m.refunded += m.b.refunds;
        m.b.buyer += m.b.refunds;
        m.b.refunds = 0;
        return true;
      }
      return m.refunded > 0; // a repeat; nothing owed and nothing refunded: 400
  }
}

async function run(form: SentForm, step: Step) {
  const put = (who: TestUser, url: string, body: unknown = {}) => call(t.app, 'PUT', url, who.cookie, body);
  const task = `/api/task/${form.task.id}`;
  const money = `/api/comissionform/${form.id}`;
  switch (step.kind) {
    case 'confirm':
      return put(artist, `${money}/payments/${step.part}/confirm`, { reference: 'prop' });
    case 'startBeforePayment':
      return put(artist, `${money}/payments/start-before-payment`, { enabled: true });
    case 'start':
      return put(artist, `${task}/start`);
    case 'deliver':
      return put(artist, `${task}/deliver`, await deliveryBody(t, artist));
    case 'approve':
      return put(buyer, `${task}/approve`);
    case 'cancelOverdue':
      await t.app.deps.db.execute(
        sql`update commission_forms set due_at = now() - interval '1 minute' where id = ${form.id}`,
      );
      return put(buyer, `${money}/cancel-overdue`);
    case 'refund':
      return put(artist, `${money}/payments/refund`, { reference: 'prop refund' });
  }
}

async function check(form: SentForm, m: Model, totalCents: number) {
  const entries = await findLedger(t.app.deps.db, form.id);
  const sums = new Map<number, number>();
  for (const e of entries) sums.set(e.transactionId, (sums.get(e.transactionId) ?? 0) + e.amountCents);
  for (const [id, sum] of sums) expect(sum, `transaction ${id}`).toBe(0);

  const { balances, refundedCents } = await findBalances(t.app.deps.db, form.id);
  expect(balances).toEqual(m.b);
  expect(refundedCents).toBe(m.refunded);

  const page = (
    await call(t.app, 'GET', `/api/comissionform/${form.id}/payments`, buyer.cookie)
  ).json<OrderMoney>();
  const paid = 0 - m.b.buyer - m.b.refunds; // 0 - …: never -0
  expect(page.balances).toEqual({
    paid: fromCents(paid),
    fees: fromCents(m.b.platformFee),
    refundOwed: fromCents(m.b.refunds),
    refunded: fromCents(m.refunded),
    outstanding: fromCents(Math.max(0, totalCents - paid - m.refunded)),
  });
  expect(page.state).toBe(
    paymentStateOf({ totalCents, paidCents: paid, refundOwedCents: m.b.refunds, refundedCents: m.refunded }),
  );
  expect(page.parts.filter((p) => p.status === 'confirmed').map((p) => p.index)).toEqual(
    [...m.confirmed].sort((a, b) => a - b),
  );
}

describe('the ledger under random sequences of money actions and moves', () => {
  it('keeps every transaction at zero and every order’s balances, page and state equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        fc.integer({ min: 100, max: 99_999 }),
        fc.array(stepArb, { minLength: 1, maxLength: 10 }),
        async (plan, totalCents, steps) => {
          const card = await createCard(t, artist, {
            startingPrice: fromCents(totalCents),
            paymentPlan: plan,
            deliveryDays: 7,
          });
          const form = await sendForm(t, buyer, card);
          const accepted = await call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, artist.cookie);
          expect(accepted.statusCode).toBe(200);
          const m: Model = {
            status: 'waiting',
            parts: planParts(plan, totalCents),
            confirmed: new Set(),
            startBeforePayment: false,
            b: { buyer: 0, held: 0, artist: 0, platformFee: 0, refunds: 0 },
            refunded: 0,
          };
          for (const step of steps) {
            const ok = apply(m, step);
            const res = await run(form, step);
            expect(res.statusCode < 300, `${step.kind}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(
              ok,
            );
            await check(form, m, totalCents);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
