import { z } from 'zod';
import { LOGIN_LOOKUP_MAX } from '../users/constants.ts';
import { LOGIN_PASSWORD_MAX } from '../auth/constants.ts';
import { text } from '../text.ts';
import { EXPORT_STATUSES } from './constants.ts';
import { accountMessages as m } from './messages.ts';

/** The latest data export of an account, as its owner (and staff) see it; null: none asked for yet. */
export const exportStateSchema = z
  .object({
    status: z.enum(EXPORT_STATUSES),
    /** When it was asked for (ISO). */
    createdAt: z.string(),
    /** When the archive was mailed (ISO), once ready. */
    readyAt: z.string().nullable(),
    /** When the mailed link stops working (ISO), once ready. */
    expiresAt: z.string().nullable(),
    /** The archive's size in bytes, once ready. */
    sizeBytes: z.number().int().nullable(),
    /** When the owner may ask for the next one (ISO); null: now. */
    nextAllowedAt: z.string().nullable(),
  })
  .nullable();
export type ExportState = z.infer<typeof exportStateSchema>;

export const exportAnswerSchema = z.object({ message: z.string(), export: exportStateSchema });
export type ExportAnswer = z.infer<typeof exportAnswerSchema>;

/** Deleting one's own account: the password again and the login typed out. */
export const deleteAccountBodySchema = z.object({
  password: text({ error: m.passwordRequired })
    .min(1, { error: m.passwordRequired })
    .max(LOGIN_PASSWORD_MAX, { error: m.wrongPassword }),
  login: text({ error: m.loginMismatch }).trim().min(1, { error: m.loginMismatch }).max(LOGIN_LOOKUP_MAX, {
    error: m.loginMismatch,
  }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The download link's token: 32 random bytes in base64url. */
export const exportTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
