import { z } from 'zod';
import { ROLES } from '../roles.ts';

export const roleSchema = z.enum(ROLES);

export const imageRefSchema = z.object({ path: z.string(), miniaturePath: z.string() });

export const socialLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  svgIcon: z.string().nullable(),
});

/** SPEC §3 User, as every API answer shows it. */
export const userSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  displayLogin: z.string(),
  loginName: z.string(),
  roles: z.array(roleSchema),
  isOnline: z.boolean(),
  connectedSocials: z.array(socialLinkSchema),
  userProfileStore: z.object({
    profilePicture: imageRefSchema.nullable(),
    bannerPicture: imageRefSchema.nullable(),
  }),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user also sees their own e-mail. */
export const meSchema = userSchema.extend({ email: z.string() });
export type Me = z.infer<typeof meSchema>;

export const userSettingsSchema = z.object({
  id: z.uuid(),
  displayNSFW: z.boolean(),
  displayQuestionable: z.boolean(),
  isArtist: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const updateSettingsBodySchema = z.object({
  id: z.uuid().optional(),
  displayNSFW: z.boolean(),
  displayQuestionable: z.boolean(),
  isArtist: z.boolean(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const SOCIAL_TITLE_MAX = 200;
export const SOCIAL_URL_MAX = 1200;
/** SPEC §2: the url is shown cut at 32 characters with an ellipsis. */
export const SOCIAL_URL_SHOWN = 32;
