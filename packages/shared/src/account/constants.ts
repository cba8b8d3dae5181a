/** People own their data (docs/decisions/0024-account-data.md): limits of export and deletion. */

import type { RateLimit } from '../rate-limit.ts';

/**
 * Tries at deleting one's account (each checks the password): a stolen session cannot guess the
 * password through this form faster than through sign-in.
 */
export const ACCOUNT_DELETE_LIMIT = { points: 5, seconds: 60 * 60 } as const satisfies RateLimit;

/** A mailed download link works this many days; then the archive is removed. */
export const EXPORT_LINK_DAYS = 7;
/** One export may be asked for per this many hours (staff acting on a request are not counted). */
export const EXPORT_INTERVAL_HOURS = 24;

/**
 * An export: preparing (a job is making the archive), ready (mailed; the link works until it
 * expires), failed (the job gave up after its retries), expired (the archive is gone).
 */
export const EXPORT_STATUSES = ['preparing', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What a deleted account shows where its name was (orders, chat, the wiki's history). */
export const DELETED_USER_NAME = 'Deleted user';
/** A deleted account's login: this prefix and a short id (a hyphen no real login may have). */
export const DELETED_LOGIN_PREFIX = 'deleted-';
/** Where a deleted account's e-mail points: a reserved domain nothing is ever delivered to. */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';
