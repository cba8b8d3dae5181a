import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_LOGIN_PREFIX, DELETED_USER_NAME } from '@brushline/shared/account/constants';
import { accountMessages } from '@brushline/shared/account/messages';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { connected, hubClient, listen, type HubClient } from '../../test/hub-client.ts';
import {
  call,
  deliveryBody,
  moveOrder,
  registerArtist,
  registerWithRole,
  type TestUser,
} from '../../test/kit.ts';
import { userSessionsChanged } from '../../platform/session.ts';
import { giveContent, ledgerCount } from './account-fixtures.ts';

/** Deleting an account (decision 0024): what goes, what stays with the other side. */
let t: TestApp;
let base: string;
const sockets: HubClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const del = (user: TestUser, body: unknown) => call(t.app, 'POST', '/api/account/delete', user.cookie, body);

/** What a refused deletion must leave as it was. */
async function snapshot(userId: string) {
  const { rows } = await t.app.deps.db.execute(sql`select
    (select row_to_json(u) from (select login, email, display_name, password_hash, deleted_at from users where id = ${userId}) u) as user,
    (select count(*)::int from posts where owner_id = ${userId}) as posts,
    (select count(*)::int from sessions where user_id = ${userId}) as sessions,
    (select count(*)::int from social_links where user_id = ${userId}) as socials,
    (select count(*)::int from media where owner_id = ${userId}) as media`);
  return rows[0];
}

describe('deleting one’s own account', () => {
  let ann: TestUser;
  let painter: TestUser;
  let content: Awaited<ReturnType<typeof giveContent>>;
  beforeAll(async () => {
    ann = await registerUser(t.app, t.dataDir);
    painter = await registerArtist(t);
    content = await giveContent(t, ann, painter);
  });

  it('refuses a wrong password or a mistyped login, and changes nothing', async () => {
    const before = await snapshot(ann.id);
    const wrong = await del(ann, { password: 'not-my-password', login: ann.login });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_password',
      message: accountMessages.wrongPassword,
    });
    const typo = await del(ann, { password: ann.password, login: `${ann.login}x` });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.message).toBe(accountMessages.loginMismatch);
    expect((await del(ann, { login: ann.login })).statusCode).toBe(400);
    expect(await snapshot(ann.id)).toEqual(before);
  });

  it('refuses while an order is in progress, naming it, and changes nothing', async () => {
    await moveOrder(t, content.form, { artist: painter, buyer: ann }, 'processing');
    const before = await snapshot(ann.id);
    const res = await del(ann, { password: ann.password, login: ann.login });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('money_in_flight');
    expect(res.json().error.message).toContain(
      `order #${content.form.id} “${content.card.title}”: in progress`,
    );
    expect(await snapshot(ann.id)).toEqual(before);
    // The painter cannot leave either while it is open.
    const painters = await del(painter, { password: painter.password, login: painter.login });
    expect(painters.statusCode).toBe(409);
  });

  it('removes their content, keeps the order for the artist under “Deleted user”, ends sessions and sockets', async () => {
    // Finish it: the painter delivers, the buyer approves.
    const delivered = await call(
      t.app,
      'PUT',
      `/api/task/${content.form.task.id}/deliver`,
      painter.cookie,
      await deliveryBody(t, painter),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const approved = await call(t.app, 'PUT', `/api/task/${content.form.task.id}/approve`, ann.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    const socket = hubClient(base, ann.cookie, sockets);
    await connected(socket);
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const ledger = await ledgerCount(t);

    const res = await del(ann, { password: ann.password, login: ann.login.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(accountMessages.deleted);
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
    await dropped;

    // Signed out everywhere; sign-in refused with the old password, under the old login or e-mail.
    expect((await call(t.app, 'GET', '/api/notifications', ann.cookie)).statusCode).toBe(401);
    for (const login of [ann.login, ann.email]) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login, password: ann.password },
      });
      expect(signIn.statusCode).toBe(401);
    }
    // Their profile and posts are gone from every list.
    expect((await call(t.app, 'GET', `/api/user/${ann.login}`)).statusCode).toBe(404);
    const feed = await call(t.app, 'GET', '/api/posts/filter?page=1');
    expect(feed.body).not.toContain(`Hello from ${ann.login}`);
    const snap = await snapshot(ann.id);
    expect(snap).toMatchObject({ posts: 0, sessions: 0, socials: 0, media: 0 });
    const user = (snap as { user: Record<string, string> }).user;
    expect(user.login).toBe(`${DELETED_LOGIN_PREFIX}${ann.id.slice(0, 8)}`);
    expect(user.display_name).toBe(DELETED_USER_NAME);
    expect(user.email).not.toContain(ann.email);
    expect(user.deleted_at).not.toBeNull();
    expect((await call(t.app, 'GET', `/api/user/${user.login}`)).statusCode).toBe(404);

    // The painter keeps the order, the buyer named “Deleted user”; the ledger is as it was.
    const order = await call(t.app, 'GET', `/api/order/${content.form.id}`, painter.cookie);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.body).toContain(DELETED_USER_NAME);
    expect(order.body).not.toContain(ann.login);
    expect(await ledgerCount(t)).toBe(ledger);

    // Their working chat stays with the painter, who can no longer write to nobody; no mail is queued.
    const { rows: rooms } = await t.app.deps.db.execute<{ id: number }>(
      sql`select id from chat_rooms where ${ann.id} in (user_low, user_high)`,
    );
    expect(rooms.length).toBeGreaterThan(0);
    const send = await call(t.app, 'POST', `/api/messages/chat/${rooms[0]!.id}`, painter.cookie, {
      clientId: randomUUID(),
      text: 'Are you there?',
      attachments: [],
    });
    expect(send.statusCode).toBe(403);
    const { rows: queued } = await t.app.deps.db.execute(
      sql`select 1 from email_queue where user_id = ${ann.id}`,
    );
    expect(queued).toEqual([]);
  });
});

describe('staff deleting an account on request', () => {
  it('is for admins only (moderators get 404), needs a reason, and is audit-logged', async () => {
    const admin = await registerWithRole(t, 'admin');
    const moderator = await registerWithRole(t, 'moderator');
    const bob = await registerUser(t.app, t.dataDir);
    const url = `/api/admin/user/${bob.login}/delete`;
    expect((await call(t.app, 'POST', url, moderator.cookie, { reason: 'Asked' })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url, admin.cookie, { reason: ' ' })).statusCode).toBe(400);
    expect(
      (await call(t.app, 'POST', `/api/admin/user/${admin.login}/delete`, admin.cookie, { reason: 'Me' }))
        .statusCode,
    ).toBe(409);
    const res = await call(t.app, 'POST', url, admin.cookie, { reason: 'Asked by e-mail on 1 May' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, 'GET', '/api/notifications', bob.cookie)).statusCode).toBe(401);
    const { rows } = await t.app.deps.db.execute<{ action: string; target_login: string; reason: string }>(
      sql`select action, target_login, reason from moderation_audit where target_user_id = ${bob.id}`,
    );
    expect(rows).toEqual([
      { action: 'delete_account', target_login: bob.login, reason: 'Asked by e-mail on 1 May' },
    ]);
    // Once is enough.
    const again = await call(
      t.app,
      'POST',
      `/api/admin/user/${DELETED_LOGIN_PREFIX}${bob.id.slice(0, 8)}/delete`,
      admin.cookie,
      {
        reason: 'Again',
      },
    );
    expect(again.statusCode).toBe(409);
    // Staff see it as deleted, and there is nothing left to suspend.
    const gone = `${DELETED_LOGIN_PREFIX}${bob.id.slice(0, 8)}`;
    const seen = await call(t.app, 'GET', `/api/admin/user/${gone}`, admin.cookie);
    expect(seen.json()).toMatchObject({
      displayName: DELETED_USER_NAME,
      deletedAt: expect.any(String),
      sessions: 0,
    });
    const suspend = await call(t.app, 'POST', `/api/admin/user/${gone}/suspend`, admin.cookie, {
      days: 3,
      reason: 'Spam',
    });
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json().error.code).toBe('account_deleted');
  });

  it('keeps the last admin', async () => {
    const { rows } = await t.app.deps.db.execute<{ login: string }>(sql`select u.login from users u
      join user_roles r on r.user_id = u.id and r.role = 'admin'`);
    expect(rows.length).toBeGreaterThan(0);
    const lone = await registerUser(t.app, t.dataDir);
    // Only the admin role matters here: take everyone else's away for this check, then give it back.
    await t.app.deps.db.execute(
      sql`create temp table admins_before as select * from user_roles where role = 'admin'`,
    );
    await t.app.deps.db.execute(sql`delete from user_roles where role = 'admin'`);
    await t.app.deps.db.execute(sql`insert into user_roles (user_id, role) values (${lone.id}, 'admin')`);
    await userSessionsChanged(t.app.deps.bus, lone.id);
    const res = await del(lone, { password: lone.password, login: lone.login });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('last_admin');
    await t.app.deps.db.execute(sql`insert into user_roles select * from admins_before`);
    await t.app.deps.db.execute(sql`drop table admins_before`);
  });
});
