import { z } from 'zod';
import { rowIdSchema } from '../paging.ts';
import { personSchema } from '../users/schemas.ts';
import { singleLineText, text } from '../text.ts';
import {
  DELIVERY_DAYS_MAX,
  DELIVERY_DAYS_MIN,
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  EXTENSION_REASON_MAX,
  MILESTONE_NAME_MAX,
  MILESTONE_PERCENT_MIN,
  PLAN_PERCENT_TOTAL,
  MILESTONES_MAX,
  MILESTONES_MIN,
  MONEY_EVENT_KINDS,
  PART_STATUSES,
  PAYMENT_INSTRUCTIONS_MAX,
  PAYMENT_PROVIDERS,
  PAYMENT_REFERENCE_MAX,
  PAYMENT_STAGES,
} from './constants.ts';
import { paymentMessages as m } from './messages.ts';
import { PAYMENT_STATES } from './state.ts';
import { disputeSchema, platformPartSchema } from './stripe.ts';

export const paymentStageSchema = z.enum(PAYMENT_STAGES);

const percent = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

export const milestoneSchema = z.object({
  name: singleLineText(m.milestoneNameRequired, { error: m.milestoneNameRequired })
    .trim()
    .min(1, { error: m.milestoneNameRequired })
    .max(MILESTONE_NAME_MAX, { error: m.milestoneNameTooLong }),
  percent: percent(MILESTONE_PERCENT_MIN, PLAN_PERCENT_TOTAL, m.milestonePercent),
  stage: paymentStageSchema,
});

/** A card's payment plan (orders keep a copy). Percentages that do not add up to 100 are refused. */
export const paymentPlanSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('full') }),
    z.object({
      kind: z.literal('deposit'),
      depositPercent: percent(DEPOSIT_PERCENT_MIN, DEPOSIT_PERCENT_MAX, m.depositRange),
    }),
    z.object({
      kind: z.literal('milestones'),
      milestones: z
        .array(milestoneSchema)
        .min(MILESTONES_MIN, { error: m.milestoneCount })
        .max(MILESTONES_MAX, { error: m.milestoneCount }),
    }),
  ])
  .superRefine((plan, ctx) => {
    if (plan.kind !== 'milestones') return;
    const sum = plan.milestones.reduce((s, x) => s + x.percent, 0);
    if (sum !== PLAN_PERCENT_TOTAL)
      ctx.addIssue({ code: 'custom', message: m.milestonesSum, path: ['milestones'] });
  });

/** Optional whole days 1–365 from acceptance to the due date. */
export const deliveryDaysSchema = z
  .number({ error: m.deliveryDaysRange })
  .int({ error: m.deliveryDaysRange })
  .min(DELIVERY_DAYS_MIN, { error: m.deliveryDaysRange })
  .max(DELIVERY_DAYS_MAX, { error: m.deliveryDaysRange })
  .nullable();

export const paymentPartSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  stage: paymentStageSchema,
  percent: z.number().int(),
  /** USD, computed by the server from the order's total and plan. */
  amount: z.number(),
  status: z.enum(PART_STATUSES),
  /** The artist's instructions, once they asked for this payment. */
  instructions: z.string().nullable(),
  /** The buyer's (or the artist's) reference for the payment. */
  reference: z.string().nullable(),
  requestedAt: z.string().nullable(),
  markedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** The invoice of this payment once confirmed ("INV-ann-0003"). */
  invoiceNumber: z.string().nullable(),
  /** The part's money at the provider (Stripe: held, released…); null off-platform. */
  platform: platformPartSchema.nullable(),
});
export type PaymentPart = z.infer<typeof paymentPartSchema>;

export const moneyEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MONEY_EVENT_KINDS),
  partIndex: z.number().int().nullable(),
  amount: z.number().nullable(),
  note: z.string(),
  by: personSchema.nullable(),
  createdAt: z.string(),
});
export type MoneyEvent = z.infer<typeof moneyEventSchema>;

export const extensionSchema = z.object({
  id: z.number().int(),
  dueAt: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Extension = z.infer<typeof extensionSchema>;

/** GET /comissionform/{id}/payments: an order's money as its two parties see it. */
export const orderMoneySchema = z.object({
  formId: z.number().int(),
  provider: z.object({ id: z.enum(PAYMENT_PROVIDERS), holdsFunds: z.boolean(), note: z.string() }),
  plan: z.unknown(),
  planSummary: z.string(),
  state: z.enum(PAYMENT_STATES),
  stateLabel: z.string(),
  total: z.number(),
  parts: z.array(paymentPartSchema),
  /** Computed from the ledger. */
  balances: z.object({
    paid: z.number(),
    fees: z.number(),
    refundOwed: z.number(),
    refunded: z.number(),
    outstanding: z.number(),
  }),
  startBeforePayment: z.boolean(),
  deliveryDays: z.number().int().nullable(),
  dueAt: z.string().nullable(),
  /** When an unanswered delivery will be approved automatically. */
  autoApproveAt: z.string().nullable(),
  overdue: z.boolean(),
  extension: extensionSchema.nullable(),
  /** The viewer's next step in one line, or null when nothing is theirs to do. */
  nextStep: z.string().nullable(),
  timeline: z.array(moneyEventSchema),
  creditNotes: z.array(z.object({ number: z.string(), amount: z.number(), createdAt: z.string() })),
  /** The latest chargeback Stripe reported on the order's charges (null: none, or off-platform). */
  dispute: disputeSchema.nullable(),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

export const partParamsSchema = z.object({
  id: rowIdSchema('Must be a commission form id'),
  part: z.coerce
    .number({ error: m.partNotFound })
    .int({ error: m.partNotFound })
    .min(0, { error: m.partNotFound })
    .max(MILESTONES_MAX - 1, { error: m.partNotFound }),
});

export const requestPaymentBodySchema = z.object({
  instructions: text({ error: m.instructionsRequired })
    .trim()
    .min(1, { error: m.instructionsRequired })
    .max(PAYMENT_INSTRUCTIONS_MAX, { error: m.instructionsTooLong }),
});

export const referenceBodySchema = z.object({
  reference: text().trim().max(PAYMENT_REFERENCE_MAX, { error: m.referenceTooLong }).default(''),
});

export const startBeforePaymentBodySchema = z.object({ enabled: z.boolean() });

export const extensionBodySchema = z.object({
  dueAt: z.iso.datetime({ offset: true, error: m.extensionDate }),
  reason: text({ error: m.extensionReasonRequired })
    .trim()
    .min(1, { error: m.extensionReasonRequired })
    .max(EXTENSION_REASON_MAX, { error: m.extensionReasonTooLong }),
});
