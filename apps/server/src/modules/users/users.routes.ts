import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@brushline/shared/messages';
import {
  loginLookupSchema,
  updateSettingsBodySchema,
  userSchema,
  userSettingsSchema,
} from '@brushline/shared/users/schemas';
import { uuidSchema } from '@brushline/shared/uuid';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { getSettings, getUserById, getUserByLogin, updateSettings } from './users.service.ts';

const loginParam = z.object({ login: loginLookupSchema });
const idParam = z.object({ id: uuidSchema });

export const usersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/user/:login',
      {
        schema: {
          tags: ['users'],
          summary: 'A user and their roles, by login (case-insensitive)',
          description:
            'With badges, connected socials, profile pictures and presence (isOnline: a live hub connection).',
          params: loginParam,
          response: { 200: userSchema, ...errorResponses(404) },
        },
      },
      async (req) => getUserByLogin(deps, req.actor, req.params.login),
    );

    app.get(
      '/user/id/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'The user card by id',
          description:
            'SPEC §7 writes both lookups as user/{x}; a login may be all digits, so the id lookup lives under user/id/.',
          params: idParam,
          response: { 200: userSchema, ...errorResponses(404) },
        },
      },
      async (req) => getUserById(deps, req.actor, req.params.id),
    );

    app.get(
      '/user/settings/login/:login',
      {
        schema: {
          tags: ['users'],
          security: [{ session: [] }],
          summary: "The signed-in user's settings (anyone else's answer 404)",
          params: loginParam,
          response: { 200: userSettingsSchema, ...errorResponses(401, 404) },
        },
      },
      async (req) => getSettings(deps, requireActor(req), req.params.login),
    );

    app.patch(
      '/user/update/settings/id/:id',
      {
        schema: {
          tags: ['users'],
          security: [{ session: [] }],
          summary: 'Update own settings; isArtist grants or removes the artist role',
          params: idParam,
          body: updateSettingsBodySchema,
          response: {
            200: userSettingsSchema.extend({ message: z.string() }),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (req) => ({
        ...(await updateSettings(deps, requireActor(req), req.params.id, req.body)),
        message: messages.settingsUpdated,
      }),
    );
  };
