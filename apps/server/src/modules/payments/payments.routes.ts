import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '@brushline/shared/orders/schemas';
import {
  extensionBodySchema,
  orderMoneySchema,
  partParamsSchema,
  referenceBodySchema,
  requestPaymentBodySchema,
  startBeforePaymentBodySchema,
} from '@brushline/shared/payments/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { answerExtension, askExtension } from './extensions.service.ts';
import { readMoney } from './order-money.service.ts';
import {
  confirmPayment,
  markPaid,
  recordRefund,
  requestPayment,
  setStartBeforePayment,
} from './payments.service.ts';

const tags = ['payments'];
const security = [{ session: [] }];
const note =
  'Money in an order (docs/decisions/0020-money.md). Only the two parties see it (staff read it); anyone else gets 404. ' +
  'Amounts always come from the server (the order total and its copy of the plan); a body never carries one. ' +
  'Each action is written in one transaction with its ledger movement; repeating an action records nothing twice ' +
  'and answers the same state. An action by the wrong side answers 403; on a canceled or declined order 400 order_closed. ' +
  "Each order has one provider (provider.id in the answer): the one its first payment step fixed, else the site's. " +
  'On a card (Stripe) order, marking or confirming a payment answers 409 paid_by_card and recording a refund 409 refund_automatic.';

export const paymentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const money = { 200: orderMoneySchema, ...errorResponses(400, 401, 403, 404, 409) };

    app.get(
      '/comissionform/:id/payments',
      {
        schema: {
          tags,
          security,
          summary:
            "An order's money: plan, parts, payment state, balances from the ledger, timeline, next step",
          description: note,
          params: orderIdParamsSchema,
          response: { 200: orderMoneySchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => readMoney(deps, requireActor(req), req.params.id),
    );

    app.put(
      '/comissionform/:id/payments/:part/request',
      {
        schema: {
          tags,
          security,
          summary: 'Artist asks for a part of the price, with their own payment instructions',
          description: `${note} The buyer gets a payment notification.`,
          params: partParamsSchema,
          body: requestPaymentBodySchema,
          response: money,
        },
      },
      async (req) =>
        requestPayment(deps, requireActor(req), {
          formId: req.params.id,
          part: req.params.part,
          ...req.body,
        }),
    );

    app.put(
      '/comissionform/:id/payments/:part/paid',
      {
        schema: {
          tags,
          security,
          summary: 'Buyer marks a due part as paid, with an optional reference',
          description: `${note} A part whose stage has not come answers 400 part_not_due. The artist is asked to confirm.`,
          params: partParamsSchema,
          body: referenceBodySchema,
          response: money,
        },
      },
      async (req) =>
        markPaid(deps, requireActor(req), { formId: req.params.id, part: req.params.part, ...req.body }),
    );

    app.put(
      '/comissionform/:id/payments/:part/confirm',
      {
        schema: {
          tags,
          security,
          summary: 'Artist confirms receipt of a part (or records a payment directly): the ledger records it',
          description: `${note} The confirmation takes the artist's next invoice number.`,
          params: partParamsSchema,
          body: referenceBodySchema,
          response: money,
        },
      },
      async (req) =>
        confirmPayment(deps, requireActor(req), {
          formId: req.params.id,
          part: req.params.part,
          ...req.body,
        }),
    );

    app.put(
      '/comissionform/:id/payments/refund',
      {
        schema: {
          tags,
          security,
          summary: 'Artist records the refund of what a canceled order owes the buyer',
          description: `${note} Nothing owed: 400 no_refund_owed. Issues a credit note.`,
          params: orderIdParamsSchema,
          body: referenceBodySchema,
          response: money,
        },
      },
      async (req) => recordRefund(deps, requireActor(req), { formId: req.params.id, ...req.body }),
    );

    app.put(
      '/comissionform/:id/payments/start-before-payment',
      {
        schema: {
          tags,
          security,
          summary: 'Artist chooses to start this order before the up-front payment is confirmed',
          description: `${note} Without it, starting (waiting → processing) answers 409 payment_required until the up-front parts are confirmed.`,
          params: orderIdParamsSchema,
          body: startBeforePaymentBodySchema,
          response: money,
        },
      },
      async (req) => setStartBeforePayment(deps, requireActor(req), { formId: req.params.id, ...req.body }),
    );

    app.post(
      '/comissionform/:id/extension',
      {
        schema: {
          tags,
          security,
          summary:
            'Artist asks for more time: a new due date and a reason, for the buyer to accept or decline',
          description: `${note} One pending request at a time (409 extension_pending); the date must be after the current due date and at most a year later.`,
          params: orderIdParamsSchema,
          body: extensionBodySchema,
          response: money,
        },
      },
      async (req) =>
        askExtension(deps, requireActor(req), {
          formId: req.params.id,
          dueAt: new Date(req.body.dueAt),
          reason: req.body.reason,
        }),
    );

    for (const [path, accept] of [
      ['accept', true],
      ['decline', false],
    ] as const) {
      app.put(
        `/comissionform/:id/extension/${path}`,
        {
          schema: {
            tags,
            security,
            summary: `Buyer ${path}s the pending extension${accept ? ' (the due date moves)' : ''}`,
            description: `${note} No pending extension: 409 no_extension.`,
            params: orderIdParamsSchema,
            response: money,
          },
        },
        async (req) => answerExtension(deps, requireActor(req), { formId: req.params.id, accept }),
      );
    }
  };
