/**
 * What a uuid looks like (RFC 9562: versions 1–8, the variant bits, and the nil and max uuids),
 * without zod, so a web page can check a route's id without downloading zod. uuid.ts builds the
 * schemas every API route uses with zod's own uuid check, the same pattern (uuid.test.ts holds the two
 * together).
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** The uuid rule as a guard, for ids that arrive outside a schema (route params, hub payloads, repo inputs). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);
