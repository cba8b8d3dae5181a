import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrongMediaPurposeMessage } from '@brushline/shared/media/messages';
import { messages } from '@brushline/shared/messages';
import { users } from '../../db/schema/users.ts';
import { LIMITS } from '../../platform/rate-limit.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { multipartBody, pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { findMediaByIds } from './media.repo.ts';
import { assertOwnMedia } from './media.service.ts';
import { mediaRowCount } from './media.test-fixtures.ts';

let t: TestApp;
let ann: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The AppError a promise rejects with, as status and message. */
async function failure(p: Promise<unknown>) {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { statusCode: number; message: string } | null;
  return err && { status: err.statusCode, message: err.message };
}

describe('assertOwnMedia', () => {
  it("accepts the actor's own media, of an allowed purpose, and an empty list", async () => {
    const a = await uploadImage(t.app, ann.cookie);
    const b = await uploadImage(t.app, ann.cookie, { purpose: 'cardBanner' });
    // It answers the rows in the order asked for, so callers keep the user's order.
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(await assertOwnMedia(t.app.deps, ann, [a.id, b.id]))).toEqual([a.id, b.id]);
    expect(ids(await assertOwnMedia(t.app.deps, ann, [b.id, a.id]))).toEqual([b.id, a.id]);
    expect(ids(await assertOwnMedia(t.app.deps, ann, [b.id], ['cardBanner']))).toEqual([b.id]);
    await expect(assertOwnMedia(t.app.deps, ann, [])).resolves.toEqual([]);
  });

  it("answers 404 for someone else's media and for unknown or malformed ids", async () => {
    const mine = await uploadImage(t.app, ann.cookie);
    const theirs = await uploadImage(t.app, bob.cookie);
    for (const ids of [[mine.id, theirs.id], [UNKNOWN], ['not-a-uuid']]) {
      expect(await failure(assertOwnMedia(t.app.deps, ann, ids))).toEqual({
        status: 404,
        message: messages.notFound,
      });
    }
  });

  it('answers 400 naming the expected use when the purpose does not fit', async () => {
    const avatar = await uploadImage(t.app, ann.cookie, { purpose: 'avatar' });
    expect(await failure(assertOwnMedia(t.app.deps, ann, [avatar.id], ['cardBanner']))).toEqual({
      status: 400,
      message: wrongMediaPurposeMessage(['cardBanner']),
    });
    expect(wrongMediaPurposeMessage(['cardBanner'])).toContain('a card banner');
  });
});

describe('findMediaByIds', () => {
  it('answers DTOs in the order asked, skipping unknown ids', async () => {
    const a = await uploadImage(t.app, ann.cookie);
    const b = await uploadImage(t.app, bob.cookie, { purpose: 'reference' });
    const found = await findMediaByIds(t.app.deps.db, [b.id, UNKNOWN, a.id, 'junk']);
    expect(found).toEqual([b, a]);
    expect(await findMediaByIds(t.app.deps.db, [])).toEqual([]);
  });
});

describe('uploads that fail half way', () => {
  it('removes the files already written when storing fails, and records no row', async () => {
    const storage = t.app.deps.storage;
    let puts = 0;
    t.app.deps.storage = {
      ...storage,
      async put(key, bytes) {
        puts += 1;
        // The full picture is written, then the miniature fails (a full disk, say).
        if (puts === 2) throw new Error('disk full');
        await storage.put(key, bytes);
      },
    };
    try {
      const files = await t.storedFiles();
      const rows = await mediaRowCount(t.app);
      const body = multipartBody(await pngBytes());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...body.headers, cookie: ann.cookie },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe(messages.serverError);
      expect(puts).toBe(2);
      expect(await t.storedFiles()).toEqual(files);
      expect(await mediaRowCount(t.app)).toBe(rows);
    } finally {
      t.app.deps.storage = storage;
    }
  });
});

describe('uploads whose row cannot be recorded', () => {
  it('removes both stored files when the insert fails (the account vanished meanwhile)', async () => {
    const dan = await registerUser(t.app, t.dataDir);
    const storage = t.app.deps.storage;
    let puts = 0;
    t.app.deps.storage = {
      ...storage,
      async put(key, bytes) {
        await storage.put(key, bytes);
        puts += 1;
        // Both files are written; then the owner is deleted, so the row's foreign key fails.
        if (puts === 2) await t.app.deps.db.delete(users).where(eq(users.id, dan.id));
      },
    };
    try {
      const files = await t.storedFiles();
      const rows = await mediaRowCount(t.app);
      const body = multipartBody(await pngBytes());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...body.headers, cookie: dan.cookie },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(500);
      expect(puts).toBe(2);
      expect(await t.storedFiles()).toEqual(files);
      expect(await mediaRowCount(t.app)).toBe(rows);
    } finally {
      t.app.deps.storage = storage;
    }
  });
});

describe('upload rate limit', () => {
  it('answers 429 with Retry-After once a user has used up the upload window', async () => {
    const carl = await registerUser(t.app, t.dataDir);
    // Empty requests are counted too: the limit guards the work of reading and decoding.
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/media', headers: { cookie: carl.cookie }, payload: {} });
    for (let i = 0; i < LIMITS.mediaUploadUser.points; i += 1) expect((await send()).statusCode).toBe(400);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    await expect(uploadImage(t.app, bob.cookie)).resolves.toMatchObject({ mime: 'image/webp' });
  });
});
