import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  auditPageSchema,
  auditQuerySchema,
  badgeBodySchema,
  reasonBodySchema,
  roleBodySchema,
  suspendBodySchema,
  userSearchQuerySchema,
  warnBodySchema,
} from '@brushline/shared/moderation/schemas';
import { loginLookupSchema } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import {
  ban,
  endSessions,
  getUser,
  lift,
  listUsers,
  readAudit,
  setBadge,
  setRole,
  suspend,
  warn,
} from './moderation.service.ts';

const tags = ['moderation'];
const security = [{ session: [] }];
const staff =
  'Staff only (admin or moderator; decision 0022): anyone else, signed in or not, gets 404, as if the route did not exist. ' +
  'Every action is written with its entry in the append-only audit log, in one transaction.';
const adminOnly = 'Admins only: moderators get 404 too.';
const params = z.object({ login: loginLookupSchema });
const acted = z.object({ message: z.string(), user: adminUserDetailSchema });

export const moderationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const actedResponses = { 200: acted, ...errorResponses(400, 403, 404, 409) };

    app.get(
      '/admin/users',
      {
        schema: {
          tags,
          security,
          summary:
            'Accounts whose login or e-mail contains q, newest first, with roles, restriction and sessions',
          description: staff,
          querystring: userSearchQuerySchema,
          response: { 200: adminUserPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => listUsers(deps, req.actor, req.query),
    );

    app.get(
      '/admin/user/:login',
      {
        schema: {
          tags,
          security,
          summary: 'One account as staff see it: restriction, live sessions, the latest staff actions on it',
          description: staff,
          params,
          response: { 200: adminUserDetailSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getUser(deps, req.actor, req.params.login),
    );

    app.post(
      '/admin/user/:login/suspend',
      {
        schema: {
          tags,
          security,
          summary:
            'Suspend for a number of days: sessions and sockets end at once, sign-in answers the end date and reason',
          description: `${staff} Their posts, images, requests and display card leave every list; their open cards close. A moderator cannot suspend staff (403); nobody acts on their own account (409).`,
          params,
          body: suspendBodySchema,
          response: actedResponses,
        },
      },
      async (req) => suspend(deps, req.actor, req.params.login, req.body),
    );

    app.post(
      '/admin/user/:login/ban',
      {
        schema: {
          tags,
          security,
          summary: 'Ban (no end): as a suspension, and the banned badge shows',
          description: staff,
          params,
          body: reasonBodySchema,
          response: actedResponses,
        },
      },
      async (req) => ban(deps, req.actor, req.params.login, req.body),
    );

    app.post(
      '/admin/user/:login/lift',
      {
        schema: {
          tags,
          security,
          summary:
            'Lift a suspension or ban: sign-in works again, hidden content and the cards it closed come back',
          description: `${staff} 409 not_restricted when the account is neither suspended nor banned.`,
          params,
          body: reasonBodySchema,
          response: actedResponses,
        },
      },
      async (req) => lift(deps, req.actor, req.params.login, req.body),
    );

    app.post(
      '/admin/user/:login/warn',
      {
        schema: {
          tags,
          security,
          summary: 'Warn: the user gets the text as a system notification',
          description: staff,
          params,
          body: warnBodySchema,
          response: actedResponses,
        },
      },
      async (req) => warn(deps, req.actor, req.params.login, req.body),
    );

    app.post(
      '/admin/user/:login/end-sessions',
      {
        schema: {
          tags,
          security,
          summary: 'End every session of the account (they may sign in again)',
          description: staff,
          params,
          response: actedResponses,
        },
      },
      async (req) => endSessions(deps, req.actor, req.params.login),
    );

    app.post(
      '/admin/user/:login/role',
      {
        schema: {
          tags,
          security,
          summary: 'Grant or revoke a role',
          description: `${staff} ${adminOnly} The last admin keeps the role (409 last_admin).`,
          params,
          body: roleBodySchema,
          response: actedResponses,
        },
      },
      async (req) => setRole(deps, req.actor, req.params.login, req.body),
    );

    app.post(
      '/admin/user/:login/badge',
      {
        schema: {
          tags,
          security,
          summary: 'Set or clear the verified or alpha badge',
          description: `${staff} ${adminOnly}`,
          params,
          body: badgeBodySchema,
          response: actedResponses,
        },
      },
      async (req) => setBadge(deps, req.actor, req.params.login, req.body),
    );

    app.get(
      '/admin/audit',
      {
        schema: {
          tags,
          security,
          summary: 'The audit log: every staff action, newest first, by who acted, on whom and what',
          description: `${staff} ${adminOnly} 50 a page; \`before\` is the id of the last entry shown.`,
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => readAudit(deps, req.actor, req.query),
    );
  };
