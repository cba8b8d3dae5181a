import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FEED_PAGE_SIZE, POST_MEDIA_MAX, POST_TEXT_MAX } from '@brushline/shared/posts/constants';
import {
  createPostBodySchema,
  feedQuerySchema,
  likeStateSchema,
  postDeletedSchema,
  postIdParamsSchema,
  postPageSchema,
  postSchema,
} from '@brushline/shared/posts/schemas';
import type { Deps } from '../../platform/deps.ts';
import { fastOkSerializer } from '../../platform/fast-serializer.ts';
import { listCachingNote, publicListCaching } from '../../platform/http-cache.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { FEED_TTL_MS } from './feed-page-cache.ts';
import { createPost, deletePost, getPost, listPosts, toggleLike } from './posts.service.ts';

export const postsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/post',
      {
        schema: {
          tags: ['posts'],
          security: [{ session: [] }],
          summary: `Publish a post: text up to ${POST_TEXT_MAX} characters and up to ${POST_MEDIA_MAX} of your own images`,
          description:
            'attachedMedia are ids answered by POST /api/media?purpose=post, shown in the order given. ' +
            "Someone else's or unknown media answer 404 and nothing is stored.",
          body: createPostBodySchema,
          response: { 200: postSchema, ...errorResponses(400, 401, 404, 429) },
        },
        preHandler: deps.limits.perUser('postPerMinute', 'postPerHour'),
      },
      async (req) => createPost(deps, requireActor(req), req.body),
    );

    app.get(
      '/posts/filter',
      {
        schema: {
          tags: ['posts'],
          summary: 'The feed, newest first, filtered by the viewer’s maturity settings',
          description:
            `${FEED_PAGE_SIZE} posts a page. Either ?page=n (from 1; an empty page ends the list) or ` +
            '?cursor=<post id> (keyset paging: posts with a smaller id; pass the nextCursor of the ' +
            'previous answer, null when nothing follows). ?owner=<login> keeps that user’s posts (an ' +
            'unknown login gives an empty page). Anonymous visitors receive only sfw posts; signed-in ' +
            'users receive questionable and nsfw posts only when their settings display them. ' +
            listCachingNote(FEED_TTL_MS),
          querystring: feedQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400) },
        },
        // The hottest route: pages are cached, so writing the JSON is much of what is left.
        serializerCompiler: fastOkSerializer(postPageSchema),
        onSend: publicListCaching(FEED_TTL_MS),
      },
      async (req) => listPosts(deps, req.actor, req.query),
    );

    app.get(
      '/post/:id',
      {
        schema: {
          tags: ['posts'],
          summary: 'One post, as the feed shows it (the post page /post/{id})',
          description:
            'The same maturity rules as the feed: anonymous visitors receive only sfw posts, signed-in ' +
            'users questionable and nsfw posts only when their settings display them. A missing, ' +
            'deleted or hidden post answers 404. The id is plain decimal digits (" 1" or "0x10" answer 400).',
          params: postIdParamsSchema,
          response: { 200: postSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getPost(deps, req.actor, req.params.id),
    );

    app.put(
      '/post/like/:id',
      {
        schema: {
          tags: ['posts'],
          security: [{ session: [] }],
          summary: 'Like the post, or take the like back when it is already liked',
          description:
            'Answers the new like count and state. A post the viewer may not see answers 404. The owner ' +
            'gets a post_liked notification the first time each person likes the post (never for ' +
            'their own likes, never again after an unlike and re-like).',
          params: postIdParamsSchema,
          response: { 200: likeStateSchema, ...errorResponses(400, 401, 404, 429) },
        },
        preHandler: deps.limits.perUser('likeUser'),
      },
      async (req) => toggleLike(deps, requireActor(req), req.params.id),
    );

    app.delete(
      '/post/delete/:id',
      {
        schema: {
          tags: ['posts'],
          security: [{ session: [] }],
          summary: 'Delete a post (its owner or staff)',
          description: 'Anyone else, and a missing post, answer 404 "Couldn\'t delete post.".',
          params: postIdParamsSchema,
          response: { 200: postDeletedSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => deletePost(deps, requireActor(req), req.params.id),
    );
  };
