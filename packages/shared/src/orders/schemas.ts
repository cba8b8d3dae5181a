import { z } from 'zod';
import { CARD_KEY_MAX, CARD_OPTIONS_MAX, CARD_SECTIONS_MAX } from '../cards/constants.ts';
import { mediaSchema } from '../media/schemas.ts';
import { rowIdSchema } from '../paging.ts';
import { loginLookupSchema, personSchema, type Person } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import { FORM_DESCRIPTION_MAX, FORM_TYPES, REFERENCES_MAX, TASK_STATUSES } from './constants.ts';
import { orderMessages } from './messages.ts';
import { text } from '../text.ts';

export const taskStatusSchema = z.enum(TASK_STATUSES);
export const formTypeSchema = z.enum(FORM_TYPES);

/** POST /comissionform/send body. totalPrice is what the buyer saw; the server recomputes it. */
export const sendFormBodySchema = z.object({
  cardUUID: uuidSchema,
  description: text().max(FORM_DESCRIPTION_MAX, { error: orderMessages.descriptionTooLong }).default(''),
  /** Media ids of the sender's own uploads (purpose reference, or post). */
  references: z
    .array(uuidSchema)
    .max(REFERENCES_MAX, { error: orderMessages.tooManyReferences })
    .refine((ids) => new Set(ids).size === ids.length, { error: orderMessages.duplicateReference })
    .default([]),
  chosen: z
    .array(
      z.object({
        sectionKey: text().min(1).max(CARD_KEY_MAX),
        optionKeys: z.array(text().min(1).max(CARD_KEY_MAX)).max(CARD_OPTIONS_MAX),
      }),
    )
    .max(CARD_SECTIONS_MAX)
    .default([]),
  totalPrice: z
    .number({ error: orderMessages.totalInvalid })
    .min(0, { error: orderMessages.totalInvalid })
    .refine(Number.isFinite, { error: orderMessages.totalInvalid }),
});
export type SendFormBody = z.infer<typeof sendFormBodySchema>;
export type SendFormBodyInput = z.input<typeof sendFormBodySchema>;

/** A participant of a form, as lists show them. */
export const orderPersonSchema = personSchema;
export type OrderPerson = Person;

export const orderTaskSchema = z.object({
  id: z.number().int(),
  status: taskStatusSchema,
  type: formTypeSchema,
  /** The commissioner's comment from the last send-back, if any. */
  comment: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type OrderTask = z.infer<typeof orderTaskSchema>;

/** SPEC §3 Sent commission form, with its task. Prices in USD. */
export const sentFormSchema = z.object({
  id: z.number().int(),
  /** Null once the card was deleted; cardTitle keeps its name. */
  cardUUID: uuidSchema.nullable(),
  cardTitle: z.string(),
  description: z.string(),
  /** The artist's terms as they were when the form was sent ('' when the card had none). */
  terms: z.string(),
  references: z.array(mediaSchema),
  totalPrice: z.number(),
  senderId: uuidSchema,
  sender: orderPersonSchema,
  artist: orderPersonSchema,
  isRead: z.boolean(),
  type: formTypeSchema,
  /** The task's status (same as task.status). */
  status: taskStatusSchema,
  /** The chosen options as they were when sent. */
  sendComissionCardOptions: z.array(
    z.object({
      title: z.string(),
      options: z.array(z.object({ key: z.string(), option: z.string(), price: z.number() })),
    }),
  ),
  task: orderTaskSchema,
  createdAt: z.iso.datetime(),
});
export type SentForm = z.infer<typeof sentFormSchema>;

export const sendFormResponseSchema = z.object({ form: sentFormSchema, message: z.string() });
export type SendFormResponse = z.infer<typeof sendFormResponseSchema>;

/** GET /comissionforms/artist/pending/{login}: new forms grouped by commissioner. */
export const pendingGroupSchema = z.object({ sender: orderPersonSchema, forms: z.array(sentFormSchema) });
export type PendingGroup = z.infer<typeof pendingGroupSchema>;

export const statusCountsSchema = z.object(
  Object.fromEntries(TASK_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof TASK_STATUSES)[number],
    z.ZodNumber
  >,
);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

/** GET /comissionform/comissioners: each commissioner of the artist with task counts. */
export const commissionerSummarySchema = z.object({
  commissioner: orderPersonSchema,
  counts: statusCountsSchema,
  /** Tasks in waiting, processing or finished (ACTIVE_TASK_STATUSES). */
  active: z.number().int(),
});
export type CommissionerSummary = z.infer<typeof commissionerSummarySchema>;

/** PUT /task/{id}/send-back body. */
export const sendBackBodySchema = z.object({
  comment: text({ error: orderMessages.commentRequired })
    .trim()
    .min(1, { error: orderMessages.commentRequired })
    .max(FORM_DESCRIPTION_MAX, { error: orderMessages.commentTooLong }),
});
export type SendBackBody = z.infer<typeof sendBackBodySchema>;

export const orderIdParamsSchema = z.object({ id: rowIdSchema('Must be a commission form or task id') });
export const orderLoginParamsSchema = z.object({ login: loginLookupSchema });
export const orderMessageResponseSchema = z.object({ message: z.string() });
