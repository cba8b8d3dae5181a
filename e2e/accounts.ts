import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { codeFromOutbox } from './outbox.ts';

let counter = 0;
/**
 * A client address of its own for each API registration: the e2e server trusts the proxy header,
 * so the per-IP registration limit (10 an hour) does not trip over a run with retries.
 */
const nextIp = () => `10.77.${process.pid % 250}.${(counter += 1)}`;

/**
 * Gives the signed-in account of `request` a profile picture, as most people have. Without one an
 * avatar is initials in a box, no <img>: journeys of picture-less accounts never met the avatars'
 * <img> elements, and axe missed rows whose pictures had no alt (docs/decisions/0012-accessibility.md).
 */
export async function givePicture(request: APIRequestContext, colour: string) {
  const buffer = await sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const up = await request.post('/api/media?purpose=avatar', {
    multipart: { file: { name: 'avatar.png', mimeType: 'image/png', buffer } },
  });
  expect(up.status(), await up.text()).toBe(200);
  const { id } = (await up.json()) as { id: string };
  const res = await request.patch('/api/user/profile', { data: { avatarMediaId: id } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Registers and verifies an account through the API with the code from the mail outbox. The
 * session cookie lands in `request`'s context, so pages of that context are signed in. The
 * account gets a profile picture (givePicture) unless `picture` is false. `dataDir`: the DATA_DIR
 * of the server `request` talks to, when it is not the run's own (e2e/stripe-server.ts).
 */
export async function registerByApi(
  request: APIRequestContext,
  prefix: string,
  { picture = true, dataDir }: { picture?: boolean; dataDir?: string } = {},
) {
  const login = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const user = { login, email: `${login}@example.test`, password: 'e2e-pass-1' };
  const headers = { 'x-forwarded-for': nextIp() };
  const asked = Date.now();
  const req = await request.post('/api/register/request', { data: user, headers });
  expect(req.status(), await req.text()).toBe(200);
  const code = await codeFromOutbox(user.email, /registration code: (\d{6})/, asked, dataDir);
  const res = await request.post(`/api/register/verify?code=${code}`, { data: user, headers });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  // A colour of its own per account, so two people's pictures differ in a screenshot too.
  if (picture) await givePicture(request, `hsl(${(counter * 47) % 360}, 45%, 45%)`);
  return { ...user, id };
}
