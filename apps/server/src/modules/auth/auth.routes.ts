import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBodySchema,
  newPasswordBodySchema,
  registerBodySchema,
  resetCodeBodySchema,
  resetEmailBodySchema,
  verifyQuerySchema,
} from '@brushline/shared/auth/schemas';
import {
  CODE_TTL_MINUTES,
  REGISTER_CODE_LENGTH,
  RESET_TOKEN_TTL_MINUTES,
} from '@brushline/shared/auth/constants';
import { messages } from '@brushline/shared/messages';
import { meSchema } from '@brushline/shared/users/schemas';
import { requestContext, type Deps } from '../../platform/deps.ts';
import { unauthorized } from '../../platform/errors.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../platform/session.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { checkSession, login, logout } from './login.service.ts';
import { requestRegistration, verifyRegistration } from './registration.service.ts';
import { redeemCode, sendResetEmail, setNewPassword } from './reset.service.ts';
import { errorResponses } from '../../platform/openapi.ts';

const ok = z.object({ message: z.string() });

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = deps.config.secureCookies;

    app.post(
      '/register/request',
      {
        schema: {
          tags: ['auth'],
          summary: `Start a registration: validates the body and mails a ${REGISTER_CODE_LENGTH}-digit code (valid ${CODE_TTL_MINUTES} minutes)`,
          body: registerBodySchema,
          response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 409, 429) },
        },
      },
      async (req) => requestRegistration(requestContext(deps, req), null, req.body),
    );

    app.post(
      '/register/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Finish a registration: the same body plus ?code= creates the account and signs in',
          querystring: verifyQuerySchema,
          body: registerBodySchema,
          response: { 200: meSchema, ...errorResponses(400, 409, 429) },
        },
      },
      async (req, reply) => {
        const { user, token } = await verifyRegistration(
          requestContext(deps, req),
          null,
          req.body,
          req.query.code,
        );
        setSessionCookie(reply, token, secure);
        return user;
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a login or an e-mail and a password; sets the session cookie',
          body: loginBodySchema,
          response: { 200: meSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (req, reply) => {
        const { user, token, deviceCookie } = await login(requestContext(deps, req), null, req.body);
        setSessionCookie(reply, token, secure);
        setDeviceCookie(reply, deviceCookie, secure);
        return user;
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } } },
      async (req, reply) => {
        await logout(deps, req.actor);
        clearSessionCookie(reply, secure);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/sessioncheck',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Keep-alive: the signed-in user; null when nobody is signed in; 401 when the session ended',
          description:
            'Without a session cookie the answer is 200 with null: asking who is signed in is not a failure ' +
            'for a visitor, and a browser would log a 401 as an error on every first visit. A session cookie ' +
            'that names no live session (expired, signed out elsewhere, forged) answers 401 and clears the ' +
            'cookie: that is the keep-alive failure the app counts (SPEC §4).',
          response: { 200: meSchema.nullable(), ...errorResponses(401) },
        },
      },
      async (req, reply) => {
        if (req.actor) return checkSession(deps, req.actor);
        if (req.cookies[SESSION_COOKIE] === undefined) return null;
        clearSessionCookie(reply, secure);
        throw unauthorized();
      },
    );

    app.post(
      '/reset/send-email',
      {
        schema: {
          tags: ['password reset'],
          summary: 'Mail a reset code RS-XXXXXXXXXX to the account named by login or e-mail',
          body: resetEmailBodySchema,
          response: { 200: ok, ...errorResponses(400, 404, 429) },
        },
      },
      async (req) => {
        await sendResetEmail(requestContext(deps, req), null, req.body);
        return { message: 'Code sent' };
      },
    );

    app.post(
      '/reset/send-code',
      {
        schema: {
          tags: ['password reset'],
          summary: `Trade the mailed code for a one-time reset token (${RESET_TOKEN_TTL_MINUTES} minutes)`,
          description:
            'emailOrLogin is optional; when given, wrong codes count against that account and the fifth kills its code.',
          body: resetCodeBodySchema,
          response: { 200: z.object({ resetToken: z.string() }), ...errorResponses(400, 404, 429) },
        },
      },
      async (req) => redeemCode(requestContext(deps, req), null, req.body),
    );

    app.post(
      '/reset/new-password',
      {
        schema: {
          tags: ['password reset'],
          summary: 'Set a new password with the reset token; ends every session of the account',
          body: newPasswordBodySchema,
          response: { 200: ok, ...errorResponses(400, 404, 429) },
        },
      },
      async (req, reply) => {
        const { deviceCookie } = await setNewPassword(requestContext(deps, req), null, req.body);
        // The browser that proved the mailbox is the owner's: it may sign in while others guess.
        setDeviceCookie(reply, deviceCookie, secure);
        return { message: messages.passwordUpdated };
      },
    );
  };
