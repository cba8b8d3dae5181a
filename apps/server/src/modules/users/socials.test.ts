import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { SOCIAL_LINKS_MAX, SOCIAL_TITLE_MAX, SOCIAL_URL_MAX } from '@brushline/shared/users/constants';
import { socialTitleTooLong, socialTooMany, socialUrlTooLong } from '@brushline/shared/users/messages';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ann: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const socialsOf = async (login: string) =>
  (await t.app.inject({ url: `/api/user/${login}` })).json<{ connectedSocials: unknown[] }>()
    .connectedSocials;

describe('socials', () => {
  it('add, update and delete round trip with the SPEC messages and site icons', async () => {
    const add = await call('POST', '/api/user/socials/add', ann.cookie, {
      title: '  My art  ',
      url: 'https://www.artstation.com/ann',
    });
    expect(add.statusCode).toBe(200);
    const created = add.json<{ id: number }>();
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'My art',
      url: 'https://www.artstation.com/ann',
      svgIcon: 'artstation',
      message: messages.socialCreated,
    });
    expect(await socialsOf(ann.login)).toEqual([
      { id: created.id, title: 'My art', url: 'https://www.artstation.com/ann', svgIcon: 'artstation' },
    ]);

    const upd = await call('PATCH', `/api/user/socials/update/${created.id}`, ann.cookie, {
      title: 'Shop',
      url: 'https://example.org/shop',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({
      id: created.id,
      title: 'Shop',
      url: 'https://example.org/shop',
      svgIcon: null,
      message: messages.socialUpdated,
    });
    const list = await t.app.inject({ url: `/api/user/socials/${ann.login.toUpperCase()}` });
    expect(list.json()).toEqual([
      { id: created.id, title: 'Shop', url: 'https://example.org/shop', svgIcon: null },
    ]);

    const del = await call('DELETE', `/api/user/socials/delete/${created.id}`, ann.cookie);
    expect(del.statusCode).toBe(200);
    expect(await socialsOf(ann.login)).toEqual([]);
    const again = await call('DELETE', `/api/user/socials/delete/${created.id}`, ann.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('refuses links that are not https:// or have no real host, with "Enter a valid link"', async () => {
    for (const url of [
      'http://example.org',
      'example.org',
      'https://',
      'https://localhost/x',
      'https://exa mple.org',
      'https://user:pass@example.org',
      'javascript:alert(1)',
    ]) {
      const res = await call('POST', '/api/user/socials/add', ann.cookie, { title: 'Site', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(messages.socialInvalidLink);
    }
    expect(await socialsOf(ann.login)).toEqual([]);
  });

  it('refuses a too long title or url and an empty title, and changes nothing', async () => {
    const longTitle = await call('POST', '/api/user/socials/add', ann.cookie, {
      title: 'x'.repeat(SOCIAL_TITLE_MAX + 1),
      url: 'https://example.org',
    });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().error.message).toBe(socialTitleTooLong);
    const longUrl = await call('POST', '/api/user/socials/add', ann.cookie, {
      title: 'Site',
      url: `https://example.org/${'a'.repeat(SOCIAL_URL_MAX)}`,
    });
    expect(longUrl.statusCode).toBe(400);
    expect(longUrl.json().error.message).toBe(socialUrlTooLong);
    const blank = await call('POST', '/api/user/socials/add', ann.cookie, {
      title: '   ',
      url: 'https://a.io',
    });
    expect(blank.statusCode).toBe(400);
    expect(await socialsOf(ann.login)).toEqual([]);

    const atMax = await call('POST', '/api/user/socials/add', ann.cookie, {
      title: 't'.repeat(SOCIAL_TITLE_MAX),
      url: `https://example.org/${'a'.repeat(SOCIAL_URL_MAX - 'https://example.org/'.length)}`,
    });
    expect(atMax.statusCode).toBe(200);
    await call('DELETE', `/api/user/socials/delete/${atMax.json().id}`, ann.cookie);
  });

  it("someone else's link answers 404 to update and delete and stays unchanged", async () => {
    const bobs = (
      await call('POST', '/api/user/socials/add', bob.cookie, { title: 'Bob', url: 'https://bsky.app/bob' })
    ).json<{ id: number }>();
    const upd = await call('PATCH', `/api/user/socials/update/${bobs.id}`, ann.cookie, {
      title: 'Hacked',
      url: 'https://evil.example.org',
    });
    expect(upd.statusCode).toBe(404);
    expect(upd.json().error.message).toBe(messages.socialUpdateFailed);
    const del = await call('DELETE', `/api/user/socials/delete/${bobs.id}`, ann.cookie);
    expect(del.statusCode).toBe(404);
    expect(await socialsOf(bob.login)).toEqual([
      { id: bobs.id, title: 'Bob', url: 'https://bsky.app/bob', svgIcon: 'bluesky' },
    ]);
    const missing = await call('PATCH', '/api/user/socials/update/99999999', ann.cookie, {
      title: 'x',
      url: 'https://example.org',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('anonymous callers get 401 and nothing changes', async () => {
    const body = { title: 'Site', url: 'https://example.org' };
    expect((await call('POST', '/api/user/socials/add', undefined, body)).statusCode).toBe(401);
    const bobs = (await t.app.inject({ url: `/api/user/socials/${bob.login}` })).json<{ id: number }[]>();
    expect((await call('PATCH', `/api/user/socials/update/${bobs[0]!.id}`, undefined, body)).statusCode).toBe(
      401,
    );
    expect((await call('DELETE', `/api/user/socials/delete/${bobs[0]!.id}`)).statusCode).toBe(401);
    expect(await socialsOf(bob.login)).toHaveLength(1);
  });

  it(`caps a user at ${SOCIAL_LINKS_MAX} links`, async () => {
    const cat = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < SOCIAL_LINKS_MAX; i += 1) {
      const res = await call('POST', '/api/user/socials/add', cat.cookie, {
        title: `Site ${i}`,
        url: `https://example.org/${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await call('POST', '/api/user/socials/add', cat.cookie, {
      title: 'One more',
      url: 'https://example.org/more',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(socialTooMany);
    expect(await socialsOf(cat.login)).toHaveLength(SOCIAL_LINKS_MAX);
  });

  it('an unknown login has no socials list', async () => {
    expect((await t.app.inject({ url: '/api/user/socials/nobody_here' })).statusCode).toBe(404);
  });
});
