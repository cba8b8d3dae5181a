import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@brushline/shared/notifications/constants';

/**
 * An unsubscribe link works without signing in, so it carries who and what, signed by the
 * server: base64url(version · user id · kinds as bits) "." base64url(HMAC-SHA256, first 128 bits).
 * 47 characters, so the link fits on one line of a plain-text mail. Nothing is stored: the same
 * user and kinds always give the same token, and using it twice changes nothing the second time.
 */
const VERSION = 1;
const PURPOSE = 'brushline:unsubscribe:';
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 1 + 16 + 2;
const PART = /^[A-Za-z0-9_-]+$/;

export interface UnsubscribeClaim {
  userId: string;
  kinds: NotificationKind[];
}

const mac = (secret: Buffer, payload: Buffer) =>
  createHmac('sha256', secret).update(PURPOSE).update(payload).digest().subarray(0, MAC_BYTES);

export function signUnsubscribe(secret: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload[0] = VERSION;
  Buffer.from(claim.userId.replaceAll('-', ''), 'hex').copy(payload, 1);
  const mask = claim.kinds.reduce((m, k) => m | (1 << NOTIFICATION_KINDS.indexOf(k)), 0);
  payload.writeUInt16BE(mask, 17);
  return `${payload.toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a token this server signed, or null for anything forged, cut or altered. */
export function verifyUnsubscribe(secret: Buffer, token: string): UnsubscribeClaim | null {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length > 0 || !PART.test(body) || !PART.test(sig)) return null;
  const payload = Buffer.from(body, 'base64url');
  const given = Buffer.from(sig, 'base64url');
  // base64url decoding forgives; only the one canonical spelling of each part is accepted.
  if (payload.length !== PAYLOAD_BYTES || payload.toString('base64url') !== body) return null;
  if (given.length !== MAC_BYTES || given.toString('base64url') !== sig) return null;
  if (!timingSafeEqual(given, mac(secret, payload)) || payload[0] !== VERSION) return null;
  const mask = payload.readUInt16BE(17);
  const kinds = NOTIFICATION_KINDS.filter((_, i) => mask & (1 << i));
  if (kinds.length === 0 || mask >> NOTIFICATION_KINDS.length !== 0) return null;
  const hex = payload.subarray(1, 17).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, kinds };
}
