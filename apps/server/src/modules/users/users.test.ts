import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
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

const settingsBody = { displayNSFW: true, displayQuestionable: true, isArtist: true };

describe('user lookups', () => {
  it('GET /api/user/{login} answers the user and roles, whatever the case, without private fields', async () => {
    const res = await t.app.inject({ url: `/api/user/${ann.login.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ann.id, displayLogin: ann.login, roles: [] });
    expect(res.json()).not.toHaveProperty('email');
    expect(res.body).not.toContain('argon2');
  });

  it('GET /api/user/id/{id} answers the user card; unknown ids and logins answer 404', async () => {
    expect((await t.app.inject({ url: `/api/user/id/${bob.id}` })).json()).toMatchObject({
      displayLogin: bob.login,
    });
    for (const url of ['/api/user/id/00000000-0000-4000-8000-000000000000', '/api/user/nobody_at_all']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // Not a uuid at all: bad input, refused by the shared uuid rule like every uuid in a path.
    expect((await t.app.inject({ url: '/api/user/id/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('settings', () => {
  it('the owner reads and updates them; isArtist grants and removes the artist role', async () => {
    const get = await t.app.inject({
      url: `/api/user/settings/login/${ann.login}`,
      headers: { cookie: ann.cookie },
    });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({
      id: ann.id,
      displayNSFW: false,
      displayQuestionable: false,
      isArtist: false,
      hideAI: false,
    });

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${ann.id}`,
      headers: { cookie: ann.cookie },
      payload: { id: ann.id, ...settingsBody },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({
      id: ann.id,
      ...settingsBody,
      hideAI: false,
      message: messages.settingsUpdated,
    });
    expect((await t.app.inject({ url: `/api/user/${ann.login}` })).json().roles).toEqual(['artist']);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${ann.id}`,
      headers: { cookie: ann.cookie },
      payload: { ...settingsBody, isArtist: false },
    });
    expect((await t.app.inject({ url: `/api/user/${ann.login}` })).json().roles).toEqual([]);
  });

  it("someone else's settings answer 404 and stay unchanged; anonymous answers 401", async () => {
    const read = await t.app.inject({
      url: `/api/user/settings/login/${bob.login}`,
      headers: { cookie: ann.cookie },
    });
    expect(read.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${bob.id}`,
      headers: { cookie: ann.cookie },
      payload: settingsBody,
    });
    expect(write.statusCode).toBe(404);
    const mismatched = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${ann.id}`,
      headers: { cookie: ann.cookie },
      payload: { id: bob.id, ...settingsBody },
    });
    expect(mismatched.statusCode).toBe(404);
    const bobs = await t.app.inject({
      url: `/api/user/settings/login/${bob.login}`,
      headers: { cookie: bob.cookie },
    });
    expect(bobs.json()).toMatchObject({ displayNSFW: false, isArtist: false });

    const anon = await t.app.inject({ url: `/api/user/settings/login/${bob.login}` });
    expect(anon.statusCode).toBe(401);
    const anonWrite = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${bob.id}`,
      payload: settingsBody,
    });
    expect(anonWrite.statusCode).toBe(401);
  });

  it('refuses a body with missing or wrongly typed flags and changes nothing', async () => {
    for (const payload of [
      {},
      { displayNSFW: 'yes', displayQuestionable: true, isArtist: true },
      { ...settingsBody, id: 'x' },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/update/settings/id/${bob.id}`,
        headers: { cookie: bob.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const bobs = await t.app.inject({
      url: `/api/user/settings/login/${bob.login}`,
      headers: { cookie: bob.cookie },
    });
    expect(bobs.json()).toMatchObject({ displayNSFW: false, displayQuestionable: false, isArtist: false });
  });
});
