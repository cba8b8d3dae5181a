import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { codeFromOutbox } from './outbox.ts';

let counter = 0;
/**
 * A client address of its own for each API registration: the e2e server trusts the proxy header,
 * so the per-IP registration limit (10 an hour) does not trip over a run with retries.
 */
const nextIp = () => `10.77.${process.pid % 250}.${(counter += 1)}`;

/**
 * Registers and verifies an account through the API with the code from the mail outbox. The
 * session cookie lands in `request`'s context, so pages of that context are signed in.
 */
export async function registerByApi(request: APIRequestContext, prefix: string) {
  const login = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const user = { login, email: `${login}@example.test`, password: 'e2e-pass-1' };
  const headers = { 'x-forwarded-for': nextIp() };
  const asked = Date.now();
  const req = await request.post('/api/register/request', { data: user, headers });
  expect(req.status(), await req.text()).toBe(200);
  const code = await codeFromOutbox(user.email, /registration code: (\d{6})/, asked);
  const res = await request.post(`/api/register/verify?code=${code}`, { data: user, headers });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  return { ...user, id };
}
