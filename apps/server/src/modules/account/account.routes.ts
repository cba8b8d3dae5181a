import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAccountBodySchema,
  exportAnswerSchema,
  exportStateSchema,
} from '@brushline/shared/account/schemas';
import { reasonBodySchema } from '@brushline/shared/moderation/schemas';
import { loginLookupSchema } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { clearSessionCookie, requireActor } from '../../platform/session.ts';
import { deleteOwnAccount, staffDeleteAccount } from './account-delete.service.ts';
import {
  exportLinkInfo,
  exportState,
  openExport,
  requestExport,
  staffExport,
  staffExportState,
} from './account-export.service.ts';

const tags = ['account'];
const security = [{ session: [] }];
const message = z.object({ message: z.string() });
const staffParams = z.object({ login: loginLookupSchema });
const staffOnly =
  'Staff only (admin or moderator; decision 0022): anyone else, signed in or not, gets 404. Audit-logged with the reason.';

/** People own their data (decision 0024): export and deletion, for themselves and by staff. */
export const accountRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/account/export',
      {
        schema: {
          tags,
          security,
          summary:
            'Your latest data export: preparing, ready (mailed, with the link’s expiry), failed or expired; null if none',
          response: { 200: z.object({ export: exportStateSchema }), ...errorResponses(401) },
        },
      },
      async (req) => ({ export: await exportState(deps, requireActor(req)) }),
    );

    app.post(
      '/account/export',
      {
        schema: {
          tags,
          security,
          summary:
            'Ask for a copy of everything of yours (JSON and your pictures in a zip), prepared in the background and mailed as a link',
          description:
            'One request per EXPORT_INTERVAL_HOURS (429 export_too_soon with Retry-After); 409 export_preparing while one is being made. The link works for EXPORT_LINK_DAYS, only for you.',
          response: { 202: exportAnswerSchema, ...errorResponses(401, 409, 429) },
        },
      },
      async (req, reply) => reply.code(202).send(await requestExport(deps, requireActor(req))),
    );

    app.get(
      '/account/export/:token',
      {
        schema: {
          tags,
          security,
          summary: 'Download your export archive (the mailed link’s file): a zip, for its owner, signed in',
          description:
            'Someone else’s or an unknown token: 404. After the link expired (or the archive was removed): 410 export_expired.',
          produces: ['application/zip'],
          params: z.object({ token: z.string().max(100) }),
          response: { 200: z.unknown().describe('The zip archive'), ...errorResponses(400, 401, 404, 410) },
        },
      },
      async (req, reply) => {
        const file = await openExport(deps, requireActor(req), req.params.token);
        return reply
          .headers({
            'content-type': 'application/zip',
            'content-length': String(file.size),
            'content-disposition': `attachment; filename="${file.fileName}"`,
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          })
          .send(file.stream);
      },
    );

    app.get(
      '/account/export/:token/info',
      {
        schema: {
          tags,
          security,
          summary:
            'What the mailed link’s page shows first: until when the link works and the archive’s size',
          description:
            'The same answers as the download: someone else’s or an unknown token 404, an expired one 410.',
          params: z.object({ token: z.string().max(100) }),
          response: {
            200: z.object({ expiresAt: z.string(), sizeBytes: z.number().int() }),
            ...errorResponses(400, 401, 404, 410),
          },
        },
      },
      async (req) => exportLinkInfo(deps, requireActor(req), req.params.token),
    );

    app.post(
      '/account/delete',
      {
        schema: {
          tags,
          security,
          summary:
            'Delete your account: your content is removed, orders keep the other side’s copy under "Deleted user", every session ends',
          description:
            'Needs your password (403 wrong_password) and your login typed out (400 login_mismatch); nothing changes on a refusal. ' +
            '409 money_in_flight lists the orders to finish first (open orders, money held, refunds owed, payments not confirmed); 409 last_admin for the last admin.',
          body: deleteAccountBodySchema,
          response: { 200: message, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (req, reply) => {
        const answer = await deleteOwnAccount(deps, requireActor(req), req.body);
        clearSessionCookie(reply, deps.config.secureCookies);
        return answer;
      },
    );

    app.get(
      '/admin/user/:login/export',
      {
        schema: {
          tags,
          security,
          summary: 'An account’s latest data export, as staff see it',
          description: staffOnly,
          params: staffParams,
          response: { 200: z.object({ export: exportStateSchema }), ...errorResponses(400, 404) },
        },
      },
      async (req) => ({ export: await staffExportState(deps, req.actor, req.params.login) }),
    );

    app.post(
      '/admin/user/:login/export',
      {
        schema: {
          tags,
          security,
          summary:
            'Prepare an export for the person (on their request): the link is mailed to them, never to staff',
          description: `${staffOnly} Their own once-a-day limit is not used.`,
          params: staffParams,
          body: reasonBodySchema,
          response: { 202: exportAnswerSchema, ...errorResponses(400, 404, 409) },
        },
      },
      async (req, reply) =>
        reply.code(202).send(await staffExport(deps, req.actor, req.params.login, req.body)),
    );

    app.post(
      '/admin/user/:login/delete',
      {
        schema: {
          tags,
          security,
          summary: 'Delete the account on its owner’s request (no password; a reason, audit-logged)',
          description:
            'Admins only (moderators get 404 too, as everyone else): deletion cannot be undone. The same refusals as the owner’s (409 money_in_flight, account_deleted, self_moderation).',
          params: staffParams,
          body: reasonBodySchema,
          response: { 200: message, ...errorResponses(400, 404, 409) },
        },
      },
      async (req) => staffDeleteAccount(deps, req.actor, req.params.login, req.body),
    );
  };
