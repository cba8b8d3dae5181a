import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '@brushline/shared/notifications/constants';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  systemNotificationBodySchema,
  unreadCountSchema,
} from '@brushline/shared/notifications/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import {
  listOwnNotifications,
  markAllRead,
  markOneRead,
  sendSystemNotification,
  unreadCount,
} from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ session: [] }];

export const notificationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      {
        schema: {
          tags,
          security,
          summary: `The signed-in user's notifications, newest first, ${NOTIFICATIONS_PAGE_SIZE} a page`,
          description:
            'SPEC §7 "GET notifications, paginated (path not shown)": served here. Page with `?page=n` ' +
            '(from 1; an empty page ends the list, SPEC §9) or with `?cursor=<nextCursor>` from the previous ' +
            'answer, which stays stable while new notifications arrive. `nextCursor` is null on the last page. ' +
            'New ones are also pushed over the hub (/api/hub) as NotificationRecieved.',
          querystring: notificationListQuerySchema,
          response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (req) => listOwnNotifications(deps, requireActor(req), req.query),
    );

    app.get(
      '/notifications/unread-count',
      {
        schema: {
          tags,
          security,
          summary: 'How many of the signed-in user’s notifications are unread (the bell badge)',
          response: { 200: unreadCountSchema, ...errorResponses(401) },
        },
      },
      async (req) => unreadCount(deps, requireActor(req)),
    );

    app.put(
      '/notifications/read/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Mark one notification read; answers it. Someone else’s answers 404 and stays unread',
          params: notificationIdParamsSchema,
          response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => markOneRead(deps, requireActor(req), req.params.id),
    );

    app.put(
      '/notifications/read-all',
      {
        schema: {
          tags,
          security,
          summary: 'Mark every notification of the signed-in user read; answers how many changed',
          response: { 200: z.object({ updated: z.number().int() }), ...errorResponses(401) },
        },
      },
      async (req) => markAllRead(deps, requireActor(req)),
    );

    app.post(
      '/notifications/system',
      {
        schema: {
          tags,
          security,
          summary: 'Staff (admin or moderator) send a system_notification to one user by login',
          description:
            'Stores the notification and pushes it at once as NotificationRecieved. Other users get 403; ' +
            'an unknown login gets 404. The same is available offline as `npm run admin -- notify <login> <message>`.',
          body: systemNotificationBodySchema,
          response: { 201: notificationSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const notification = await sendSystemNotification(deps, requireActor(req), req.body);
        return reply.code(201).send(notification);
      },
    );
  };
