import { z } from 'zod';
import { isUuid } from './uuid-pattern.ts';

export { isUuid };

const uuidError = 'Must be a uuid';

/**
 * The one uuid check of the project: route params (`/comissioncard/get/{uuid}`, `/user/id/{id}`,
 * `/media/{id}/…`), body ids and answers all use it, so a malformed id is refused with 400 before
 * it reaches a uuid column (where it would be a driver error, not a miss). zod's uuid (its
 * `format: uuid` shows in /api/docs); `isUuid` is the same rule without zod (uuid.test.ts holds
 * them together).
 */
export const uuidSchema = z.uuid({ error: uuidError });
