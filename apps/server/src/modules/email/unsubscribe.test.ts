import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, UNSUBSCRIBE_LINK_TTL_DAYS } from '@brushline/shared/notifications/constants';
import {
  preferenceMessages,
  type NotificationPreferences,
} from '@brushline/shared/notifications/preferences';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { flushDue, notificationMails, tokenOf, unsubscribeLinks } from './email-fixtures.ts';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const prefs = async (user: TestUser) =>
  (await call(t.app, 'GET', '/api/notifications/preferences', user.cookie)).json<NotificationPreferences>();

/** An artist who got one notification mail about a new order. */
async function artistWithMail() {
  const artist = await registerArtist(t);
  const buyer = await registerUser(t.app, t.dataDir);
  const card = await createCard(t, artist);
  await sendForm(t, buyer, card);
  await flushDue(t);
  const [mail] = await notificationMails(t, artist.email);
  return { artist, buyer, card, mail: mail! };
}

describe('unsubscribe links', () => {
  it('turn the kind off signed out, say so, and do the same when used again', async () => {
    const { artist, buyer, card, mail } = await artistWithMail();
    const link = unsubscribeLinks(mail).get('new orders')!;
    expect(link).toMatch(new RegExp(`^${t.app.deps.config.publicUrl}/unsubscribe/[\\w-]+\\.[\\w-]+$`));

    for (let i = 0; i < 2; i += 1) {
      const res = await call(t.app, 'POST', `/api/notifications/unsubscribe/${tokenOf(link)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        kinds: ['newOrders'],
        message: 'You will no longer get e-mails about new orders. You still see them on the site.',
      });
    }
    expect(await prefs(artist)).toMatchObject({ newOrders: 'inApp', statusChanges: 'email' });

    await sendForm(t, buyer, card);
    await flushDue(t);
    expect(await notificationMails(t, artist.email)).toHaveLength(1);
  });

  it('take the one-click POST of a mail client (RFC 8058), and send a browser GET to the page', async () => {
    const { artist, mail } = await artistWithMail();
    const url = new URL(/^<(.+)>$/.exec(mail.headers.get('list-unsubscribe')!)![1]!);
    const opened = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe/${tokenOf(url.pathname)}`);
    expect((await prefs(artist)).newOrders).toBe('email');

    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await prefs(artist)).newOrders).toBe('inApp');
  });

  it('refuse a forged, cut or altered token with 400 and change nothing', async () => {
    const { artist, mail } = await artistWithMail();
    const token = tokenOf(unsubscribeLinks(mail).get('new orders')!);
    const [body, sig] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const everyKind = signUnsubscribe(randomBytes(32), {
      userId: artist.id,
      kinds: [...NOTIFICATION_KINDS],
      sentAt: new Date(),
    });
    const bad = [
      flip(body, 3),
      `${body}.${flip(sig, 0)}`,
      `${body}.${sig.slice(0, -1)}`,
      `${body}.${sig}A`,
      `${body}.${sig}.x`,
      body,
      'not a token',
      `${everyKind.split('.')[0]}.${sig}`,
      everyKind,
      'A'.repeat(90),
    ];
    for (const forged of bad) {
      const res = await call(t.app, 'POST', `/api/notifications/unsubscribe/${encodeURIComponent(forged)}`);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().error).toEqual({
        code: 'invalid_unsubscribe_link',
        message: preferenceMessages.invalidUnsubscribeLink,
      });
    }
    expect(await prefs(artist)).toMatchObject({
      newOrders: 'email',
      statusChanges: 'email',
      deliveries: 'email',
    });
  });

  it('refuse a token of an account that no longer exists', async () => {
    const token = signUnsubscribe(t.app.deps.signingSecret, {
      userId: randomUUID(),
      kinds: ['newOrders'],
      sentAt: new Date(),
    });
    expect((await call(t.app, 'POST', `/api/notifications/unsubscribe/${token}`)).statusCode).toBe(400);
  });
});

describe('an unsubscribe link never undoes a newer choice', () => {
  const post = (token: string) => call(t.app, 'POST', `/api/notifications/unsubscribe/${token}`);
  const choose = (user: TestUser, body: Partial<NotificationPreferences>) =>
    call(t.app, 'PUT', '/api/notifications/preferences', user.cookie, body);

  it('an old mail’s link stops working once the user turned the kind back on', async () => {
    const { artist, buyer, card, mail } = await artistWithMail();
    const token = tokenOf(unsubscribeLinks(mail).get('new orders')!);
    expect((await post(token)).statusCode).toBe(200);
    expect((await prefs(artist)).newOrders).toBe('inApp');

    // The user changes their mind in settings; the old mail, opened again, must not undo it.
    expect((await choose(artist, { newOrders: 'email' })).statusCode).toBe(200);
    const replay = await post(token);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().error).toEqual({
      code: 'unsubscribe_link_outdated',
      message: preferenceMessages.unsubscribeLinkOutdated,
    });
    expect(replay.json().error.message).toContain('notification settings');
    expect((await prefs(artist)).newOrders).toBe('email');

    // Mail keeps coming, and the next mail's own link works.
    await sendForm(t, buyer, card);
    await flushDue(t);
    const mails = await notificationMails(t, artist.email);
    expect(mails).toHaveLength(2);
    const fresh = tokenOf(unsubscribeLinks(mails[1]!).get('new orders')!);
    expect((await post(fresh)).statusCode).toBe(200);
    expect((await prefs(artist)).newOrders).toBe('inApp');
  });

  it('a link naming several kinds turns off only those not changed since its mail, and says so', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const sentAt = new Date(Date.now() - 60_000);
    const token = signUnsubscribe(t.app.deps.signingSecret, {
      userId: user.id,
      kinds: ['newOrders', 'statusChanges'],
      sentAt,
    });
    // Since that mail: status changes turned off, then on again.
    await choose(user, { statusChanges: 'inApp' });
    await choose(user, { statusChanges: 'email' });
    const res = await post(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kinds: ['newOrders'],
      message:
        'You will no longer get e-mails about new orders. You still see them on the site. ' +
        'E-mails about order status changes stay on: you turned them on again after this e-mail was sent.',
    });
    expect(await prefs(user)).toMatchObject({ newOrders: 'inApp', statusChanges: 'email' });
  });

  it('saving a choice unchanged does not count as a change', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const token = signUnsubscribe(t.app.deps.signingSecret, {
      userId: user.id,
      kinds: ['deliveries'],
      sentAt: new Date(Date.now() - 60_000),
    });
    await choose(user, { deliveries: 'email', applications: 'inApp' });
    expect((await post(token)).statusCode).toBe(200);
    expect((await prefs(user)).deliveries).toBe('inApp');
  });

  it(`expires ${UNSUBSCRIBE_LINK_TTL_DAYS} days after its mail, and a link of the first version has expired`, async () => {
    const user = await registerUser(t.app, t.dataDir);
    const day = 24 * 60 * 60 * 1000;
    const sign = (daysAgo: number) =>
      signUnsubscribe(t.app.deps.signingSecret, {
        userId: user.id,
        kinds: ['newOrders'],
        sentAt: new Date(Date.now() - daysAgo * day),
      });
    for (const token of [
      sign(UNSUBSCRIBE_LINK_TTL_DAYS + 1),
      legacyToken(t.app.deps.signingSecret, user.id),
    ]) {
      const res = await post(token);
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toEqual({
        code: 'unsubscribe_link_expired',
        message: preferenceMessages.unsubscribeLinkExpired,
      });
    }
    expect(preferenceMessages.unsubscribeLinkExpired).toContain(`${UNSUBSCRIBE_LINK_TTL_DAYS} days`);
    expect((await prefs(user)).newOrders).toBe('email');
    expect((await post(sign(UNSUBSCRIBE_LINK_TTL_DAYS - 1))).statusCode).toBe(200);
  });
});

describe('unsubscribe tokens', () => {
  const secret = randomBytes(32);
  const sentAt = new Date('2026-11-27T10:20:30.456Z');

  it('carry the user, the kinds and when the mail was sent, and fit a mail line', () => {
    const userId = randomUUID();
    for (const kinds of [
      ['newOrders'],
      ['statusChanges', 'applications'],
      [...NOTIFICATION_KINDS],
    ] as const) {
      const token = signUnsubscribe(secret, { userId, kinds: [...kinds], sentAt });
      expect(token.length).toBeLessThan(60);
      expect(verifyUnsubscribe(secret, token)).toEqual({ userId, kinds: [...kinds], sentAt });
    }
  });

  it('are refused with another key or without any kind', () => {
    const claim = { userId: randomUUID(), kinds: ['newOrders' as const], sentAt };
    expect(verifyUnsubscribe(randomBytes(32), signUnsubscribe(secret, claim))).toBeNull();
    expect(verifyUnsubscribe(secret, signUnsubscribe(secret, { ...claim, kinds: [] }))).toBeNull();
  });

  it('of the first version (no date) are still known as this server’s, with no date', () => {
    const userId = randomUUID();
    const token = legacyToken(secret, userId);
    expect(verifyUnsubscribe(secret, token)).toEqual({ userId, kinds: ['newOrders'], sentAt: null });
    expect(verifyUnsubscribe(randomBytes(32), token)).toBeNull();
  });
});

/** A link as mails before "sent at" carried it: version 1, user id, kinds, 128-bit HMAC. */
function legacyToken(secret: Buffer, userId: string): string {
  const payload = Buffer.alloc(19);
  payload[0] = 1;
  Buffer.from(userId.replaceAll('-', ''), 'hex').copy(payload, 1);
  payload.writeUInt16BE(1, 17);
  const mac = createHmac('sha256', secret).update('brushline:unsubscribe:').update(payload).digest();
  return `${payload.toString('base64url')}.${mac.subarray(0, 16).toString('base64url')}`;
}
