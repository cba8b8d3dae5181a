import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LOGIN_DEVICE_TTL_DAYS } from '@brushline/shared/auth/constants';
import { isUuid } from '@brushline/shared/uuid';

/**
 * A device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful sign-in (or password reset) the browser gets a cookie naming the account, signed by
 * the server. Sign-in attempts that bring it are counted per device, not against the account, so
 * a stranger guessing from elsewhere can use up the account's limit without locking the owner out.
 *
 * Value: user id "." issued-at seconds "." nonce "." HMAC-SHA256 (128 bits). Nothing is stored:
 * the nonce names the device for its own counter; a new one is issued at every sign-in.
 */
export const DEVICE_COOKIE = 'device';
const PURPOSE = 'brushline:login-device:';
const MAC_BYTES = 16;
const TTL_SECONDS = LOGIN_DEVICE_TTL_DAYS * 24 * 60 * 60;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const ISSUED = /^[1-9][0-9]{0,11}$/;

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(PURPOSE).update(payload).digest().subarray(0, MAC_BYTES);

export function signDevice(secret: Buffer, userId: string, now = Date.now()): string {
  const payload = `${userId}.${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The device id (nonce) of a valid, unexpired cookie of this account; null for anything else. */
export function verifyDevice(
  secret: Buffer,
  value: string | undefined,
  userId: string,
  now = Date.now(),
): string | null {
  if (!value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [id, issued, nonce, sig] = parts as [string, string, string, string];
  if (id !== userId || !isUuid(id) || !ISSUED.test(issued) || !NONCE.test(nonce)) return null;
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== MAC_BYTES || given.toString('base64url') !== sig) return null;
  if (!timingSafeEqual(given, mac(secret, `${id}.${issued}.${nonce}`))) return null;
  const age = now / 1000 - Number(issued);
  return age >= 0 && age < TTL_SECONDS ? nonce : null;
}

/** Only the sign-in route reads it: sent nowhere else. */
export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/auth/login',
    maxAge: TTL_SECONDS,
  });
}
