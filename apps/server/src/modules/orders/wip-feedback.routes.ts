import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WIP_COMMENT_MAX, WIP_COMMENTS_MAX } from '@brushline/shared/orders/constants';
import {
  orderPageSchema,
  orderUpdateParamsSchema,
  wipCommentBodySchema,
} from '@brushline/shared/orders/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { approveWip, commentOnWip } from './wip-feedback.service.ts';

const tags = ['orders'];
const security = [{ session: [] }];
const who =
  'Path not in SPEC §7; chosen here ({id} is the order (form) id, {updateId} a work in progress of it, as GET ' +
  '/api/order/{id} lists them). Only the commissioner of the order, only on a work in progress, only while the ' +
  'order is in progress. Someone not on the order, or an update not of this order: 404; the artist: 403 ' +
  'not_the_commissioner; a delivery or send-back: 409 not_wip; the order no longer in progress: 409 ' +
  'illegal_transition. Answers the order page.';

/** The commissioner's answers to a work in progress, where it is shown (the order page). */
export const wipFeedbackRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/order/:id/updates/:updateId/looks-good',
      {
        schema: {
          tags,
          security,
          summary: 'Commissioner says a work in progress looks good',
          description:
            `${who} Recorded once (approvedAt on the update, shown to both sides): saying it again answers ` +
            '200 and changes nothing. The first time, the artist gets a commission_status notification ' +
            '(e-mailed by their "status changes" preference) and NotificationRecieved (crm).',
          params: orderUpdateParamsSchema,
          response: { 200: orderPageSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) =>
        approveWip(deps, requireActor(req), { formId: req.params.id, updateId: req.params.updateId }),
    );

    app.post(
      '/order/:id/updates/:updateId/comments',
      {
        schema: {
          tags,
          security,
          summary: 'Commissioner comments on a work in progress',
          description:
            `${who} Body {message}: 1 to ${WIP_COMMENT_MAX} characters (400 otherwise, nothing stored). At most ` +
            `${WIP_COMMENTS_MAX} comments per work in progress (409 too_many_comments). The comment is kept under ` +
            'the work in progress, the artist gets a commission_status notification (e-mailed by their "status ' +
            'changes" preference, pushed as NotificationRecieved crm), and it is posted by the commissioner in the ' +
            "pair's working chat (MessageReceived) under the chat's own send limits and blocks; should the chat " +
            'refuse it, the comment and notification still stand.',
          params: orderUpdateParamsSchema,
          body: wipCommentBodySchema,
          response: { 200: orderPageSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) =>
        commentOnWip(deps, requireActor(req), {
          formId: req.params.id,
          updateId: req.params.updateId,
          message: req.body.message,
        }),
    );
  };
