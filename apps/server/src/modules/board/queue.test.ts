import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, Queue, Slots } from '@brushline/shared/board/schemas';
import type { PendingGroup } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { columnOf, getBoard, orderAt } from './board-fixtures.ts';

let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const queueOf = async (artist: TestUser) => {
  const res = await call(t.app, 'GET', `/api/queue/${artist.login}`);
  expect(res.statusCode).toBe(200);
  return { body: res.body, queue: res.json<Queue>() };
};

describe('the public queue', () => {
  it('shows public columns as anonymous entries and open slots, never the buyer, brief or price', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'processing', 'Fox in the snow');
    await orderAt(t, ann, buyer, 'waiting', 'Fox in the snow');
    let board = await getBoard(t, ann);
    await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: columnOf(board, 'inProgress').id,
      title: 'Dentist secret',
    });
    board = (await call(t.app, 'PATCH', '/api/board/settings', ann.cookie, { slots: 3 })).json<Board>();
    const accepted = columnOf(board, 'accepted');
    await call(t.app, 'PATCH', `/api/board/column/${accepted.id}`, ann.cookie, {
      title: 'Accepted',
      isPublic: false,
      wipLimit: null,
    });
    const { body, queue: q } = await queueOf(ann);
    expect(q).toMatchObject({ slots: 3, active: 2, openSlots: 1, artist: { login: ann.login } });
    expect(q.columns.map((c) => c.title)).toEqual(['In progress', 'Awaiting approval', 'Done']);
    expect(q.columns[0]!.entries).toEqual([
      {
        label: `Commission #${form.id}`,
        title: 'Fox in the snow',
        status: 'processing',
        since: expect.any(String),
        buyer: null,
        options: null,
      },
      { label: 'Other work', title: '', status: null, since: null, buyer: null, options: null },
    ]);
    for (const secret of [
      buyer.login,
      buyer.id,
      'A portrait of my cat',
      'Dentist secret',
      '"totalPrice"',
      'price',
      'Bust',
    ]) {
      expect(body).not.toContain(secret);
    }
    expect((await call(t.app, 'GET', `/api/queue/${buyer.login}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/queue/nobody_here_at_all')).statusCode).toBe(404);
  });

  it("shows a buyer's name and options only on the orders whose buyer chose so, never brief, references or price", async () => {
    const ann = await registerArtist(t);
    const shy = await registerUser(t.app, t.dataDir);
    const card = await createCard(t, ann, { title: 'Otter' });
    const open = await sendForm(t, buyer, card, { showInQueue: true });
    const hidden = await sendForm(t, shy, card);
    expect([open.showInQueue, hidden.showInQueue]).toEqual([true, false]);
    for (const f of [open, hidden]) {
      expect((await call(t.app, 'PUT', `/api/task/${f.task.id}/accept`, ann.cookie)).statusCode).toBe(200);
    }
    await getBoard(t, ann);
    const { body, queue } = await queueOf(ann);
    const entries = queue.columns.flatMap((c) => c.entries);
    const shown = entries.find((e) => e.label === `Commission #${open.id}`)!;
    expect(shown.buyer).toMatchObject({ login: buyer.login });
    expect(shown.options).toBe('Bust');
    const anonymous = entries.find((e) => e.label === `Commission #${hidden.id}`)!;
    expect([anonymous.buyer, anonymous.options]).toEqual([null, null]);
    expect(body).not.toContain(shy.login);
    expect(body).not.toContain(shy.id);
    expect(body).not.toContain('A portrait of my cat');
    expect(body).not.toContain('"totalPrice"');
    expect(body).not.toContain('references');
  });
});

describe('slots and the waitlist', () => {
  const slotsOf = async (artist: TestUser) => {
    const res = await call(t.app, 'GET', `/api/queue/${artist.login}/slots`);
    expect(res.statusCode).toBe(200);
    return res.json<Slots>();
  };
  const incoming = async (artist: TestUser) => {
    const res = await call(t.app, 'GET', `/api/comissionforms/artist/pending/${artist.login}`, artist.cookie);
    expect(res.statusCode).toBe(200);
    return res.json<PendingGroup[]>().flatMap((g) => g.forms);
  };

  it('a form sent while no slot is open arrives marked waitlist; with a slot open or no slots set, not', async () => {
    const ann = await registerArtist(t);
    const card = await createCard(t, ann, { title: 'Heron' });
    // No slots set: never a waitlist.
    expect(await slotsOf(ann)).toEqual({ slots: null, openSlots: null, active: 0 });
    const free = await sendForm(t, buyer, card);
    expect(free.waitlist).toBe(false);
    await call(t.app, 'PATCH', '/api/board/settings', ann.cookie, { slots: 1 });
    expect(await slotsOf(ann)).toEqual({ slots: 1, openSlots: 1, active: 0 });
    const open = await sendForm(t, buyer, card);
    expect(open.waitlist).toBe(false);
    // The one slot taken: the next form waits.
    expect((await call(t.app, 'PUT', `/api/task/${open.task.id}/accept`, ann.cookie)).statusCode).toBe(200);
    expect(await slotsOf(ann)).toEqual({ slots: 1, openSlots: 0, active: 1 });
    const waiting = await sendForm(t, buyer, card);
    expect(waiting.waitlist).toBe(true);
    const forms = await incoming(ann);
    expect(forms.find((f) => f.id === waiting.id)!.waitlist).toBe(true);
    expect(forms.find((f) => f.id === free.id)!.waitlist).toBe(false);
    // A new request is not an active commission: a declined one frees nothing, a done one does.
    await orderAt(t, ann, buyer, 'done', 'Heron');
    expect((await slotsOf(ann)).openSlots).toBe(0);
    await call(t.app, 'PATCH', '/api/board/settings', ann.cookie, { slots: 2 });
    expect(await slotsOf(ann)).toEqual({ slots: 2, openSlots: 1, active: 1 });
    expect((await sendForm(t, buyer, card)).waitlist).toBe(false);
  });

  it('slots of a user who is not an artist, or of nobody, answer 404', async () => {
    expect((await call(t.app, 'GET', `/api/queue/${buyer.login}/slots`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/queue/nobody_here_at_all/slots')).statusCode).toBe(404);
  });
});
