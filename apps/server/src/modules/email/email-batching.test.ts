import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import {
  EMAIL_CLAIM_LEASE_SECONDS,
  EMAIL_SEND_ATTEMPTS_MAX,
} from '@brushline/shared/notifications/constants';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import type { Mailer } from '../../platform/mail.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { flushDue, notificationMails } from './email-fixtures.ts';
import { flushEmailQueue } from './email-flusher.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An artist with an open card and a buyer: a fresh pair per test, so mail counts stay apart. */
async function pair(): Promise<{ artist: TestUser; buyer: TestUser; card: Card }> {
  const artist = await registerArtist(t);
  const buyer = await registerUser(t.app, t.dataDir);
  return { artist, buyer, card: await createCard(t, artist) };
}

const cancel = (buyer: TestUser, form: SentForm) =>
  call(t.app, 'DELETE', `/api/comissionform/decline-request-as-buyer/${form.id}`, buyer.cookie);
const accept = (artist: TestUser, form: SentForm) =>
  call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, artist.cookie);

describe('notification e-mail is batched', () => {
  it('makes a burst of five events one mail, once the window has passed', async () => {
    const { artist, buyer, card } = await pair();
    for (let i = 0; i < 5; i += 1) await sendForm(t, buyer, card);

    // Within the window nothing goes: more may come.
    expect((await flushEmailQueue(t.app.deps)).mails).toBe(0);
    expect(await notificationMails(t, artist.email)).toHaveLength(0);

    expect(await flushDue(t)).toMatchObject({ mails: 1, events: 5 });
    const [mail, ...more] = await notificationMails(t, artist.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('5 updates on Brushline');
    const base = t.app.deps.config.publicUrl;
    const lines = mail!.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual(
      Array(5).fill(`- ${buyer.login} sent you a request for “Portrait” ${base}/crm/pending/new`),
    );
    expect(mail!.text).toContain(`All your notifications: ${base}/notifications`);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${base}/api/notifications/unsubscribe/[\\w-]+\\.[\\w-]+>$`),
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Sent once: a later flush finds nothing, and the buyer (told nothing) got nothing.
    expect((await flushDue(t)).mails).toBe(0);
    expect(await notificationMails(t, artist.email)).toHaveLength(1);
    expect(await notificationMails(t, buyer.email)).toHaveLength(0);
  });

  it('leaves out a kind the user turned off, and still mails the others', async () => {
    const { artist, buyer, card } = await pair();
    const off = await call(t.app, 'PUT', '/api/notifications/preferences', artist.cookie, {
      newOrders: 'inApp',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ preferences: { newOrders: 'inApp' }, message: 'Settings updated!' });

    const first = await sendForm(t, buyer, card);
    const second = await sendForm(t, buyer, card);
    expect((await accept(artist, first)).statusCode).toBe(200);
    expect((await cancel(buyer, second)).statusCode).toBe(200);
    await flushDue(t);

    const [toArtist, ...moreToArtist] = await notificationMails(t, artist.email);
    expect(moreToArtist).toHaveLength(0);
    expect(toArtist!.subject).toBe(`${buyer.login} canceled their request for “Portrait”`);
    expect(toArtist!.text).not.toContain('sent you a request');
    // A status change links to the order's own page, for either side.
    expect(toArtist!.text).toContain(`/order/${second.id}`);
    const [toBuyer] = await notificationMails(t, buyer.email);
    expect(toBuyer!.subject).toBe(`${artist.login} accepted your request for “Portrait”`);
    expect(toBuyer!.text).toContain(`/order/${first.id}`);
  });

  it('drops the mail still waiting for a kind when that kind is turned off', async () => {
    const { artist, buyer, card } = await pair();
    await sendForm(t, buyer, card);
    await call(t.app, 'PUT', '/api/notifications/preferences', artist.cookie, { newOrders: 'inApp' });
    expect((await flushDue(t)).mails).toBe(0);
    expect(await notificationMails(t, artist.email)).toHaveLength(0);
  });

  it('leaves out what was read on the site before the mail went', async () => {
    const { artist, buyer, card } = await pair();
    await sendForm(t, buyer, card);
    await sendForm(t, buyer, card);
    await call(t.app, 'PUT', '/api/notifications/read-all', artist.cookie);
    await sendForm(t, buyer, card);
    expect(await flushDue(t)).toMatchObject({ mails: 1, events: 1, alreadyRead: 2 });
    const [mail] = await notificationMails(t, artist.email);
    expect(mail!.subject).toBe(`${buyer.login} sent you a request for “Portrait”`);

    await sendForm(t, buyer, card);
    await call(t.app, 'PUT', '/api/notifications/read-all', artist.cookie);
    expect(await flushDue(t)).toMatchObject({ mails: 0, alreadyRead: 1 });
    expect(await notificationMails(t, artist.email)).toHaveLength(1);
  });

  it('tries a failed send again once its lease is over, and gives up after the last attempt', async () => {
    const { artist, buyer, card } = await pair();
    await sendForm(t, buyer, card);
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP down')), close: () => {} };
    const window = (t.app.deps.config.EMAIL_BATCH_SECONDS + 1) * 1000;
    const at = (ms: number) => new Date(Date.now() + window + ms);
    const lease = (EMAIL_CLAIM_LEASE_SECONDS + 1) * 1000;

    expect((await flushEmailQueue({ ...t.app.deps, mailer: failing }, at(0))).mails).toBe(0);
    // Still claimed by the failed try: not sent again before the lease ends.
    expect((await flushEmailQueue(t.app.deps, at(1000))).mails).toBe(0);
    expect((await flushEmailQueue(t.app.deps, at(lease))).mails).toBe(1);
    expect(await notificationMails(t, artist.email)).toHaveLength(1);

    await sendForm(t, buyer, card);
    for (let i = 1; i <= EMAIL_SEND_ATTEMPTS_MAX; i += 1)
      await flushEmailQueue({ ...t.app.deps, mailer: failing }, at(i * lease));
    expect((await flushEmailQueue(t.app.deps, at((EMAIL_SEND_ATTEMPTS_MAX + 1) * lease))).mails).toBe(0);
    expect(await notificationMails(t, artist.email)).toHaveLength(1);
  });
});

describe('GET and PUT /api/notifications/preferences', () => {
  const url = '/api/notifications/preferences';

  it('answers the defaults to a user who never chose, and 401 to nobody', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const res = await call(t.app, 'GET', url, user.cookie);
    expect(res.json()).toEqual({
      newOrders: 'email',
      statusChanges: 'email',
      deliveries: 'email',
      chatMessages: 'email',
      applications: 'inApp',
      payments: 'email',
    });
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', url, undefined, { newOrders: 'inApp' })).statusCode).toBe(401);
  });

  it('changes only the kinds given, only for the one asking', async () => {
    const ann = await registerUser(t.app, t.dataDir);
    const bob = await registerUser(t.app, t.dataDir);
    const res = await call(t.app, 'PUT', url, ann.cookie, { chatMessages: 'inApp', statusChanges: 'inApp' });
    expect(res.json()).toEqual({
      preferences: {
        newOrders: 'email',
        statusChanges: 'inApp',
        deliveries: 'email',
        chatMessages: 'inApp',
        applications: 'inApp',
        payments: 'email',
      },
      message: 'Settings updated!',
    });
    expect((await call(t.app, 'GET', url, ann.cookie)).json()).toEqual(res.json().preferences);
    expect((await call(t.app, 'GET', url, bob.cookie)).json()).toMatchObject({
      statusChanges: 'email',
      chatMessages: 'email',
    });
  });

  it('refuses an empty change, an unknown kind or channel, and changes nothing', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const before = (await call(t.app, 'GET', url, user.cookie)).json();
    for (const body of [{}, { newOrders: 'sms' }, { birthdays: 'email' }, { newOrders: 'inApp', x: 1 }, []]) {
      const res = await call(t.app, 'PUT', url, user.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect((await call(t.app, 'GET', url, user.cookie)).json()).toEqual(before);
  });
});
