import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LIMITS } from '@brushline/shared/auth/constants';
import { messages, tooManyRequestsMessage } from '@brushline/shared/messages';
import {
  createTestApp,
  lastMailTo,
  nextIp,
  registerUser,
  resetCode,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

async function askCode(emailOrLogin: string, email: string) {
  const res = await post('/api/reset/send-email', { emailOrLogin });
  expect(res.statusCode, res.body).toBe(200);
  return resetCode(await lastMailTo(t.dataDir, email));
}

const signIn = (login: string, password: string) => post('/api/auth/login', { login, password });

describe('password reset', () => {
  it('mails RS- plus 10 characters, trades it for a token, sets the password and ends every session', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const other = await signIn(u.login, u.password);
    const otherCookie = `sid=${other.cookies.find((c) => c.name === 'sid')!.value}`;

    const code = await askCode(u.login, u.email);
    expect(code).toMatch(/^RS-[A-Z0-9]{10}$/);
    const traded = await post('/api/reset/send-code', {
      resetCode: code.toLowerCase(),
      emailOrLogin: u.email,
    });
    expect(traded.statusCode, traded.body).toBe(200);
    const { resetToken } = traded.json<{ resetToken: string }>();

    const done = await post('/api/reset/new-password', { resetToken, newPassword: 'brand-new-pass' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.passwordUpdated });

    for (const cookie of [u.cookie, otherCookie]) {
      expect((await t.app.inject({ url: '/api/sessioncheck', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await signIn(u.login, u.password)).statusCode).toBe(401);
    expect((await signIn(u.login, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('says "Unable to send code to this email" for an unknown account and sends nothing', async () => {
    const res = await post('/api/reset/send-email', { emailOrLogin: 'nobody@example.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.resetSendFailed);
    expect((await post('/api/reset/send-email', {})).json().error.message).toBe(messages.resetSendFailed);
  });

  it('says "Unable to find that code" for a wrong or malformed code', async () => {
    const u = await registerUser(t.app, t.dataDir);
    await askCode(u.email, u.email);
    for (const resetCode of ['RS-AAAAAAAAAA', 'RS-123', "RS-' or 1=1 --", '']) {
      const res = await post('/api/reset/send-code', { resetCode });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().error.message).toBe(messages.resetCodeNotFound);
    }
  });

  it('a code works once; a token works once', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const code = await askCode(u.login, u.email);
    const first = await post('/api/reset/send-code', { resetCode: code });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/reset/send-code', { resetCode: code });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(messages.resetCodeNotFound);

    const { resetToken } = first.json<{ resetToken: string }>();
    expect((await post('/api/reset/new-password', { resetToken, newPassword: 'pass-one' })).statusCode).toBe(
      200,
    );
    const reuse = await post('/api/reset/new-password', { resetToken, newPassword: 'pass-two' });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json().error.message).toBe(messages.resetTokenNotFound);
    expect((await signIn(u.login, 'pass-one')).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries against the named account', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const code = await askCode(u.login, u.email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/reset/send-code', { resetCode: 'RS-AAAAAAAAAA', emailOrLogin: u.login }))
          .statusCode,
      ).toBe(404);
    }
    const right = await post('/api/reset/send-code', { resetCode: code, emailOrLogin: u.login });
    expect(right.statusCode).toBe(404);
    expect((await post('/api/reset/send-code', { resetCode: code })).statusCode).toBe(404);
  });

  it('refuses an expired code and an expired token', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const code = await askCode(u.login, u.email);
    await t.app.deps.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${u.id}`,
    );
    expect((await post('/api/reset/send-code', { resetCode: code })).statusCode).toBe(404);

    const code2 = await askCode(u.login, u.email);
    const { resetToken } = (await post('/api/reset/send-code', { resetCode: code2 })).json<{
      resetToken: string;
    }>();
    await t.app.deps.db.execute(
      sql`update password_resets set token_expires_at = now() - interval '1 second' where user_id = ${u.id}`,
    );
    const res = await post('/api/reset/new-password', { resetToken, newPassword: 'too-late-pass' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.resetTokenNotFound);
  });

  it('a new code replaces the old one', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const old = await askCode(u.login, u.email);
    const fresh = await askCode(u.login, u.email);
    expect((await post('/api/reset/send-code', { resetCode: old })).statusCode).toBe(404);
    expect((await post('/api/reset/send-code', { resetCode: fresh })).statusCode).toBe(200);
  });

  it('applies the password rules to the new password and keeps the old one', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const code = await askCode(u.login, u.email);
    const { resetToken } = (await post('/api/reset/send-code', { resetCode: code })).json<{
      resetToken: string;
    }>();
    const short = await post('/api/reset/new-password', { resetToken, newPassword: 'abcd' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(messages.passwordTooShort);
    const long = await post('/api/reset/new-password', { resetToken, newPassword: 'x'.repeat(65) });
    expect(long.json().error.message).toBe(messages.passwordTooLong);
    expect((await signIn(u.login, u.password)).statusCode).toBe(200);
    // The token was not spent by the refused attempts.
    expect((await post('/api/reset/new-password', { resetToken, newPassword: 'abcde' })).statusCode).toBe(
      200,
    );
  });

  it('limits reset mails per account, its login and e-mail counted together', async () => {
    const u = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < RESET_LIMITS.account.points; i++) {
      const emailOrLogin = i % 2 === 0 ? u.login : u.email.toUpperCase();
      expect((await post('/api/reset/send-email', { emailOrLogin })).statusCode).toBe(200);
    }
    const res = await post('/api/reset/send-email', { emailOrLogin: u.email });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(tooManyRequestsMessage(Number(res.headers['retry-after'])));
  });
});
