import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionerSummary, PendingGroup, SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { ORDER_LIST_MAX } from '@brushline/shared/orders/constants';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let cid: TestUser;
let forms: SentForm[];
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  bob = await registerUser(t.app, t.dataDir);
  cid = await registerUser(t.app, t.dataDir);
  const card = await createCard(t, ann);
  // bob: one new, one accepted, one in progress, one declined; cid: one new.
  forms = [];
  for (let i = 0; i < 4; i += 1) forms.push(await sendForm(t, bob, card));
  forms.push(await sendForm(t, cid, card));
  const put = (url: string) => call(t.app, 'PUT', url, ann.cookie);
  await put(`/api/task/${forms[1]!.task.id}/accept`);
  await put(`/api/task/${forms[2]!.task.id}/accept`);
  await put(`/api/task/${forms[2]!.task.id}/start`);
  await call(t.app, 'DELETE', `/api/comissionform/decline/${forms[3]!.id}`, ann.cookie);
});
afterAll(() => t.close());

describe('the artist’s lists', () => {
  it('pending: only new forms, grouped by commissioner, newest group first', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/comissionforms/artist/pending/${ann.login.toUpperCase()}`,
      ann.cookie,
    );
    const groups = res.json<PendingGroup[]>();
    expect(groups.map((g) => [g.sender.login, g.forms.map((f) => f.id)])).toEqual([
      [cid.login, [forms[4]!.id]],
      [bob.login, [forms[0]!.id]],
    ]);
  });

  it('commissioners: counts per status and the active count', async () => {
    const list = (await call(t.app, 'GET', '/api/comissionform/comissioners', ann.cookie)).json<
      CommissionerSummary[]
    >();
    expect(list.map((s) => s.commissioner.login)).toEqual([cid.login, bob.login]);
    expect(list[1]).toEqual({
      commissioner: { id: bob.id, login: bob.login, displayName: bob.login, avatarMiniatureUrl: null },
      counts: { none: 1, waiting: 1, processing: 1, finished: 0, done: 0, canceled: 0, declined: 1 },
      active: 2,
    });
    expect(list[0]!.active).toBe(0);
  });

  it('CRM: every task, any status, newest first', async () => {
    const list = (await call(t.app, 'GET', `/api/task/comissions/get/crm/${ann.login}`, ann.cookie)).json<
      SentForm[]
    >();
    expect(list.map((f) => [f.id, f.status])).toEqual([
      [forms[4]!.id, 'none'],
      [forms[3]!.id, 'declined'],
      [forms[2]!.id, 'processing'],
      [forms[1]!.id, 'waiting'],
      [forms[0]!.id, 'none'],
    ]);
  });

  it('the buyer’s outgoing list shows every status; a deleted card leaves the forms with their title', async () => {
    const own = await createCard(t, ann, { title: 'Short lived' });
    const form = await sendForm(t, cid, own);
    await call(t.app, 'DELETE', `/api/comissioncard/delete/${own.uuid}`, ann.cookie);
    const list = (await call(t.app, 'GET', '/api/comissionforms/outgoing', cid.cookie)).json<SentForm[]>();
    expect(list.find((f) => f.id === form.id)).toMatchObject({
      cardUUID: null,
      cardTitle: 'Short lived',
      status: 'none',
    });
    const bobs = (await call(t.app, 'GET', '/api/comissionforms/outgoing', bob.cookie)).json<SentForm[]>();
    expect(bobs.map((f) => f.status).sort()).toEqual(['declined', 'none', 'processing', 'waiting']);
  });

  it(`every list answers at most the newest ${ORDER_LIST_MAX} forms`, async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const card = await createCard(t, artist);
    // Written straight to the tables: the send route's rate limit would take hours to get here.
    await t.app.deps.db.execute(sql`
      with forms as (
        insert into commission_forms (card_uuid, card_title, artist_id, sender_id, total_price_cents)
        select ${card.uuid}, 'Bulk', ${artist.id}, ${buyer.id}, 2000 from generate_series(1, ${ORDER_LIST_MAX + 1})
        returning id
      )
      insert into commission_tasks (form_id) select id from forms`);
    const newest = await sendForm(t, buyer, card);

    const outgoing = (await call(t.app, 'GET', '/api/comissionforms/outgoing', buyer.cookie)).json<
      SentForm[]
    >();
    const crm = (
      await call(t.app, 'GET', `/api/task/comissions/get/crm/${artist.login}`, artist.cookie)
    ).json<SentForm[]>();
    const pending = (
      await call(t.app, 'GET', `/api/comissionforms/artist/pending/${artist.login}`, artist.cookie)
    ).json<PendingGroup[]>();
    for (const list of [outgoing, crm, pending.flatMap((g) => g.forms)]) {
      expect(list).toHaveLength(ORDER_LIST_MAX);
      expect(list[0]!.id).toBe(newest.id);
    }
  });
});
