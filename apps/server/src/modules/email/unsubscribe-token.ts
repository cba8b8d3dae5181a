import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@brushline/shared/notifications/constants';

/**
 * An unsubscribe link works without signing in, so it carries who, what and when, signed by the
 * server: base64url(version · user id · kinds as bits · sent at, in ms) "." base64url(HMAC-SHA256,
 * first 128 bits). 57 characters. Nothing is stored: the service compares "sent at" with when each
 * kind was last changed, so a link cannot undo a choice made after its mail (and it expires).
 *
 * Version 1 (before "sent at" was carried) is still recognised as this server's, so its links are
 * answered as expired rather than as forged.
 */
const VERSION = 2;
const LEGACY_VERSION = 1;
const PURPOSE = 'brushline:unsubscribe:';
const MAC_BYTES = 16;
const ID_BYTES = 16;
const MASK_AT = 1 + ID_BYTES;
const SENT_AT = MASK_AT + 2;
const TIME_BYTES = 6;
const PAYLOAD_BYTES = SENT_AT + TIME_BYTES;
const LEGACY_PAYLOAD_BYTES = SENT_AT;
const PART = /^[A-Za-z0-9_-]+$/;

export interface UnsubscribeClaim {
  userId: string;
  kinds: NotificationKind[];
  /** When the mail carrying the link was made; null for a version 1 link, which never said. */
  sentAt: Date | null;
}

const mac = (secret: Buffer, payload: Buffer) =>
  createHmac('sha256', secret).update(PURPOSE).update(payload).digest().subarray(0, MAC_BYTES);

export function signUnsubscribe(
  secret: Buffer,
  claim: { userId: string; kinds: NotificationKind[]; sentAt: Date },
): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload[0] = VERSION;
  Buffer.from(claim.userId.replaceAll('-', ''), 'hex').copy(payload, 1);
  const mask = claim.kinds.reduce((m, k) => m | (1 << NOTIFICATION_KINDS.indexOf(k)), 0);
  payload.writeUInt16BE(mask, MASK_AT);
  payload.writeUIntBE(claim.sentAt.getTime(), SENT_AT, TIME_BYTES);
  return `${payload.toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a token this server signed, or null for anything forged, cut or altered. */
export function verifyUnsubscribe(secret: Buffer, token: string): UnsubscribeClaim | null {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length > 0 || !PART.test(body) || !PART.test(sig)) return null;
  const payload = Buffer.from(body, 'base64url');
  const given = Buffer.from(sig, 'base64url');
  // base64url decoding forgives; only the one canonical spelling of each part is accepted.
  if (payload.toString('base64url') !== body) return null;
  if (given.length !== MAC_BYTES || given.toString('base64url') !== sig) return null;
  const version = payload[0];
  const size = version === VERSION ? PAYLOAD_BYTES : version === LEGACY_VERSION ? LEGACY_PAYLOAD_BYTES : -1;
  if (payload.length !== size || !timingSafeEqual(given, mac(secret, payload))) return null;
  const mask = payload.readUInt16BE(MASK_AT);
  const kinds = NOTIFICATION_KINDS.filter((_, i) => mask & (1 << i));
  if (kinds.length === 0 || mask >> NOTIFICATION_KINDS.length !== 0) return null;
  const hex = payload.subarray(1, MASK_AT).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const sentAt = version === VERSION ? new Date(payload.readUIntBE(SENT_AT, TIME_BYTES)) : null;
  return { userId, kinds, sentAt };
}
