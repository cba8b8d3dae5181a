import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@brushline/shared/notifications/constants';
import {
  preferenceMessages,
  type NotificationPreferences,
} from '@brushline/shared/notifications/preferences';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../orders/commission-fixtures.ts';
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
    const everyKind = signUnsubscribe(randomBytes(32), { userId: artist.id, kinds: [...NOTIFICATION_KINDS] });
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
    const token = signUnsubscribe(t.app.deps.signingSecret, { userId: randomUUID(), kinds: ['newOrders'] });
    expect((await call(t.app, 'POST', `/api/notifications/unsubscribe/${token}`)).statusCode).toBe(400);
  });
});

describe('unsubscribe tokens', () => {
  const secret = randomBytes(32);

  it('carry the user and the kinds, and are short enough for one line', () => {
    const userId = randomUUID();
    for (const kinds of [
      ['newOrders'],
      ['statusChanges', 'applications'],
      [...NOTIFICATION_KINDS],
    ] as const) {
      const token = signUnsubscribe(secret, { userId, kinds: [...kinds] });
      expect(token.length).toBeLessThan(50);
      expect(verifyUnsubscribe(secret, token)).toEqual({ userId, kinds: [...kinds] });
    }
  });

  it('are refused with another key or without any kind', () => {
    const claim = { userId: randomUUID(), kinds: ['newOrders' as const] };
    expect(verifyUnsubscribe(randomBytes(32), signUnsubscribe(secret, claim))).toBeNull();
    expect(verifyUnsubscribe(secret, signUnsubscribe(secret, { ...claim, kinds: [] }))).toBeNull();
  });
});
