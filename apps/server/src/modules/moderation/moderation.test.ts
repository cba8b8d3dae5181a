import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages as m } from '@brushline/shared/moderation/messages';
import type { AdminUserDetail, AuditPage } from '@brushline/shared/moderation/schemas';
import { createTestApp, nextIp, registerUser, type TestApp } from '../../test/harness.ts';
import { connected, hubClient, listen, nextEvent, type HubClient } from '../../test/hub-client.ts';
import {
  call,
  createCard,
  moveOrder,
  registerArtist,
  sendForm,
  type TestUser,
  registerWithRole,
} from '../../test/kit.ts';
import { shownArtist } from '../gallery/gallery-fixtures.ts';
import { applyTo, postRequest } from '../requests/request-fixtures.ts';
import { createTag } from '../tags/tag-fixtures.ts';

let t: TestApp;
let base: string;
let admin: TestUser;
let moderator: TestUser;
const sockets: HubClient[] = [];

const withRole = (role: 'admin' | 'moderator') => registerWithRole(t, role);

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  admin = await withRole('admin');
  moderator = await withRole('moderator');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const act = (who: TestUser, login: string, action: string, body?: unknown) =>
  call(t.app, 'POST', `/api/admin/user/${login}/${action}`, who.cookie, body);

const signIn = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: user.login, password: user.password },
    remoteAddress: nextIp(),
  });

/** What the public lists say now (caches included, as readers get them). */
async function lists() {
  const text = async (url: string) => (await call(t.app, 'GET', url)).body;
  return {
    feed: await text('/api/posts/filter'),
    requests: await text('/api/request/get/filter?page=1'),
    artists: await text('/api/artists'),
    gallery: await text('/api/gallery'),
  };
}

describe('a suspension takes effect at once, and lifting it restores what it hid', () => {
  it('ends sessions and sockets, refuses sign-in with the end date, empties every list, closes cards', async () => {
    const tag = await createTag(t, moderator, { title: 'moderation-test-tag' });
    const { user, images, commission } = await shownArtist(t, [tag.title]);
    const post = await call(t.app, 'POST', '/api/post', user.cookie, {
      postContent: 'A post by someone about to be suspended',
      attachedMedia: [],
      maturity: 'sfw',
    });
    expect(post.statusCode).toBe(200);
    const request = await postRequest(t, user, { title: 'Suspended request' });
    const before = await lists();
    expect(before.feed).toContain('about to be suspended');
    expect(before.requests).toContain(request.guid);
    expect(before.artists).toContain(user.login);
    expect(before.gallery).toContain(images[0]!.id);

    const socket = hubClient(base, user.cookie, sockets);
    await connected(socket);
    const told = nextEvent(socket, 'AccountRestricted');
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const started = Date.now();
    const res = await act(moderator, user.login, 'suspend', { days: 7, reason: 'Spam in the feed' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ message: string; user: AdminUserDetail }>();
    expect(answer.message).toBe(m.suspended);
    expect(answer.user.restriction).toMatchObject({ kind: 'suspended', reason: 'Spam in the feed' });
    expect(answer.user.sessions).toBe(0);

    const { message } = await told;
    await dropped;
    expect(Date.now() - started).toBeLessThan(1000);
    const until = answer.user.restriction!.until!;
    expect(message).toBe(m.signInSuspended(until, 'Spam in the feed'));
    expect(message).toMatch(/suspended until \d{1,2} \w+ \d{4}\. Reason: Spam in the feed/);

    expect((await call(t.app, 'GET', '/api/sessioncheck', user.cookie)).statusCode).toBe(401);
    const refused = await signIn(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'account_suspended', message } });

    const during = await lists();
    expect(during.feed).not.toContain('about to be suspended');
    expect(during.requests).not.toContain(request.guid);
    expect(during.artists).not.toContain(user.login);
    expect(during.gallery).not.toContain(images[0]!.id);
    // The open card closed: nobody can order from it (a closed card is 404 to all but its owner).
    expect((await call(t.app, 'GET', `/api/comissioncard/get/${commission.uuid}`)).statusCode).toBe(404);

    const lifted = await act(admin, user.login, 'lift', { reason: 'Appeal accepted' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<{ user: AdminUserDetail }>().user.restriction).toBeNull();
    expect((await signIn(user)).statusCode).toBe(200);
    const after = await lists();
    expect(after.feed).toContain('about to be suspended');
    expect(after.requests).toContain(request.guid);
    expect(after.artists).toContain(user.login);
    expect(after.gallery).toContain(images[0]!.id);
    expect((await call(t.app, 'GET', `/api/comissioncard/get/${commission.uuid}`)).statusCode).toBe(200);
  });

  it('a ban has no end, shows the banned badge, and its sign-in message says so', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const res = await act(admin, user.login, 'ban', { reason: 'Stolen art' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ user: AdminUserDetail }>().user;
    expect(detail.restriction).toEqual({ kind: 'banned', until: null, reason: 'Stolen art' });
    expect(detail.badges).toEqual(['banned']);
    const refused = await signIn(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.signInBanned('Stolen art'));
    const profile = await call(t.app, 'GET', `/api/user/${user.login}`);
    expect(profile.body).toContain('banned');
  });

  it('a suspension that has ended lets the account sign in again without anyone lifting it', async () => {
    const user = await registerUser(t.app, t.dataDir);
    expect((await act(moderator, user.login, 'suspend', { days: 1, reason: 'Cool down' })).statusCode).toBe(
      200,
    );
    expect((await signIn(user)).statusCode).toBe(403);
    await t.app.deps.db.execute(
      sql`update users set suspended_until = now() - interval '1 second' where id = ${user.id}`,
    );
    expect((await signIn(user)).statusCode).toBe(200);
  });
});

describe("a restricted account's orders", () => {
  const statusOfTask = async (formId: number) =>
    (
      await t.app.deps.db.execute<{ status: string }>(
        sql`select status::text from commission_tasks where form_id = ${formId}`,
      )
    ).rows[0]!.status;
  const notes = async (user: TestUser) => (await call(t.app, 'GET', '/api/notifications', user.cookie)).body;

  it('a suspended artist: new orders are declined, accepted ones put on hold, and each buyer is told', async () => {
    const artist = await registerArtist(t);
    const card = await createCard(t, artist, { isOpenComission: true, isCommissionsOpen: true });
    const first = await registerUser(t.app, t.dataDir);
    const second = await registerUser(t.app, t.dataDir);
    const fresh = await sendForm(t, first, card);
    const accepted = await sendForm(t, second, card);
    await moveOrder(t, accepted, { artist, buyer: second }, 'waiting');
    expect(
      (await act(moderator, artist.login, 'suspend', { days: 5, reason: 'Scam reports' })).statusCode,
    ).toBe(200);
    expect(await statusOfTask(fresh.id)).toBe('declined');
    expect(await statusOfTask(accepted.id)).toBe('waiting');
    expect(await notes(first)).toContain('ended before it was accepted');
    expect(await notes(second)).toContain('is on hold until the suspension ends');
  });

  it('pending applications sent by or to a restricted account end as declined; the other side is told', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const request = await postRequest(t, owner, { title: 'Ends with its owner' });
    const artist = await registerArtist(t);
    const card = await createCard(t, artist, { isOpenComission: true, isCommissionsOpen: true });
    await applyTo(t, artist, request.guid, card.uuid);
    expect(
      (await act(moderator, owner.login, 'suspend', { days: 2, reason: 'Spam requests' })).statusCode,
    ).toBe(200);
    const { rows } = await t.app.deps.db.execute<{ status: string }>(
      sql`select a.status::text from request_applications a join requests r on r.id = a.request_id where r.guid = ${request.guid}`,
    );
    expect(rows.map((r) => r.status)).toEqual(['declined']);
    expect(await notes(artist)).toContain('Your application to “Ends with its owner” ended');
  });

  it("a banned buyer's new order is canceled and the artist told", async () => {
    const artist = await registerArtist(t);
    const card = await createCard(t, artist, { isOpenComission: true, isCommissionsOpen: true });
    const buyer = await registerUser(t.app, t.dataDir);
    const form = await sendForm(t, buyer, card);
    expect((await act(admin, buyer.login, 'ban', { reason: 'Chargeback fraud' })).statusCode).toBe(200);
    expect(await statusOfTask(form.id)).toBe('canceled');
    expect(await notes(artist)).toContain(`staff suspended ${buyer.login}'s account`);
  });
});

describe('who may do what to whom', () => {
  it.each([
    ['suspend for 0 days', 'suspend', { days: 0, reason: 'x' }, 400, m.daysRange],
    ['suspend for 366 days', 'suspend', { days: 366, reason: 'x' }, 400, m.daysRange],
    ['suspend for half a day', 'suspend', { days: 1.5, reason: 'x' }, 400, m.daysRange],
    ['suspend without a reason', 'suspend', { days: 3, reason: '   ' }, 400, m.reasonRequired],
    ['ban with a reason too long', 'ban', { reason: 'x'.repeat(501) }, 400, m.reasonTooLong],
    ['warn with nothing to say', 'warn', { message: '' }, 400, m.warningRequired],
    ['lift what is not restricted', 'lift', { reason: 'x' }, 409, m.notRestricted],
  ])('%s: %s', async (_name, action, body, status, message) => {
    const user = await registerUser(t.app, t.dataDir);
    const res = await act(moderator, user.login, action, body);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(JSON.stringify(message).slice(1, -1));
    expect((await signIn(user)).statusCode).toBe(200);
  });

  it('nobody acts on their own account; a moderator does not restrict staff; an admin does', async () => {
    expect((await act(moderator, moderator.login, 'suspend', { days: 1, reason: 'x' })).statusCode).toBe(409);
    const other = await withRole('moderator');
    const refused = await act(moderator, other.login, 'ban', { reason: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.staffOnlyByAdmin);
    expect(
      (await act(admin, other.login, 'suspend', { days: 2, reason: 'Abuse of powers' })).statusCode,
    ).toBe(200);
    // A moderator may still warn staff.
    expect((await act(moderator, admin.login, 'warn', { message: 'Heads up' })).statusCode).toBe(200);
  });

  it('an unknown login answers 404 with the message', async () => {
    const res = await act(admin, 'nobody-here-at-all', 'suspend', { days: 1, reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.userNotFound);
  });

  it('the last admin keeps the role; roles and badges take effect on the next request', async () => {
    const res = await act(admin, admin.login, 'role', { role: 'admin', granted: false });
    // Other tests' admins exist only in this file's app: this one is the only admin.
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.lastAdmin);
    const user = await registerUser(t.app, t.dataDir);
    expect((await call(t.app, 'GET', '/api/admin/users', user.cookie)).statusCode).toBe(404);
    expect((await act(admin, user.login, 'role', { role: 'moderator', granted: true })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/users', user.cookie)).statusCode).toBe(200);
    const badge = await act(admin, user.login, 'badge', { badge: 'verified', set: true });
    expect(badge.json<{ user: AdminUserDetail }>().user.badges).toEqual(['staff', 'verified']);
  });
});

describe('the audit log', () => {
  it('records every action with who, what, whom and why; filters; refuses to be rewritten', async () => {
    const user = await registerUser(t.app, t.dataDir);
    await act(moderator, user.login, 'warn', { message: 'Please tag your NSFW posts' });
    await act(moderator, user.login, 'suspend', { days: 3, reason: 'Untagged NSFW again' });
    await act(admin, user.login, 'lift', { reason: 'Tagged them all' });
    const page = await call(t.app, 'GET', `/api/admin/audit?target=${user.login}`, admin.cookie);
    expect(page.statusCode).toBe(200);
    const { entries, hasMore } = page.json<AuditPage>();
    expect(hasMore).toBe(false);
    expect(entries.map((e) => [e.action, e.actor?.login, e.target?.login, e.reason])).toEqual([
      ['lift', admin.login, user.login, 'Tagged them all'],
      ['suspend', moderator.login, user.login, 'Untagged NSFW again'],
      ['warn', moderator.login, user.login, 'Please tag your NSFW posts'],
    ]);
    expect(entries[1]!.detail).toMatchObject({ days: 3 });
    const byAction = await call(
      t.app,
      'GET',
      `/api/admin/audit?target=${user.login}&action=warn&actor=${moderator.login}`,
      admin.cookie,
    );
    expect(byAction.json<AuditPage>().entries.map((e) => e.action)).toEqual(['warn']);
    // The user page shows the same entries.
    const detail = await call(t.app, 'GET', `/api/admin/user/${user.login}`, moderator.cookie);
    expect(detail.json<AdminUserDetail>().audit).toHaveLength(3);
    // The warning reached the user as a system notification.
    const notes = await call(t.app, 'GET', '/api/notifications', (await signedInAgain(user)).cookie);
    expect(notes.body).toContain('Please tag your NSFW posts');

    const refused = (statement: ReturnType<typeof sql>) =>
      t.app.deps.db.execute(statement).then(
        () => 'accepted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(await refused(sql`update moderation_audit set reason = 'nothing'`)).toMatch(/append-only/);
    expect(await refused(sql`delete from moderation_audit`)).toMatch(/append-only/);
  });

  it('pages by `before`, 50 at a time', async () => {
    const user = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < 51; i++) await act(moderator, user.login, 'warn', { message: `Warning ${i}` });
    const first = (
      await call(t.app, 'GET', `/api/admin/audit?target=${user.login}`, admin.cookie)
    ).json<AuditPage>();
    expect(first.entries).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const next = (
      await call(
        t.app,
        'GET',
        `/api/admin/audit?target=${user.login}&before=${first.entries.at(-1)!.id}`,
        admin.cookie,
      )
    ).json<AuditPage>();
    expect(next.entries.map((e) => e.reason)).toEqual(['Warning 0']);
    expect(next.hasMore).toBe(false);
  });
});

/** The user's session after the staff actions (a suspension ended the one they had). */
async function signedInAgain(user: TestUser): Promise<TestUser> {
  const res = await signIn(user);
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  const sid = res.cookies.find((c) => c.name === 'sid')!;
  return { ...user, cookie: `sid=${sid.value}` };
}
