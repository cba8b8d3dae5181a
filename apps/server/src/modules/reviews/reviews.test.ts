import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistsPage, DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import { DISPLAY_CARD_MEDIA } from '@brushline/shared/gallery/constants';
import { reviewMessages } from '@brushline/shared/reviews/messages';
import type {
  OrderReviews,
  Reputation,
  ReviewSaved,
  UserReviewsPage,
} from '@brushline/shared/reviews/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import {
  call,
  createCard,
  moveOrder,
  registerArtist,
  registerWithRole,
  sendForm,
  type OrderStatus,
  type TestUser,
} from '../../test/kit.ts';
import { addImage, shownArtist } from '../gallery/gallery-fixtures.ts';
import { createTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';

/**
 * Reviews after a done order (decision 0023): who may review when, as a table of
 * cases; answers; the lists and averages (hidden reviews leave both); /artists sorted by rating;
 * the record's figures; and the average kept exact when reviews arrive together.
 */

let t: TestApp;
let tagTitle: string;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await registerStaff(t);
  tagTitle = (await createTag(t, staff, { title: uniqueTitle('portrait') })).title;
});
afterAll(() => t.close());

/** A fresh artist (with an open card) and buyer, and an order between them moved to `status`. */
async function order(status: OrderStatus | 'declined' | 'canceled', artist?: TestUser) {
  const a = artist ?? (await registerArtist(t));
  const buyer = await registerUser(t.app, t.dataDir);
  const card = await createCard(t, a);
  const form = await sendForm(t, buyer, card);
  if (status === 'declined' || status === 'canceled') {
    const [who, url] =
      status === 'declined'
        ? [a, `/api/comissionform/decline/${form.id}`]
        : [buyer, `/api/comissionform/decline-request-as-buyer/${form.id}`];
    const res = await call(t.app, 'DELETE', url, who.cookie);
    if (res.statusCode !== 200) throw new Error(`${status} ${res.statusCode}: ${res.body}`);
  } else await moveOrder(t, form, { artist: a, buyer }, status);
  return { artist: a, buyer, form };
}

/**
 * `n` orders of `artist` from `buyer` already done, written in SQL: the lists, sorting and race
 * cases need many done orders, and walking each through the routes (uploads included) is what
 * the rule table above already does.
 */
async function doneOrders(artist: TestUser, buyer: TestUser, n: number): Promise<Pick<SentForm, 'id'>[]> {
  const { rows } = await t.app.deps.db.execute<{ id: number }>(sql`
    with f as (
      insert into commission_forms (card_title, artist_id, sender_id, total_price_cents)
      select 'Portrait', ${artist.id}, ${buyer.id}, 2000 from generate_series(1, ${n})
      returning id)
    insert into commission_tasks (form_id, status, done_at) select id, 'done', now() from f
    returning form_id as id`);
  return rows.map((r) => ({ id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

const review = (
  who: TestUser,
  form: Pick<SentForm, 'id'>,
  body: unknown = { stars: 5, text: 'Lovely work' },
) => call(t.app, 'POST', `/api/order/${form.id}/review`, who.cookie, body);

const errorCode = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

describe('who may review when', () => {
  const cases: {
    name: string;
    status: OrderStatus | 'declined' | 'canceled';
    who: 'artist' | 'buyer' | 'stranger';
    status_: number;
    code?: string;
  }[] = [
    { name: 'a new order', status: 'none', who: 'buyer', status_: 409, code: 'review_not_due' },
    { name: 'an accepted order', status: 'waiting', who: 'artist', status_: 409, code: 'review_not_due' },
    {
      name: 'an order in progress',
      status: 'processing',
      who: 'buyer',
      status_: 409,
      code: 'review_not_due',
    },
    { name: 'a delivered order', status: 'finished', who: 'buyer', status_: 409, code: 'review_not_due' },
    { name: 'a declined order', status: 'declined', who: 'buyer', status_: 409, code: 'review_not_due' },
    { name: 'a canceled order', status: 'canceled', who: 'artist', status_: 409, code: 'review_not_due' },
    { name: 'a done order, by the buyer', status: 'done', who: 'buyer', status_: 200 },
    { name: 'a done order, by the artist', status: 'done', who: 'artist', status_: 200 },
    { name: 'a done order, by someone else', status: 'done', who: 'stranger', status_: 404 },
  ];
  it.each(cases)('$name: $status_ $code', async ({ status, who, status_, code }) => {
    const o = await order(status);
    const actor = who === 'stranger' ? await registerUser(t.app, t.dataDir) : o[who];
    const res = await review(actor, o.form);
    expect(res.statusCode, res.body).toBe(status_);
    if (code) {
      expect(errorCode(res)).toBe(code);
      expect(
        (await call(t.app, 'GET', `/api/reviews/user/${o.artist.login}`)).json<UserReviewsPage>().items,
      ).toEqual([]);
    }
  });

  it('refuses a second review of the same order, and a review after the 30 days', async () => {
    const o = await order('done');
    expect((await review(o.buyer, o.form)).statusCode).toBe(200);
    const again = await review(o.buyer, o.form, { stars: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('already_reviewed');

    await t.app.deps.db.execute(
      sql`update commission_tasks set done_at = now() - interval '30 days 1 minute' where form_id = ${o.form.id}`,
    );
    const late = await review(o.artist, o.form);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(reviewMessages.windowClosed);
    const seen = (
      await call(t.app, 'GET', `/api/order/${o.form.id}/reviews`, o.artist.cookie)
    ).json<OrderReviews>();
    expect(seen.canReview).toBe(false);
    expect(seen.theirs?.stars).toBe(5);
  });

  it('refuses bad stars and text with the field named, and stores nothing', async () => {
    const o = await order('done');
    for (const body of [
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: 3, text: 'x'.repeat(1001) },
      {},
    ]) {
      const res = await review(o.buyer, o.form, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const mine = (
      await call(t.app, 'GET', `/api/order/${o.form.id}/reviews`, o.buyer.cookie)
    ).json<OrderReviews>();
    expect(mine).toMatchObject({ mine: null, canReview: true });
  });
});

describe('answers', () => {
  it('the reviewed person answers once; nobody else can', async () => {
    const o = await order('done');
    const { review: r } = (await review(o.buyer, o.form, { stars: 4, text: 'Good' })).json<ReviewSaved>();
    const stranger = await registerUser(t.app, t.dataDir);
    for (const who of [o.buyer, stranger])
      expect(
        (await call(t.app, 'POST', `/api/review/${r.id}/answer`, who.cookie, { text: 'Hi' })).statusCode,
      ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/review/not-a-uuid/answer`, o.artist.cookie, { text: 'Hi' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', `/api/review/${r.id}/answer`, o.artist.cookie, { text: ' ' })).statusCode,
    ).toBe(400);
    const answered = await call(t.app, 'POST', `/api/review/${r.id}/answer`, o.artist.cookie, {
      text: 'Thank you!',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ReviewSaved>().review).toMatchObject({ answer: 'Thank you!' });
    const again = await call(t.app, 'POST', `/api/review/${r.id}/answer`, o.artist.cookie, { text: 'Again' });
    expect(errorCode(again)).toBe('already_answered');
    const seen = (
      await call(t.app, 'GET', `/api/order/${o.form.id}/reviews`, o.buyer.cookie)
    ).json<OrderReviews>();
    expect(seen.mine).toMatchObject({ stars: 4, text: 'Good', answer: 'Thank you!' });
  });

  it('the reviewed person is told, with a link to the order', async () => {
    const o = await order('done');
    await review(o.buyer, o.form, { stars: 3, text: '' });
    const res = await call(t.app, 'GET', '/api/notifications', o.artist.cookie);
    const items = res.json<{ items: { message: string; sentCard: { id: number } | null }[] }>().items;
    expect(items[0]).toMatchObject({
      message: reviewMessages.reviewedYou(o.buyer.login, 'Portrait', 3),
      sentCard: { id: o.form.id },
    });
  });
});

describe('lists, averages and hiding', () => {
  it('a profile lists each side with its average; a hidden review leaves both but its author still sees it', async () => {
    const artist = await registerArtist(t);
    const a = await order('done', artist);
    const b = await order('done', artist);
    await review(a.buyer, a.form, { stars: 5, text: 'Great' });
    const { review: low } = (await review(b.buyer, b.form, { stars: 2, text: 'Slow' })).json<ReviewSaved>();
    await review(artist, a.form, { stars: 4, text: 'Clear brief' });

    const page = (await call(t.app, 'GET', `/api/reviews/user/${artist.login}`)).json<UserReviewsPage>();
    expect(page.asArtist).toEqual({ average: 3.5, count: 2 });
    expect(page.asBuyer).toBeNull();
    expect(page.items.map((r) => r.stars)).toEqual([2, 5]);
    const asBuyer = (
      await call(t.app, 'GET', `/api/reviews/user/${a.buyer.login}?side=buyer`)
    ).json<UserReviewsPage>();
    expect(asBuyer.asBuyer).toEqual({ average: 4, count: 1 });
    expect(asBuyer.items[0]).toMatchObject({ text: 'Clear brief', side: 'buyer' });

    // Staff hide the low review through a report case.
    const moderator = await registerWithRole(t, 'moderator');
    const reporter = artist;
    const reported = await call(t.app, 'POST', '/api/report', reporter.cookie, {
      targetKind: 'review',
      targetId: low.id,
      reason: 'harassment',
      comment: '',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const { rows } = await t.app.deps.db.execute<{ id: number }>(
      sql`select id from moderation_cases where target_kind = 'review' and target_id = ${low.id}`,
    );
    const closed = await call(t.app, 'POST', `/api/admin/case/${rows[0]!.id}/close`, moderator.cookie, {
      outcome: 'hide',
      resolution: 'Not about the work',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const after = (await call(t.app, 'GET', `/api/reviews/user/${artist.login}`)).json<UserReviewsPage>();
    expect(after.asArtist).toEqual({ average: 5, count: 1 });
    expect(after.items.map((r) => r.stars)).toEqual([5]);
    const byAuthor = (
      await call(t.app, 'GET', `/api/reviews/user/${artist.login}`, b.buyer.cookie)
    ).json<UserReviewsPage>();
    expect(byAuthor.items.find((r) => r.id === low.id)?.hiddenByStaff).toBe('Not about the work');
    const subjectView = (
      await call(t.app, 'GET', `/api/order/${b.form.id}/reviews`, artist.cookie)
    ).json<OrderReviews>();
    expect(subjectView.theirs).toBeNull();
    const answer = await call(t.app, 'POST', `/api/review/${low.id}/answer`, artist.cookie, { text: 'Hm' });
    expect(errorCode(answer)).toBe('review_hidden');
  });

  it('pages by cursor, newest first, and refuses a forged cursor', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const made: string[] = [];
    for (const [i, form] of (await doneOrders(artist, buyer, 22)).entries())
      made.push((await review(buyer, form, { stars: 1 + (i % 5) })).json<ReviewSaved>().review.id);
    const first = (await call(t.app, 'GET', `/api/reviews/user/${artist.login}`)).json<UserReviewsPage>();
    expect(first.items).toHaveLength(20);
    const second = (
      await call(t.app, 'GET', `/api/reviews/user/${artist.login}?cursor=${first.nextCursor}`)
    ).json<UserReviewsPage>();
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual([...made].reverse());
    expect((await call(t.app, 'GET', `/api/reviews/user/${artist.login}?cursor=abc`)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/reviews/user/${artist.login}?side=seller`)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/reviews/user/nobody-${Date.now()}`)).statusCode).toBe(404);
  });
});

describe('/artists by rating', () => {
  it('shows each card’s rating and sorts best first, more reviews first on a tie, unrated last', async () => {
    const unique = uniqueTitle('rated');
    const tag = (await createTag(t, await registerStaff(t), { title: unique })).title;
    const made = () => shownArtist(t, [tag]);
    const [top, tie, low, none] = await Promise.all([made(), made(), made(), made()]);
    const buyer = await registerUser(t.app, t.dataDir);
    const rate = async (artist: TestUser, stars: number[]) => {
      const forms = await doneOrders(artist, buyer, stars.length);
      for (const [i, s] of stars.entries())
        expect((await review(buyer, forms[i]!, { stars: s })).statusCode).toBe(200);
    };
    await rate(top.user, [5, 5]);
    await rate(tie.user, [5]);
    await rate(low.user, [3, 4]);
    const res = await call(t.app, 'GET', `/api/artists?tags=${encodeURIComponent(tag)}&sort=rating`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ArtistsPage>();
    expect(page.items.map((c) => c.owner.login)).toEqual([top, tie, low, none].map((a) => a.user.login));
    expect(page.items.map((c) => c.rating)).toEqual([
      { average: 5, count: 2 },
      { average: 5, count: 1 },
      { average: 3.5, count: 2 },
      null,
    ]);

    // A cursor of the activity order does not read as one of the rating order.
    const forged = Buffer.from(`2026-01-01T00:00:00.000000Z|${top.card.id}`).toString('base64url');
    expect((await call(t.app, 'GET', `/api/artists?sort=rating&cursor=${forged}`)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/artists?sort=best`)).statusCode).toBe(400);
  });

  it('keeps the average exact when many reviews arrive at once', async () => {
    const artist = await shownArtist(t, [tagTitle]);
    const buyers = await Promise.all([0, 1].map(() => registerUser(t.app, t.dataDir)));
    const orders = (await Promise.all(buyers.map((b) => doneOrders(artist.user, b, 5)))).flatMap((forms, i) =>
      forms.map((form) => ({ form, buyer: buyers[i]! })),
    );
    const stars = orders.map((_, i) => 1 + (i % 5));
    const answers = await Promise.all(orders.map((o, i) => review(o.buyer, o.form, { stars: stars[i] })));
    expect(answers.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const { rows } = await t.app.deps.db.execute<{ review_count: number; review_stars: number }>(
      sql`select review_count, review_stars from display_cards where owner_id = ${artist.user.id}`,
    );
    expect(rows[0]).toEqual({ review_count: 10, review_stars: stars.reduce((a, b) => a + b, 0) });
  });
});

describe('a person’s record', () => {
  it('counts done orders on each side and gives reliability figures only from 3 measured orders', async () => {
    const artist = await registerArtist(t);
    const first = await order('done', artist);
    const rep = async (login: string) =>
      (await call(t.app, 'GET', `/api/reputation/${login}`)).json<Reputation>();
    expect(await rep(artist.login)).toEqual({
      asArtist: { rating: null, ordersDone: 1, onTimeShare: null, medianAnswerHours: null },
      asBuyer: { rating: null, ordersDone: 0 },
    });
    await order('done', artist);
    await order('waiting', artist);
    // Answered a day after each order came in: the median is 24 hours.
    await t.app.deps.db
      .execute(sql`update commission_tasks t set answered_at = f.created_at + interval '24 hours'
      from commission_forms f where f.id = t.form_id and f.artist_id = ${artist.id}`);
    await review(first.buyer, first.form, { stars: 4 });
    const figures = await rep(artist.login);
    expect(figures.asArtist).toEqual({
      rating: { average: 4, count: 1 },
      ordersDone: 2,
      onTimeShare: null,
      medianAnswerHours: 24,
    });
    expect((await rep(first.buyer.login)).asBuyer).toEqual({ rating: null, ordersDone: 1 });
  });
});

describe('a display card made while a review of its owner is written', () => {
  it('counts the review once it commits (on PostgreSQL the card waits for it)', async () => {
    const tag = (await createTag(t, await registerStaff(t), { title: uniqueTitle('race') })).title;
    const artist = await registerArtist(t);
    await createCard(t, artist, { isOpenComission: true, isCommissionsOpen: true });
    const images: { id: string }[] = [];
    for (let i = 0; i < DISPLAY_CARD_MEDIA; i++) images.push(await addImage(t, artist));
    const buyer = await registerUser(t.app, t.dataDir);
    const [form] = await doneOrders(artist, buyer, 1);
    let made: Promise<{ statusCode: number; body: string; json: <T>() => T }> | undefined;
    await t.app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`insert into reviews (form_id, author_id, subject_id, side, stars)
        values (${form!.id}, ${buyer.id}, ${artist.id}, 'artist', 4)`);
      // The card is made while the review is not yet committed (not awaited here: on PostgreSQL it
      // waits for this transaction, on PGlite for the one connection).
      made = call(t.app, 'POST', '/api/displaycard/create', artist.cookie, {
        tags: [tag],
        displayMedia: images.map((i) => i.id),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await made!;
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.app.deps.db.execute<{ review_count: number; review_stars: number }>(
      sql`select review_count, review_stars from display_cards where owner_id = ${artist.id}`,
    );
    expect(rows.map((r) => [Number(r.review_count), Number(r.review_stars)])).toEqual([[1, 4]]);
    expect(res.json<{ card: DisplayCard }>().card).toBeDefined();
  });
});
