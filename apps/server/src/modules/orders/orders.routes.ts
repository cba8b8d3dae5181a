import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRICE_DECIMALS } from '@brushline/shared/cards/constants';
import { messages } from '@brushline/shared/messages';
import { ORDER_LIST_MAX, REFERENCES_MAX } from '@brushline/shared/orders/constants';
import {
  commissionerSummarySchema,
  orderIdParamsSchema,
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
import {
  listArtistTasks,
  listCommissioners,
  listOutgoing,
  listPendingGroups,
  readForm,
  sendForm,
} from './orders.service.ts';
import { moveTask } from './transitions.service.ts';

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
  action: Exclude<TaskAction, 'sendBack' | 'decline' | 'cancel'>;
  summary: string;
}[] = [
  { path: 'accept', action: 'accept', summary: 'Artist accepts a new request (none → waiting)' },
  { path: 'start', action: 'start', summary: 'Artist starts the work (waiting → processing)' },
  { path: 'deliver', action: 'deliver', summary: 'Artist delivers the work (processing → finished)' },
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
            `visible: 404. References: up to ${REFERENCES_MAX} distinct ids of your own uploads (purpose reference or post). ` +
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
          description: machineNote,
          params: orderIdParamsSchema,
          response: { 200: orderMessageResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => {
        await moveTask(deps, requireActor(req), { formId: req.params.id }, 'decline');
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
        moveTask(deps, requireActor(req), { taskId: req.params.id }, 'sendBack', req.body.comment),
    );
  };
