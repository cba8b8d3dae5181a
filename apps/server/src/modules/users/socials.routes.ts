import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@brushline/shared/messages';
import { rowIdSchema } from '@brushline/shared/paging';
import { SOCIAL_LINKS_MAX, SOCIAL_TITLE_MAX, SOCIAL_URL_MAX } from '@brushline/shared/users/constants';
import { socialDeleted } from '@brushline/shared/users/messages';
import { loginLookupSchema, socialBodySchema, socialLinkSchema } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { addSocial, deleteSocial, listSocials, updateSocial } from './socials.service.ts';

const idParam = z.object({ id: rowIdSchema('Must be a social link id') });
const linkAnswer = socialLinkSchema.extend({ message: z.string() });
const rules =
  `Body rules (SPEC §5): title 1..${SOCIAL_TITLE_MAX} characters; url an https:// link to a real host, ` +
  `at most ${SOCIAL_URL_MAX} characters, else "${messages.socialInvalidLink}". ` +
  'svgIcon in answers names the known site of the url host (docs/decisions/0003).';

export const socialsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/user/socials/:login',
      {
        schema: {
          tags: ['socials'],
          summary: "A user's connected social links, oldest first (public, like the profile)",
          description: 'Path not in SPEC §7; the same list is connectedSocials of GET /api/user/{login}.',
          params: z.object({ login: loginLookupSchema }),
          response: { 200: z.array(socialLinkSchema), ...errorResponses(404) },
        },
      },
      async (req) => listSocials(deps, req.actor, req.params.login),
    );

    app.post(
      '/user/socials/add',
      {
        schema: {
          tags: ['socials'],
          security: [{ session: [] }],
          summary: 'Connect a social link to the signed-in user',
          description: `${rules} At most ${SOCIAL_LINKS_MAX} links per user (400 too_many_socials).`,
          body: socialBodySchema,
          response: { 200: linkAnswer, ...errorResponses(400, 401, 429) },
        },
        preHandler: deps.limits.perUser('socialWriteUser'),
      },
      async (req) => ({
        ...(await addSocial(deps, requireActor(req), req.body)),
        message: messages.socialCreated,
      }),
    );

    app.patch(
      '/user/socials/update/:id',
      {
        schema: {
          tags: ['socials'],
          security: [{ session: [] }],
          summary: "Change the title and url of one of the signed-in user's links",
          description: `${rules} Someone else's or a missing link answers 404 "Couldn't update social".`,
          params: idParam,
          body: socialBodySchema,
          response: { 200: linkAnswer, ...errorResponses(400, 401, 404, 429) },
        },
        preHandler: deps.limits.perUser('socialWriteUser'),
      },
      async (req) => ({
        ...(await updateSocial(deps, requireActor(req), req.params.id, req.body)),
        message: messages.socialUpdated,
      }),
    );

    app.delete(
      '/user/socials/delete/:id',
      {
        schema: {
          tags: ['socials'],
          security: [{ session: [] }],
          summary: "Remove one of the signed-in user's links",
          description: "Someone else's or a missing link answers 404 and nothing changes.",
          params: idParam,
          response: {
            200: z.object({ id: z.number().int(), message: z.string() }),
            ...errorResponses(401, 404, 429),
          },
        },
        preHandler: deps.limits.perUser('socialWriteUser'),
      },
      async (req) => {
        await deleteSocial(deps, requireActor(req), req.params.id);
        return { id: req.params.id, message: socialDeleted };
      },
    );
  };
