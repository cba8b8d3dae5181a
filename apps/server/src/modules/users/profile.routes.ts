import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DISPLAY_NAME_MAX } from '@brushline/shared/users/constants';
import { MEDIA_BOXES, type MediaBox } from '@brushline/shared/media/constants';
import { meSchema, updateProfileBodySchema } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { updateProfile } from './profile.service.ts';

const size = (b: MediaBox) => `${b.width}×${b.height}, miniature ${b.miniature.width}×${b.miniature.height}`;

export const profileRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/user/profile',
      {
        schema: {
          tags: ['users'],
          security: [{ session: [] }],
          summary: "Edit the signed-in user's display name, avatar and banner",
          description: [
            'Path not in SPEC §7; chosen here (docs/decisions/0003). Always the signed-in user:',
            'there is no id in the path, so nobody can name someone else. Every field is optional.',
            `displayName is trimmed, 1 to ${DISPLAY_NAME_MAX} characters, without control or text-direction characters.`,
            'avatarMediaId / bannerMediaId: an upload of yours made with POST /api/media?purpose=avatar',
            `(cropped to ${size(MEDIA_BOXES.avatar)}) or purpose=banner (${size(MEDIA_BOXES.banner)});`,
            "null removes the picture. Someone else's or unknown media answers 404, a wrong purpose 400.",
            'Answers the updated signed-in user.',
          ].join(' '),
          body: updateProfileBodySchema,
          response: { 200: meSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => updateProfile(deps, requireActor(req), req.body),
    );
  };
