import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LINK_DAYS } from '@brushline/shared/account/constants';
import { accountMessages } from '@brushline/shared/account/messages';
import type { ExportState } from '@brushline/shared/account/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, registerArtist, registerWithRole, type TestUser } from '../../test/kit.ts';
import { giveContent, mailedLink, openZip } from './account-fixtures.ts';
import { ACCOUNT_EXPORT_EXPIRY_QUEUE, openExport, removeExpiredExports } from './account-export.service.ts';

interface ArchiveData {
  profile: Record<string, unknown>;
  posts: unknown[];
  socials: unknown[];
  orders: { asBuyer: unknown[]; asArtist: unknown[] };
  media: { id: string; file: string }[];
}

/** The data export (decision 0024): asked for, prepared by a job, mailed, downloaded, expired. */
let t: TestApp;
let ann: TestUser;
let painter: TestUser;
let other: TestUser;
beforeAll(async () => {
  // The queue's pollers look only every hour: each test drains what it needs.
  t = await createTestApp({}, undefined, { jobPollMs: 3_600_000 });
  ann = await registerUser(t.app, t.dataDir);
  painter = await registerArtist(t);
  other = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const state = async (user: TestUser) =>
  (await call(t.app, 'GET', '/api/account/export', user.cookie)).json<{ export: ExportState }>().export;

describe('exporting one’s data', () => {
  let token: string;
  let content: Awaited<ReturnType<typeof giveContent>>;

  it('prepares the archive in the background and mails a link that works for its owner', async () => {
    content = await giveContent(t, ann, painter);
    expect(await state(ann)).toBeNull();
    const asked = await call(t.app, 'POST', '/api/account/export', ann.cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      message: accountMessages.exportStarted,
      export: { status: 'preparing' },
    });
    // A second click while it is being made changes nothing.
    const again = await call(t.app, 'POST', '/api/account/export', ann.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('export_preparing');

    token = await mailedLink(t, ann);
    const ready = await state(ann);
    expect(ready).toMatchObject({ status: 'ready' });
    const days = (Date.parse(ready!.expiresAt!) - Date.parse(ready!.readyAt!)) / 86_400_000;
    expect(days).toBe(EXPORT_LINK_DAYS);
    expect(ready!.nextAllowedAt).not.toBeNull();

    const res = await call(t.app, 'GET', `/api/account/export/${token}`, ann.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain(`-data-${ann.login}-`);
    const info = await call(t.app, 'GET', `/api/account/export/${token}/info`, ann.cookie);
    expect(info.json()).toEqual({ expiresAt: ready!.expiresAt, sizeBytes: res.rawPayload.length });
    const zip = openZip(res.rawPayload);
    const data = zip.json<ArchiveData>('data.json');
    expect(data.profile).toMatchObject({ login: ann.login, email: ann.email });
    expect(JSON.stringify(data)).not.toContain('passwordHash');
    expect(data.posts).toMatchObject([
      { content: `Hello from ${ann.login}`, mediaIds: [content.picture.id] },
    ]);
    expect(data.socials).toMatchObject([{ title: 'My site', url: 'https://example.test/me' }]);
    expect(data.orders.asBuyer).toMatchObject([
      {
        id: content.form.id,
        cardTitle: content.card.title,
        artistLogin: painter.login,
        buyerLogin: ann.login,
      },
    ]);
    expect(data.orders.asArtist).toEqual([]);
    // The picture as stored, under its id.
    const name = zip.names.find((n) => n.startsWith(`media/post/${content.picture.id}.`));
    expect(name, zip.names.join(', ')).toBeDefined();
    const [row] = (
      await t.app.deps.db.execute<{ storage_key: string }>(
        sql`select storage_key from media where id = ${content.picture.id}`,
      )
    ).rows;
    const stored = await t.app.deps.storage.open(row!.storage_key);
    const chunks: Buffer[] = [];
    for await (const c of stored!.stream) chunks.push(c as Buffer);
    expect(zip.bytes(name!).equals(Buffer.concat(chunks))).toBe(true);
    expect(zip.names).toContain('README.txt');
    // data.json names each upload's file, and never the storage's keys.
    expect(data.media).toContainEqual(expect.objectContaining({ id: content.picture.id, file: name }));
    expect(JSON.stringify(data)).not.toContain(row!.storage_key);
  });

  it('answers 404 to someone else with the link and 401 to nobody', async () => {
    const theirs = await call(t.app, 'GET', `/api/account/export/${token}`, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(accountMessages.exportNotFound);
    expect((await call(t.app, 'GET', `/api/account/export/${token}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/account/export/${'x'.repeat(43)}`, ann.cookie)).statusCode).toBe(
      404,
    );
  });

  it('takes one request a day', async () => {
    const res = await call(t.app, 'POST', '/api/account/export', ann.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('export_too_soon');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops working when the link expires, and the archive is removed', async () => {
    const [row] = (
      await t.app.deps.db.execute<{ id: string; storage_key: string; expires_at: string }>(
        sql`select id, storage_key, expires_at from account_exports where user_id = ${ann.id}`,
      )
    ).rows;
    const expiresAt = new Date(row!.expires_at);
    // The expiry job waits for that moment.
    const { rows: jobs } = await t.app.deps.db.execute<{ start_after: string }>(
      sql`select start_after from pgboss.job where name = ${ACCOUNT_EXPORT_EXPIRY_QUEUE} and data->>'exportId' = ${row!.id}`,
    );
    expect(jobs.map((j) => new Date(j.start_after).getTime())).toEqual([expiresAt.getTime()]);

    const actor = { id: ann.id, login: ann.login } as Parameters<typeof openExport>[1];
    await expect(
      openExport(t.app.deps, actor, token, new Date(expiresAt.getTime() - 1000)),
    ).resolves.toBeTruthy();
    await expect(openExport(t.app.deps, actor, token, expiresAt)).rejects.toMatchObject({
      statusCode: 410,
      code: 'export_expired',
    });
    expect(await removeExpiredExports(t.app.deps, null, new Date(expiresAt.getTime() - 1000))).toBe(0);
    expect(await removeExpiredExports(t.app.deps, null, new Date(expiresAt.getTime() + 1000))).toBe(1);
    expect(await t.app.deps.storage.open(row!.storage_key)).toBeNull();
    const res = await call(t.app, 'GET', `/api/account/export/${token}`, ann.cookie);
    // The token is forgotten with the archive: the link is simply no longer valid.
    expect(res.statusCode).toBe(404);
    expect(await state(ann)).toMatchObject({ status: 'expired' });
    expect((await call(t.app, 'GET', `/api/account/export/${token}/info`, ann.cookie)).statusCode).toBe(404);
  });
});

describe('staff exporting for a user', () => {
  it('mails the user (never staff), writes the audit log, and does not use the user’s own limit', async () => {
    const moderator = await registerWithRole(t, 'moderator');
    const bob = await registerUser(t.app, t.dataDir);
    const noReason = await call(t.app, 'POST', `/api/admin/user/${bob.login}/export`, moderator.cookie, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call(t.app, 'POST', `/api/admin/user/${bob.login}/export`, moderator.cookie, {
      reason: 'Asked by e-mail',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(accountMessages.exportStartedForUser);
    await mailedLink(t, bob);
    const { rows } = await t.app.deps.db.execute<{ action: string; reason: string; actor_login: string }>(
      sql`select action, reason, actor_login from moderation_audit where target_user_id = ${bob.id}`,
    );
    expect(rows).toEqual([
      { action: 'export_data', reason: 'Asked by e-mail', actor_login: moderator.login },
    ]);
    const staffView = await call(t.app, 'GET', `/api/admin/user/${bob.login}/export`, moderator.cookie);
    expect(staffView.json().export).toMatchObject({ status: 'ready', nextAllowedAt: null });
    // Bob may still ask for his own.
    expect((await call(t.app, 'POST', '/api/account/export', bob.cookie)).statusCode).toBe(202);
  });
});
