import { z } from 'zod';
import { messages } from '../messages.ts';
import { BADGES, ROLES } from '../roles.ts';
import { uuidSchema } from '../uuid.ts';
import { DISPLAY_NAME_MAX, LOGIN_LOOKUP_MAX, SOCIAL_TITLE_MAX, SOCIAL_URL_MAX } from './constants.ts';
import {
  displayNameBadCharacters,
  displayNameEmpty,
  displayNameTooLong,
  socialTitleBadCharacters,
  socialTitleEmpty,
  socialTitleTooLong,
  socialUrlTooLong,
} from './messages.ts';
import { isHttpsLink, SOCIAL_SITES } from './social-sites.ts';
import { singleLineText, text } from '../text.ts';

export const roleSchema = z.enum(ROLES);

export const imageRefSchema = z.object({ path: z.string(), miniaturePath: z.string() });

/** SPEC §3 Social link; svgIcon names the site (social-sites.ts) whose icon the web app draws. */
export const socialLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  svgIcon: z.enum(SOCIAL_SITES).nullable(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/**
 * A user named inside another answer (a post's or card's owner, a form's sides, who triggered a
 * notification): enough for a name and an avatar, which is always the miniature of their own avatar.
 */
export const personSchema = z.object({
  id: uuidSchema,
  login: z.string(),
  displayName: z.string(),
  avatarMiniatureUrl: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** SPEC §3 User, as every API answer shows it. */
export const userSchema = z.object({
  id: uuidSchema,
  displayName: z.string(),
  displayLogin: z.string(),
  loginName: z.string(),
  roles: z.array(roleSchema),
  /** SPEC §2 FAQ badges, from the roles and the staff-set account flags (docs/decisions/0003). */
  badges: z.array(z.enum(BADGES)),
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
  id: uuidSchema,
  displayNSFW: z.boolean(),
  displayQuestionable: z.boolean(),
  isArtist: z.boolean(),
  /** Decision 0025: AI-labelled posts, images and cards leave this reader's lists. */
  hideAI: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const updateSettingsBodySchema = z.object({
  id: uuidSchema.optional(),
  displayNSFW: z.boolean(),
  displayQuestionable: z.boolean(),
  isArtist: z.boolean(),
  /** Left out (the SPEC's body), the setting stays as it is. */
  hideAI: z.boolean().optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

/** SPEC §7 POST user/socials/add and PATCH user/socials/update/{id}; SPEC §5 rules. */
export const socialBodySchema = z.object({
  title: singleLineText(socialTitleBadCharacters, { error: socialTitleEmpty })
    .trim()
    .min(1, { error: socialTitleEmpty })
    .max(SOCIAL_TITLE_MAX, { error: socialTitleTooLong }),
  url: text({ error: messages.socialInvalidLink })
    .trim()
    .max(SOCIAL_URL_MAX, { error: socialUrlTooLong })
    .refine(isHttpsLink, { error: messages.socialInvalidLink }),
});
export type SocialBody = z.infer<typeof socialBodySchema>;

/** No controls, and no bidi overrides that could make a name read differently than it is. */
export const displayNameSchema = singleLineText(displayNameBadCharacters, { error: displayNameEmpty })
  .trim()
  .min(1, { error: displayNameEmpty })
  .max(DISPLAY_NAME_MAX, { error: displayNameTooLong });

/**
 * PATCH user/profile (path not in SPEC §7): every field optional; a media id sets the picture,
 * null removes it. Avatars must be uploaded with purpose avatar, banners with purpose banner.
 */
export const updateProfileBodySchema = z.object({
  displayName: displayNameSchema.optional(),
  avatarMediaId: uuidSchema.nullable().optional(),
  bannerMediaId: uuidSchema.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** A login named in a path (`/user/{login}`, `/comissioncards/user/{login}`, …): anyone's, or nobody's. */
export const loginLookupSchema = text().min(1).max(LOGIN_LOOKUP_MAX);
