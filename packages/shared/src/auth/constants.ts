import type { RateLimit } from '../rate-limit.ts';

/** Account limits from SPEC §5 and §9. One source: schemas, forms, messages and the server read these. */
export const LOGIN_MIN = 3;
export const LOGIN_MAX = 32;
/** SPEC §5: the check refuses passwords shorter than 5 although the message says 6. */
export const PASSWORD_MIN = 5;
/** The minimum the SPEC §8 message states (see PASSWORD_MIN for the one the check applies). */
export const PASSWORD_MIN_STATED = 6;
export const PASSWORD_MAX = 64;
/**
 * Sign-in takes any password up to this length, so a too-long one answers "Wrong login or
 * password" like any wrong one instead of revealing the registration rule; the cap keeps hashing cheap.
 */
export const LOGIN_PASSWORD_MAX = PASSWORD_MAX * 4;
export const EMAIL_MAX = 254;
/** Registering confirms the user is over this age (SPEC §2, the legal pages). */
export const MINIMUM_AGE = 18;

/** Verification and reset codes (decision 0002). */
export const CODE_TTL_MINUTES = 10;
export const CODE_TTL_MS = CODE_TTL_MINUTES * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const REGISTER_CODE_LENGTH = 6;
export const RESET_CODE_PREFIX = 'RS-';
export const RESET_CODE_BODY_LENGTH = 10;
/** What the recovery code field takes: the code with room for the spaces a pasted one may carry. */
export const RESET_CODE_INPUT_MAX = 20;
/** No 0/O, 1/I: a code read from a phone screen is typed without guessing. */
export const RESET_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RESET_TOKEN_TTL_MINUTES = 15;
export const RESET_TOKEN_TTL_MS = RESET_TOKEN_TTL_MINUTES * 60 * 1000;
/** A reset token is 43 characters; anything this long is refused before it is hashed. */
export const RESET_TOKEN_MAX = 200;

/** Sessions: sliding 30 days. Keep-alive: more than 3 failures in a row log out (SPEC §4). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Session tokens are 43 characters; anything much longer is not one and costs no query. */
export const SESSION_TOKEN_MAX = 100;
export const KEEP_ALIVE_INTERVAL_MS = 60 * 1000;
export const KEEP_ALIVE_MAX_FAILURES = 3;

/**
 * Sign-in limits (docs/decisions/0008-hardening.md). Guessing is stopped per account and address
 * pair and per address; a slower limit per account stops guessing spread over many addresses.
 * A browser the owner signed in from carries a signed device cookie and is limited on its own,
 * so a stranger exhausting the account limit never locks the owner out.
 */
export const LOGIN_LIMITS = {
  /** One address against one account: a typo-prone person needs a handful, not dozens. */
  pair: { points: 10, seconds: 15 * 60 },
  /** One address against any accounts (password spraying). */
  address: { points: 30, seconds: 10 * 60 },
  /** Every address without the owner's device cookie, against one account. */
  account: { points: 30, seconds: 60 * 60 },
  /** One device cookie: even a stolen one guesses no faster than one address. */
  device: { points: 10, seconds: 15 * 60 },
} as const satisfies Record<string, RateLimit>;
/** How long a browser stays recognised after its last sign-in. */
export const LOGIN_DEVICE_TTL_DAYS = 365;

export const REGISTER_LIMITS = {
  address: { points: 10, seconds: 60 * 60 },
  email: { points: 5, seconds: 60 * 60 },
  verifyAddress: { points: 30, seconds: 10 * 60 },
} as const satisfies Record<string, RateLimit>;

export const RESET_LIMITS = {
  address: { points: 10, seconds: 60 * 60 },
  /** Reset mails per account (by its id, whichever of login or e-mail was typed). */
  account: { points: 5, seconds: 60 * 60 },
  codeAddress: { points: 30, seconds: 10 * 60 },
} as const satisfies Record<string, RateLimit>;
