import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRICE_DECIMALS } from '@brushline/shared/cards/constants';
import { messages } from '@brushline/shared/messages';
import {
  DECLINE_REASON_MAX,
  DELIVERY_FILES_MAX,
  DELIVERY_MESSAGE_MAX,
  ORDER_LIST_MAX,
  ORDER_UPDATES_MAX,
  REFERENCES_MAX,
} from '@brushline/shared/orders/constants';
import {
  commissionerSummarySchema,
  declineBodySchema,
  deliverBodySchema,
  deliveryFileParamsSchema,
  orderIdParamsSchema,
  orderPageSchema,
  wipBodySchema,
  orderLoginParamsSchema,
  orderMessageResponseSchema,
  pendingGroupSchema,
  sendBackBodySchema,
  sendFormBodySchema,
  sendFormResponseSchema,
  sentFormSchema,
} from '@brushline/shared/orders/schemas';
import type { TaskAction } from '@brushline/shared/orders/status-machine';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { LIMITS } from '../../platform/rate-limit.ts';
import { requireActor } from '../../platform/session.ts';
import { sendMediaFile } from '../media/media.open.ts';
import {
  listArtistTasks,
  listCommissioners,
  listOutgoing,
  listPendingGroups,
  readForm,
  sendForm,
} from './orders.service.ts';
import { deliverWork, getOrderPage, openOrderFile, shareWip } from './deliveries.service.ts';
import { cancelOverdue, moveTask } from './transitions.service.ts';

const tags = ['orders'];
const security = [{ session: [] }];
const formSendLimit = LIMITS.formSendUser;
const machineNote =
  'Moves follow the status machine of packages/shared/src/orders/status-machine.ts (docs/decisions/0005-commissions.md): ' +
  'a move not allowed now, or by your side, answers 409 {error:{code:"illegal_transition"}} and changes nothing; ' +
  'someone not on the task gets 404. The other side gets a commission_status notification.';

/** The task moves served as PUT /task/{id}/{path}: path, action, side and what it does. */
const taskMoves: {
  path: string;
  action: Exclude<TaskAction, 'sendBack' | 'decline' | 'cancel' | 'deliver'>;
  summary: string;
}[] = [
  { path: 'accept', action: 'accept', summary: 'Artist accepts a new request (none → waiting)' },
  { path: 'start', action: 'start', summary: 'Artist starts the work (waiting → processing)' },
  {
    path: 'approve',
    action: 'approve',
    summary: 'Commissioner approves the delivered work (finished → done)',
  },
];

export const ordersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/comissionform/send',
      {
        schema: {
          tags,
          security,
          summary: 'Send a commission form to the owner of an open card',
          description:
            'SPEC §7 "POST send a form (path not shown)": served here. The server recomputes the total from the ' +
            `card as stored (starting price + chosen options; USD, ${PRICE_DECIMALS} decimals) and refuses a different totalPrice ` +
            '(400 price_mismatch), unknown section/option keys and a radio section without exactly one choice ' +
            '(400 invalid_choice). Own card: 403; closed card (isCommissionsOpen false): 409; missing or not ' +
            `visible: 404. References: up to ${REFERENCES_MAX} distinct ids of your own uploads of purpose reference ` +
            "(another purpose 400), which only the order's two sides may fetch. " +
            'The artist gets a commission_request_status notification and the ComissionRequestRecieved hub event. ' +
            `Limited to ${formSendLimit.points} forms per ${formSendLimit.seconds / 60} minutes per user (429).`,
          body: sendFormBodySchema,
          response: { 200: sendFormResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req) => ({
        form: await sendForm(deps, requireActor(req), req.body),
        message: messages.formSent,
      }),
    );

    app.get(
      '/comissionforms/outgoing',
      {
        schema: {
          tags,
          security,
          summary: 'Every form the signed-in user sent, newest first, any status',
          description: `SPEC §7 "GET outgoing commission forms": path chosen here. At most the newest ${ORDER_LIST_MAX}.`,
          response: { 200: z.array(sentFormSchema), ...errorResponses(401) },
        },
      },
      async (req) => listOutgoing(deps, requireActor(req)),
    );

    app.get(
      '/comissionforms/artist/pending/:login',
      {
        schema: {
          tags,
          security,
          summary: "The artist's new forms (task status none), grouped by commissioner",
          description: `Only the artist named by login may read it; anyone else gets 404. At most the newest ${ORDER_LIST_MAX} forms.`,
          params: orderLoginParamsSchema,
          response: { 200: z.array(pendingGroupSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => listPendingGroups(deps, requireActor(req), req.params.login),
    );

    app.put(
      '/comissionform/:id/cancel-overdue',
      {
        schema: {
          tags,
          security,
          summary: 'Buyer cancels an accepted order past its due date with nothing delivered',
          description:
            'The one move outside the status machine (decision 0020): waiting or processing → canceled, only by the buyer and ' +
            'only once the due date has passed (else 409 not_overdue). Everything paid becomes a refund owed, in the same ' +
            'transaction; the artist is told. A delivery racing it: one wins, the other gets 409.',
          params: orderIdParamsSchema,
          response: { 200: sentFormSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => cancelOverdue(deps, requireActor(req), req.params.id),
    );

    app.put(
      '/comissionform/read/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Open a form (form id): the artist opening it marks it read',
          description:
            'The commissioner may open their own form too (nothing changes); anyone else gets 404.',
          params: orderIdParamsSchema,
          response: { 200: sentFormSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => readForm(deps, requireActor(req), req.params.id),
    );

    app.delete(
      '/comissionform/decline/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Artist declines a new request (form id; none → declined)',
          description:
            `Optional JSON body {reason} (up to ${DECLINE_REASON_MAX} characters): kept on the task and shown to the ` +
            `commissioner, and quoted in their notification. ${machineNote}`,
          params: orderIdParamsSchema,
          body: declineBodySchema,
          response: { 200: orderMessageResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => {
        await moveTask(deps, requireActor(req), { formId: req.params.id }, 'decline', {
          reason: req.body?.reason,
        });
        return { message: messages.formDeclined };
      },
    );

    app.delete(
      '/comissionform/decline-request-as-buyer/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Commissioner cancels their request while it is new (form id; none → canceled)',
          description: machineNote,
          params: orderIdParamsSchema,
          response: { 200: orderMessageResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => {
        await moveTask(deps, requireActor(req), { formId: req.params.id }, 'cancel');
        return { message: messages.buyerCanceled };
      },
    );

    app.get(
      '/comissionform/comissioners',
      {
        schema: {
          tags,
          security,
          summary: "The signed-in artist's commissioners with task counts per status",
          description:
            '`active` counts tasks in waiting, processing or finished. Most recent commissioner first.',
          response: { 200: z.array(commissionerSummarySchema), ...errorResponses(401) },
        },
      },
      async (req) => listCommissioners(deps, requireActor(req)),
    );

    app.get(
      '/task/comissions/get/crm/:login',
      {
        schema: {
          tags,
          security,
          summary: 'Every task of the artist (any status), as forms with their task, newest first',
          description: `Only the artist named by login may read it; anyone else gets 404. At most the newest ${ORDER_LIST_MAX}.`,
          params: orderLoginParamsSchema,
          response: { 200: z.array(sentFormSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => listArtistTasks(deps, requireActor(req), req.params.login),
    );

    for (const move of taskMoves) {
      app.put(
        `/task/:id/${move.path}`,
        {
          schema: {
            tags,
            security,
            summary: `${move.summary} (task id)`,
            description: `Path not in SPEC §7; chosen here. ${machineNote}`,
            params: orderIdParamsSchema,
            response: { 200: sentFormSchema, ...errorResponses(400, 401, 404, 409) },
          },
        },
        async (req) => moveTask(deps, requireActor(req), { taskId: req.params.id }, move.action),
      );
    }

    app.put(
      '/task/:id/send-back',
      {
        schema: {
          tags,
          security,
          summary: 'Commissioner sends delivered work back with a comment (task id; finished → processing)',
          description: `Path not in SPEC §7; chosen here. The comment is kept on the task. ${machineNote}`,
          params: orderIdParamsSchema,
          body: sendBackBodySchema,
          response: { 200: sentFormSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) =>
        moveTask(deps, requireActor(req), { taskId: req.params.id }, 'sendBack', {
          comment: req.body.comment,
        }),
    );

    const filesNote =
      `files: 1 to ${DELIVERY_FILES_MAX} distinct ids of your own uploads of purpose delivery (POST /api/media?purpose=delivery: ` +
      `kept at full size, private to you and the order's two sides); someone else's upload 404, another purpose 400. ` +
      `message: up to ${DELIVERY_MESSAGE_MAX} characters. An order holds at most ${ORDER_UPDATES_MAX} updates (409 too_many_updates).`;

    app.put(
      '/task/:id/deliver',
      {
        schema: {
          tags,
          security,
          summary:
            'Artist delivers the finished work with files and a message (task id; processing → finished)',
          description:
            `Path not in SPEC §7; chosen here. ${filesNote} The commissioner gets a commission_delivery ` +
            `notification (e-mailed as a delivery). ${machineNote}`,
          params: orderIdParamsSchema,
          body: deliverBodySchema,
          response: { 200: sentFormSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => deliverWork(deps, requireActor(req), { taskId: req.params.id, ...req.body }),
    );

    app.post(
      '/task/:id/wip',
      {
        schema: {
          tags,
          security,
          summary:
            'Artist shares work in progress (a sketch for approval) while the task is processing (task id)',
          description:
            `Path not in SPEC §7; chosen here. Not a status change. ${filesNote} Only the artist, only while ` +
            'processing (else 409 illegal_transition); the commissioner gets a commission_delivery notification. ' +
            'Answers the order page.',
          params: orderIdParamsSchema,
          body: wipBodySchema,
          response: { 200: orderPageSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => shareWip(deps, requireActor(req), { taskId: req.params.id, ...req.body }),
    );

    app.get(
      '/order/:id',
      {
        schema: {
          tags,
          security,
          summary: 'The order page (form id): the form with every delivery, work in progress and send-back',
          description:
            'Path not in SPEC §7; chosen here. Only the two sides of the order (anyone else 404); the artist ' +
            'opening it marks the form read. Updates oldest first; file URLs point at the route below.',
          params: orderIdParamsSchema,
          response: { 200: orderPageSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => getOrderPage(deps, requireActor(req), req.params.id),
    );

    app.get(
      '/order/:id/files/:mediaId/:variant',
      {
        schema: {
          tags,
          security,
          summary:
            'A delivered file of the order: full size, miniature, or download (attachment with a file name)',
          description:
            'Only the two sides of the order, and only files delivered in it (anything else 404). Served with ' +
            'nosniff, a private cache and a CSP that lets nothing run; download adds Content-Disposition attachment.',
          produces: ['image/jpeg', 'image/webp'],
          params: deliveryFileParamsSchema,
          response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(400, 401, 404) },
        },
      },
      async (req, reply) =>
        sendMediaFile(
          reply,
          () =>
            openOrderFile(deps, requireActor(req), {
              formId: req.params.id,
              mediaId: req.params.mediaId,
              variant: req.params.variant,
            }),
          (file) =>
            req.params.variant === 'download' ? `attachment; filename="${file.fileName}"` : 'inline',
        ),
    );
  };
