import { aiLabelSchema } from '../ai/schemas.ts';
import { z } from 'zod';
import { BADGES } from '../roles.ts';
import { mediaSchema } from '../media/schemas.ts';
import { cursorPageSchema, onlyPageOrCursor, pagingQueryShape, rowIdSchema } from '../paging.ts';
import { LOGIN_LOOKUP_MAX } from '../users/constants.ts';
import { personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import { MATURITIES, POST_MEDIA_MAX, POST_TEXT_MAX } from './constants.ts';
import {
  postDuplicateMedia,
  postEmpty,
  postTextBadCharacters,
  postTextTooLong,
  postTooManyMedia,
} from './messages.ts';
import { proseText, text } from '../text.ts';

export const maturitySchema = z.enum(MATURITIES);

/** SPEC §7 POST post. */
export const createPostBodySchema = z
  .object({
    attachedMedia: z.array(uuidSchema).max(POST_MEDIA_MAX, postTooManyMedia).default([]),
    postContent: proseText(postTextBadCharacters).max(POST_TEXT_MAX, postTextTooLong).default(''),
    maturity: maturitySchema,
    /** Decision 0025: AI-generated, AI-assisted, or null (made by hand). */
    aiLabel: aiLabelSchema.default(null),
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
/** What a client sends: fields with a default may be left out. */
export type CreatePostBodyInput = z.input<typeof createPostBodySchema>;

/** A post as a feed card needs it, in one query (decision 0006). */
export const postSchema = z.object({
  id: z.number().int(),
  ownerId: uuidSchema,
  owner: personSchema.omit({ id: true }).extend({ badges: z.array(z.enum(BADGES)) }),
  postContent: z.string(),
  attachedMedia: z.array(mediaSchema),
  maturity: maturitySchema,
  aiLabel: aiLabelSchema,
  totalLikes: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Why staff hid the post (only its owner and staff are shown a hidden post); null otherwise. */
  hiddenByStaff: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

/** A feed page; nextCursor is the id to pass as ?cursor= for the next one, null at the end. */
export const postPageSchema = cursorPageSchema(postSchema);
export type PostPage = z.infer<typeof postPageSchema>;

const postIdError = 'Must be a post id';

export const postIdParamsSchema = z.object({ id: rowIdSchema(postIdError) });

/**
 * GET posts/filter: `page` (from 1; an empty page ends the list, SPEC §9) or `cursor` (the
 * `nextCursor` of the previous answer: posts with a smaller id). Neither means the first page.
 * `owner` (a login) keeps one user's posts.
 */
export const feedQuerySchema = z
  .object({
    ...pagingQueryShape(postIdError),
    owner: text().trim().min(1).max(LOGIN_LOOKUP_MAX).optional(),
  })
  .refine(...onlyPageOrCursor);
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** PUT post/like/{id}: the post's like state after the toggle. */
export const likeStateSchema = z.object({
  totalLikes: z.number().int(),
  likedByMe: z.boolean(),
});
export type LikeState = z.infer<typeof likeStateSchema>;

export const postDeletedSchema = z.object({ message: z.string() });
