import { z } from 'zod';
import { BADGES } from '../roles.ts';
import { mediaSchema } from '../media/schemas.ts';
import { MATURITIES, POST_MEDIA_MAX, POST_TEXT_MAX } from './constants.ts';

export const maturitySchema = z.enum(MATURITIES);

export const postTextTooLong = `Post text is limited to ${POST_TEXT_MAX} characters`;
export const postTooManyMedia = `A post can have up to ${POST_MEDIA_MAX} images`;
export const postEmpty = 'Write something or attach an image';
export const postDuplicateMedia = 'Each image can be attached to a post only once';

/** SPEC §7 POST post. */
export const createPostBodySchema = z
  .object({
    attachedMedia: z.array(z.uuid()).max(POST_MEDIA_MAX, postTooManyMedia).default([]),
    postContent: z.string().max(POST_TEXT_MAX, postTextTooLong).default(''),
    maturity: maturitySchema,
  })
  .refine((p) => p.postContent.trim().length > 0 || p.attachedMedia.length > 0, {
    message: postEmpty,
    path: ['postContent'],
  })
  .refine((p) => new Set(p.attachedMedia).size === p.attachedMedia.length, {
    message: postDuplicateMedia,
    path: ['attachedMedia'],
  });
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/** A post as a feed card needs it, in one query (issue #3). */
export const postSchema = z.object({
  id: z.number().int(),
  ownerId: z.uuid(),
  owner: z.object({
    login: z.string(),
    displayName: z.string(),
    avatarMiniatureUrl: z.string().nullable(),
    badges: z.array(z.enum(BADGES)),
  }),
  postContent: z.string(),
  attachedMedia: z.array(mediaSchema),
  maturity: maturitySchema,
  totalLikes: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Post = z.infer<typeof postSchema>;

/** A feed page; nextCursor is the id to pass as ?cursor= for the next one, null at the end. */
export const postPageSchema = z.object({
  items: z.array(postSchema),
  nextCursor: z.number().int().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** Postgres integer ids: anything larger can never exist, so it is refused as bad input. */
const postId = z.coerce
  .number({ error: 'Must be a post id' })
  .int({ error: 'Must be a post id' })
  .min(1, { error: 'Must be a post id' })
  .max(2_147_483_647, { error: 'Must be a post id' });

export const postIdParamsSchema = z.object({ id: postId });

/**
 * GET posts/filter: `page` (from 1; an empty page ends the list, SPEC §9) or `cursor` (the
 * `nextCursor` of the previous answer: posts with a smaller id). Neither means the first page.
 * `owner` (a login) keeps one user's posts.
 */
export const feedQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1' })
      .int({ error: 'Page must be a whole number from 1' })
      .min(1, { error: 'Page must be a whole number from 1' })
      .max(100_000, { error: 'Page must be a whole number from 1' })
      .optional(),
    cursor: postId.optional(),
    owner: z.string().trim().min(1).max(64).optional(),
  })
  .refine((q) => q.page === undefined || q.cursor === undefined, {
    error: 'Use either page or cursor, not both',
    path: ['cursor'],
  });
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** PUT post/like/{id}: the post's like state after the toggle. */
export const likeStateSchema = z.object({
  totalLikes: z.number().int(),
  likedByMe: z.boolean(),
});
export type LikeState = z.infer<typeof likeStateSchema>;

export const postDeletedSchema = z.object({ message: z.string() });
