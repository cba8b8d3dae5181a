import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdSchema } from '@brushline/shared/paging';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { incomeExportQuerySchema, moneyOverviewSchema } from '@brushline/shared/payments/overview';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { invoicePdf } from './invoices.service.ts';
import { incomeCsv, readMoneyOverview } from './money-page.service.ts';

const tags = ['payments'];
const security = [{ session: [] }];

/** Private to the viewer and never kept by a shared cache; not run as anything but what it says. */
const PRIVATE_FILE = {
  'cache-control': 'private, no-store',
  vary: 'Cookie',
  'x-content-type-options': 'nosniff',
};

const invoiceParamsSchema = z.object({
  id: rowIdSchema('Must be a commission form id'),
  number: z.string({ error: m.invoiceNotFound }).max(200, { error: m.invoiceNotFound }),
});

/**
 * The money side's documents and overviews (decision 0020): an order's invoices and credit notes
 * as PDF, the CRM's Money tab and the artist's income export.
 */
export const moneyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/comissionform/:id/invoices/:number.pdf',
      {
        schema: {
          tags,
          security,
          summary: 'The PDF invoice of a confirmed payment, or the credit note of a refund',
          description:
            'Path not in SPEC §7; chosen here. `number` is a part’s `invoiceNumber` (INV-login-0003) or a credit ' +
            'note’s `number` (CN-login-0004) from GET /comissionform/{id}/payments. Both parties download it; staff ' +
            'read it; anyone else 404 as for the order; a number the order does not have 404 with “' +
            m.invoiceNotFound +
            '”. Sent as an attachment named after the number.',
          produces: ['application/pdf'],
          params: invoiceParamsSchema,
          response: { 200: z.unknown().describe('The PDF bytes'), ...errorResponses(400, 401, 404) },
        },
      },
      async (req, reply) => {
        const { filename, pdf } = await invoicePdf(deps, requireActor(req), req.params.id, req.params.number);
        return reply
          .headers({
            ...PRIVATE_FILE,
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${filename}"`,
          })
          .send(pdf);
      },
    );

    app.get(
      '/crm/money',
      {
        schema: {
          tags,
          security,
          summary:
            "The viewer's money across their orders: awaiting payment, received this month, refunds owed, due dates (artists); paid and due (everyone)",
          description:
            'Path not in SPEC §7; chosen here (the CRM’s Money tab, /crm/money). Computed from the ledger and the ' +
            'orders’ plans. `artist` is null for a user who is not an artist. “This month” is the UTC calendar month; ' +
            'due dates cover the next 14 days, overdue ones first. Lists show at most 50 rows; sums and counts cover all.',
          response: { 200: moneyOverviewSchema, ...errorResponses(401) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return readMoneyOverview(deps, requireActor(req));
      },
    );

    app.get(
      '/crm/money/income.csv',
      {
        schema: {
          tags,
          security,
          summary: "The artist's income in a date range as CSV: one line per ledger movement of their orders",
          description:
            'Path not in SPEC §7; chosen here. `from` and `to` are UTC days (YYYY-MM-DD), both included, at most 366 ' +
            'days apart (else 400 with “' +
            m.exportRange +
            '”). Columns: date, movement (Payment confirmed, Refund owed, Refund made), order, card, other party, ' +
            'gross, fee, net, refunds, document (invoice or credit note number). A refund owed reverses what its ' +
            'payments brought (negative gross, fee and net). UTF-8 with a byte-order mark, CRLF lines, RFC 4180 ' +
            'quoting; text cells starting with = + - @ are prefixed with an apostrophe. Anyone signed in may ask: ' +
            'it lists only orders they are the artist of.',
          produces: ['text/csv'],
          querystring: incomeExportQuerySchema,
          response: { 200: z.string().describe('The CSV text'), ...errorResponses(400, 401) },
        },
      },
      async (req, reply) => {
        const { filename, csv } = await incomeCsv(deps, requireActor(req), req.query);
        return reply
          .headers({
            ...PRIVATE_FILE,
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${filename}"`,
          })
          .send(csv);
      },
    );
  };
