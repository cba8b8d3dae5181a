import { z } from 'zod';

const uuidError = 'Must be a uuid';

/**
 * The one uuid check of the project: route params (`/comissioncard/get/{uuid}`, `/user/id/{id}`,
 * `/media/{id}/…`), body ids and answers all use it, so a malformed id is refused with 400 before
 * it reaches a uuid column (where it would be a driver error, not a miss).
 */
export const uuidSchema = z.uuid({ error: uuidError });

/** The same rule as a guard, for ids that arrive outside a schema (hub payloads, repo inputs). */
export const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;
