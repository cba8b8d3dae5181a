/** Business limits from SPEC §9 that accounts use. One source: schemas, forms and columns read these. */
export const LOGIN_MIN = 3;
export const LOGIN_MAX = 32;
/** SPEC §5: the check refuses passwords shorter than 5 although the message says 6. */
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 64;
export const EMAIL_MAX = 254;
export const DISPLAY_NAME_MAX = 64;

/** Verification and reset codes (issue #2 security rules). */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const REGISTER_CODE_LENGTH = 6;
export const RESET_CODE_PREFIX = 'RS-';
export const RESET_CODE_BODY_LENGTH = 10;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

/** Sessions: sliding 30 days. Keep-alive: more than 3 failures in a row log out (SPEC §4). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const KEEP_ALIVE_INTERVAL_MS = 60 * 1000;
export const KEEP_ALIVE_MAX_FAILURES = 3;

/** Legal pages date (SPEC §1). */
export const LEGAL_UPDATED_AT = '24/05/2024';
