import type { AddressInfo } from 'node:net';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '@brushline/shared/users/constants';
import { HUB_PATH } from '@brushline/shared/realtime';
import {
  displayNameBadCharacters,
  displayNameEmpty,
  displayNameTooLong,
} from '@brushline/shared/users/messages';
import type { User } from '@brushline/shared/users/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { grantRole, setBadgeFlag } from './users.repo.ts';

let t: TestApp;
let ann: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const patch = (payload: object, cookie: string | null = ann.cookie) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    payload,
    headers: cookie ? { cookie } : {},
  });
const userOf = async (login: string) => (await t.app.inject({ url: `/api/user/${login}` })).json<User>();

describe('PATCH /api/user/profile', () => {
  it('sets a trimmed display name and answers the updated signed-in user', async () => {
    const res = await patch({ displayName: '  Ann the Painter  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ann.id, displayName: 'Ann the Painter', email: ann.email });
    expect((await userOf(ann.login)).displayName).toBe('Ann the Painter');
    const emoji = await patch({ displayName: 'Ann 👩‍🎨' });
    expect(emoji.json().displayName).toBe('Ann 👩‍🎨');
  });

  it('refuses an empty, too long or control-character display name and keeps the old one', async () => {
    const before = (await userOf(ann.login)).displayName;
    for (const [displayName, message] of [
      ['', displayNameEmpty],
      ['    ', displayNameEmpty],
      ['x'.repeat(DISPLAY_NAME_MAX + 1), displayNameTooLong],
      ['Ann\u0007', displayNameBadCharacters],
      ['Ann\nBob', displayNameBadCharacters],
      ['\u202Enna', displayNameBadCharacters],
    ] as const) {
      const res = await patch({ displayName });
      expect(res.statusCode, JSON.stringify(displayName)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await patch({ displayName: 'y'.repeat(DISPLAY_NAME_MAX) })).statusCode).toBe(200);
    expect((await patch({ displayName: before })).statusCode).toBe(200);
  });

  it('sets and removes an own avatar and banner, shown with full and miniature paths', async () => {
    const avatar = await uploadImage(t.app, ann.cookie, { purpose: 'avatar' });
    const banner = await uploadImage(t.app, ann.cookie, { purpose: 'banner' });
    const res = await patch({ avatarMediaId: avatar.id, bannerMediaId: banner.id });
    expect(res.statusCode).toBe(200);
    const store = {
      profilePicture: {
        path: `/api/media/${avatar.id}/full`,
        miniaturePath: `/api/media/${avatar.id}/miniature`,
      },
      bannerPicture: {
        path: `/api/media/${banner.id}/full`,
        miniaturePath: `/api/media/${banner.id}/miniature`,
      },
    };
    expect(res.json().userProfileStore).toEqual(store);
    expect((await userOf(ann.login)).userProfileStore).toEqual(store);
    const img = await t.app.inject({ url: store.profilePicture.miniaturePath });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);

    const removed = await patch({ avatarMediaId: null });
    expect(removed.json().userProfileStore).toEqual({
      profilePicture: null,
      bannerPicture: store.bannerPicture,
    });
    await patch({ bannerMediaId: null });
    expect((await userOf(ann.login)).userProfileStore).toEqual({ profilePicture: null, bannerPicture: null });
  });

  it("refuses someone else's media, unknown ids and pictures uploaded for another use", async () => {
    const bobsAvatar = await uploadImage(t.app, bob.cookie, { purpose: 'avatar' });
    const foreign = await patch({ avatarMediaId: bobsAvatar.id });
    expect(foreign.statusCode).toBe(404);
    const unknown = await patch({ bannerMediaId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);

    const post = await uploadImage(t.app, ann.cookie, { purpose: 'post' });
    const annsAvatar = await uploadImage(t.app, ann.cookie, { purpose: 'avatar' });
    for (const payload of [{ avatarMediaId: post.id }, { bannerMediaId: annsAvatar.id }]) {
      const res = await patch({ displayName: 'Changed', ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('wrong_media_purpose');
    }
    const after = await userOf(ann.login);
    expect(after.userProfileStore).toEqual({ profilePicture: null, bannerPicture: null });
    expect(after.displayName).not.toBe('Changed');
    expect((await patch({ avatarMediaId: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await patch({ displayName: 'Nobody' }, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('badges and presence on the user', () => {
  it('come from roles and the staff-set flags; a ban hides every other badge', async () => {
    const cat = await registerUser(t.app, t.dataDir);
    expect((await userOf(cat.login)).badges).toEqual([]);
    const db = t.app.deps.db;
    await grantRole(db, cat.id, 'moderator');
    await grantRole(db, cat.id, 'artist');
    await grantRole(db, cat.id, 'subscriber-tier-2');
    await setBadgeFlag(db, cat.id, 'isVerified', true);
    await setBadgeFlag(db, cat.id, 'isAlpha', true);
    expect((await userOf(cat.login)).badges).toEqual(['staff', 'verified', 'artist', 'alpha', 'subscriber']);
    await setBadgeFlag(db, cat.id, 'isBanned', true);
    expect((await userOf(cat.login)).badges).toEqual(['banned']);
    const me = await t.app.inject({ url: '/api/sessioncheck', headers: { cookie: cat.cookie } });
    expect(me.json().badges).toEqual(['banned']);
  });

  it('isOnline is false without sockets and true while the user has one', async () => {
    expect((await userOf(bob.login)).isOnline).toBe(false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket = connectClient(base, {
      path: HUB_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: bob.cookie },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect((await userOf(bob.login)).isOnline).toBe(true);
      expect((await t.app.inject({ url: `/api/user/id/${bob.id}` })).json().isOnline).toBe(true);
      expect((await userOf(ann.login)).isOnline).toBe(false);
    } finally {
      socket.disconnect();
    }
  });
});
