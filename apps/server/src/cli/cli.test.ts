import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { adminCommand } from './admin-command.ts';
import { seedDemo } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run admin', () => {
  it('grants and revokes SPEC roles', async () => {
    const u = await registerUser(t.app, t.dataDir);
    expect(await adminCommand(t.app.deps.db, ['grant-role', u.login, 'moderator'])).toEqual({
      code: 0,
      out: `${u.login}: moderator`,
    });
    expect((await t.app.inject({ url: `/api/user/${u.login}` })).json().roles).toEqual(['moderator']);
    expect((await adminCommand(t.app.deps.db, ['revoke-role', u.login, 'moderator'])).out).toBe(
      `${u.login}: (no roles)`,
    );
  });

  it('refuses unknown roles, commands and logins', async () => {
    expect((await adminCommand(t.app.deps.db, ['grant-role', 'x', 'wizard'])).code).toBe(2);
    expect((await adminCommand(t.app.deps.db, ['delete-everything', 'x'])).code).toBe(2);
    expect(await adminCommand(t.app.deps.db, ['show', 'no_such_user'])).toEqual({
      code: 1,
      out: 'No user with login "no_such_user".',
    });
  });
});

describe('demo seed', () => {
  it('creates the three demo accounts once, with passwords that sign in', async () => {
    const lines: string[] = [];
    const created = await seedDemo(t.app.deps.db, { info: (m: string) => void lines.push(m) });
    expect(created.map((c) => c.login)).toEqual(['demo_artist', 'demo_client', 'demo_admin']);
    expect(lines.join('\n')).toContain(created[0]!.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'demo_artist', password: created[0]!.password },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['artist']);
    expect(await seedDemo(t.app.deps.db, { info: () => {} })).toEqual([]);
  });
});
