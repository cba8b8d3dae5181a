import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferencesAnswerSchema,
  notificationPreferencesSchema,
  unsubscribeAnswerSchema,
  unsubscribeParamsSchema,
  updateNotificationPreferencesSchema,
} from '@brushline/shared/notifications/preferences';
import { UNSUBSCRIBE_LINK_TTL_DAYS } from '@brushline/shared/notifications/constants';
import { toPath } from '@brushline/shared/paths';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { getPreferences, unsubscribe, updatePreferences } from './email-preferences.service.ts';

const tags = ['notifications'];
const security = [{ session: [] }];

export const emailRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058: a mail client's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" as a form.
    // The body says nothing the token does not, so it is read and ignored (this scope only).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );

    app.get(
      '/notifications/preferences',
      {
        schema: {
          tags,
          security,
          summary: 'Which kinds of notification the signed-in user also gets by e-mail',
          description:
            'Every kind with `email` (also e-mailed, batched so a burst is one mail) or `inApp` (bell and ' +
            '/notifications only). Kinds the user never chose show their default.',
          response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
        },
      },
      async (req) => getPreferences(deps, requireActor(req)),
    );

    app.put(
      '/notifications/preferences',
      {
        schema: {
          tags,
          security,
          summary: 'Change the channel of one or more kinds; answers every kind and "Settings updated!"',
          description:
            'Kinds left out keep their channel; an unknown kind or channel answers 400 and changes nothing. ' +
            'Turning a kind to `inApp` also drops its e-mail still waiting to be sent.',
          body: updateNotificationPreferencesSchema,
          response: { 200: notificationPreferencesAnswerSchema, ...errorResponses(400, 401) },
        },
      },
      async (req) => updatePreferences(deps, requireActor(req), req.body),
    );

    app.post(
      '/notifications/unsubscribe/:token',
      {
        schema: {
          tags,
          summary: 'Turn off the e-mail kinds a mail’s signed link names; no sign-in needed',
          description:
            'The token comes from a notification e-mail (its links and its one-click List-Unsubscribe header, ' +
            'RFC 8058) and carries when that mail was sent. Using it again answers the same. A kind the user ' +
            'changed after the mail was sent is left as chosen (the answer says so); when that is every kind ' +
            'of the link it answers 410 unsubscribe_link_outdated. A link older than ' +
            `${UNSUBSCRIBE_LINK_TTL_DAYS} days answers 410 unsubscribe_link_expired. A forged, cut or altered ` +
            'token answers 400 invalid_unsubscribe_link. Every refusal changes nothing, and its message says ' +
            'to sign in and use the notification settings instead.',
          params: unsubscribeParamsSchema,
          response: { 200: unsubscribeAnswerSchema, ...errorResponses(400, 410) },
        },
      },
      async (req) => unsubscribe(deps, null, req.params.token),
    );

    app.get(
      '/notifications/unsubscribe/:token',
      {
        schema: {
          tags,
          summary: 'Opened in a browser, the List-Unsubscribe address leads to the unsubscribe page',
          description:
            'A GET never unsubscribes (link scanners open every link in a mail): it redirects to the web ' +
            'page, which confirms with the POST above.',
          params: unsubscribeParamsSchema,
        },
      },
      async (req, reply) => reply.redirect(toPath('unsubscribe', { token: req.params.token }), 303),
    );
  };
