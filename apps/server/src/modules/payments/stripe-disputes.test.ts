import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryBody, call, type TestUser } from '../../test/kit.ts';
import {
  acceptedOrder,
  ledgerKinds,
  money,
  move,
  payPart,
  readyArtist,
  settle,
  stripeWorld,
  type StripeWorld,
  makeOverdue,
} from './stripe-fixtures.ts';

/**
 * What a card dispute does to the money (decision 0031): held money waits for the dispute's end;
 * a lost dispute is recorded as the bank's refund (no refund asked of Stripe, nothing transferred);
 * a won one lets what waited go on. And the pair that can meet: approval ‖ the dispute's opening.
 */
let w: StripeWorld;
let artist: TestUser;

beforeAll(async () => {
  w = await stripeWorld();
  artist = await readyArtist(w);
});
afterAll(() => w.close());

const transfersOf = (formId: number) =>
  w.stripe.requestsTo('POST', '/v1/transfers').filter((r) => r.idempotencyKey === `release:${formId}:0`);
const refundsOf = (formId: number) =>
  w.stripe.requestsTo('POST', '/v1/refunds').filter((r) => r.idempotencyKey === `refund:${formId}:0`);

/** A paid ($80, held) order delivered by the artist, its charge, and a dispute opened on it. */
async function deliveredAndDisputed() {
  const { form, buyer } = await acceptedOrder(w, artist);
  const { charge } = await payPart(w, buyer, form.id, 0);
  expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
  expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
  const { dispute } = await w.stripe.openDispute(charge.id);
  await settle(w.t);
  return { form, buyer, dispute };
}

describe('held money under a dispute', () => {
  it('approval leaves the part held until the dispute is won; then it is released and transferred once', async () => {
    const { form, buyer, dispute } = await deliveredAndDisputed();
    expect((await move(w.t, buyer, form, 'approve')).statusCode).toBe(200);
    await settle(w.t);
    const during = await money(w.t, artist, form.id);
    expect(during.parts[0]!.platform).toMatchObject({
      state: 'held',
      stateLabel: 'Held until the card dispute ends',
      actBy: null,
    });
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment']);
    expect(transfersOf(form.id)).toHaveLength(0);

    await w.stripe.closeDispute(dispute.id, 'won');
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'release']);
    expect(transfersOf(form.id)).toHaveLength(1);
    expect((await money(w.t, buyer, form.id)).parts[0]!.platform!.state).toBe('released');
  });

  it('a lost dispute records the bank’s refund: held money back to the buyer, no refund asked, nothing transferred', async () => {
    const { form, buyer, dispute } = await deliveredAndDisputed();
    await w.stripe.closeDispute(dispute.id, 'lost');
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'chargeback']);
    const m = await money(w.t, buyer, form.id);
    expect(m.balances).toMatchObject({ paid: 0, refunded: 80 });
    expect(m.parts[0]!.platform!.state).toBe('refunded');
    expect(m.timeline.map((e) => e.kind)).toContain('chargedBack');
    expect(m.creditNotes).toHaveLength(1);
    // Approval afterwards releases nothing: the money is gone.
    expect((await move(w.t, buyer, form, 'approve')).statusCode).toBe(200);
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'chargeback']);
    expect(transfersOf(form.id)).toHaveLength(0);
    expect(refundsOf(form.id)).toHaveLength(0);
  });

  it('a refund owed during the dispute waits for it: won, the refund goes ahead once', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    const { dispute } = await w.stripe.openDispute(charge.id);
    await settle(w.t);
    await makeOverdue(w.t, form.id);
    expect(
      (await call(w.t.app, 'PUT', `/api/comissionform/${form.id}/cancel-overdue`, buyer.cookie, {}))
        .statusCode,
    ).toBe(200);
    await settle(w.t);
    expect(refundsOf(form.id)).toHaveLength(0);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'refundOwed']);
    expect((await money(w.t, buyer, form.id)).parts[0]!.platform!.stateLabel).toBe(
      'Held until the card dispute ends',
    );

    await w.stripe.closeDispute(dispute.id, 'won');
    await settle(w.t);
    expect(refundsOf(form.id)).toHaveLength(1);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'refundOwed', 'refund']);
    expect((await money(w.t, buyer, form.id)).balances.refunded).toBe(80);
  });

  it('a refund owed during the dispute, then lost: the bank’s refund is the refund, Stripe is asked nothing', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    const { dispute } = await w.stripe.openDispute(charge.id);
    await settle(w.t);
    await makeOverdue(w.t, form.id);
    await call(w.t.app, 'PUT', `/api/comissionform/${form.id}/cancel-overdue`, buyer.cookie, {});
    await settle(w.t);
    await w.stripe.closeDispute(dispute.id, 'lost');
    await settle(w.t);
    expect(refundsOf(form.id)).toHaveLength(0);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'refundOwed', 'chargeback']);
    const m = await money(w.t, buyer, form.id);
    expect(m.balances).toMatchObject({ paid: 0, refunded: 80, refundOwed: 0 });
  });

  it('lost after the money reached the artist: nothing is posted, staff are told', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    expect((await move(w.t, buyer, form, 'approve')).statusCode).toBe(200);
    await settle(w.t);
    const { dispute } = await w.stripe.openDispute(charge.id);
    await settle(w.t);
    await w.stripe.closeDispute(dispute.id, 'lost');
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'release']);
    const told = await w.t.app.deps.db.execute<{ message: string }>(
      sql`select message from notifications where form_id = ${form.id} and user_id = ${artist.id}
          order by id desc limit 1`,
    );
    expect(told.rows[0]!.message).toContain('staff will look at it');
  });
});

describe('moves that meet', () => {
  it('approval ‖ the dispute’s opening, then lost: the money went either to the artist or back to the buyer, once', async () => {
    for (let round = 0; round < 4; round++) {
      const { form, buyer } = await acceptedOrder(w, artist);
      const { charge } = await payPart(w, buyer, form.id, 0);
      expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
      expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(
        200,
      );
      // The webhook is stored; its job runs beside the approval.
      const { dispute } = await w.stripe.openDispute(charge.id);
      const [approved] = await Promise.all([move(w.t, buyer, form, 'approve'), settle(w.t)]);
      expect(approved.statusCode).toBe(200);
      await settle(w.t);
      await w.stripe.closeDispute(dispute.id, 'lost');
      await settle(w.t);
      const kinds = await ledgerKinds(w.t, form.id);
      expect([
        ['payment', 'release'],
        ['payment', 'chargeback'],
      ]).toContainEqual(kinds);
      expect(transfersOf(form.id)).toHaveLength(kinds.includes('release') ? 1 : 0);
      expect(refundsOf(form.id)).toHaveLength(0);
    }
  });
});
