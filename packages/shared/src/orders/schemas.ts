import { z } from 'zod';
import { CARD_KEY_MAX, CARD_OPTIONS_MAX, CARD_SECTIONS_MAX } from '../cards/constants.ts';
import { mediaSchema } from '../media/schemas.ts';
import { rowIdSchema } from '../paging.ts';
import { loginLookupSchema, personSchema, type Person } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import {
  DECLINE_REASON_MAX,
  DELIVERY_FILES_MAX,
  DELIVERY_MESSAGE_MAX,
  FORM_DESCRIPTION_MAX,
  FORM_TYPES,
  ORDER_UPDATE_KINDS,
  REFERENCES_MAX,
  TASK_STATUSES,
  WIP_COMMENT_MAX,
} from './constants.ts';
import { orderMessages } from './messages.ts';
import { text } from '../text.ts';

export const taskStatusSchema = z.enum(TASK_STATUSES);
export const formTypeSchema = z.enum(FORM_TYPES);

/** POST /comissionform/send body. totalPrice is what the buyer saw; the server recomputes it. */
export const sendFormBodySchema = z.object({
  cardUUID: uuidSchema,
  description: text().max(FORM_DESCRIPTION_MAX, { error: orderMessages.descriptionTooLong }).default(''),
  /** Media ids of the sender's own uploads of purpose reference (private to the order's two sides). */
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
  /** The buyer's choice: their name and chosen options may show in the artist's public queue. */
  showInQueue: z.boolean().default(false),
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
  /** Send-backs so far: after the first one the work is on "revision 1". */
  revision: z.number().int(),
  /** The artist's reason when declining, if they gave one. */
  declineReason: z.string().nullable(),
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
  /** Revisions the card included when the form was sent (null: the card did not say). */
  revisionsIncluded: z.number().int().nullable(),
  senderId: uuidSchema,
  sender: orderPersonSchema,
  artist: orderPersonSchema,
  isRead: z.boolean(),
  /** Sent while the artist had no open slot: it waits for one (Incoming marks it). */
  waitlist: z.boolean(),
  /** The buyer let their name and chosen options show in the artist's public queue. */
  showInQueue: z.boolean(),
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

const deliveryFilesSchema = (emptyMessage: string) =>
  z
    .array(uuidSchema, { error: emptyMessage })
    .min(1, { error: emptyMessage })
    .max(DELIVERY_FILES_MAX, { error: orderMessages.tooManyDeliveryFiles })
    .refine((ids) => new Set(ids).size === ids.length, { error: orderMessages.duplicateDeliveryFile });

const deliveryMessageSchema = text()
  .trim()
  .max(DELIVERY_MESSAGE_MAX, { error: orderMessages.deliveryMessageTooLong })
  .default('');

/** PUT /task/{id}/deliver body: the finished work (media ids of purpose delivery) and a note. */
export const deliverBodySchema = z.object({
  files: deliveryFilesSchema(orderMessages.deliveryNeedsFiles),
  message: deliveryMessageSchema,
});
export type DeliverBody = z.infer<typeof deliverBodySchema>;
export type DeliverBodyInput = z.input<typeof deliverBodySchema>;

/** POST /task/{id}/wip body: pictures of the work in progress (a sketch for approval) and a note. */
export const wipBodySchema = z.object({
  files: deliveryFilesSchema(orderMessages.wipNeedsFiles),
  message: deliveryMessageSchema,
});
export type WipBody = z.infer<typeof wipBodySchema>;
export type WipBodyInput = z.input<typeof wipBodySchema>;

/** POST /order/{id}/updates/{updateId}/comments body: the commissioner's comment on a work in progress. */
export const wipCommentBodySchema = z.object({
  message: text({ error: orderMessages.wipCommentRequired })
    .trim()
    .min(1, { error: orderMessages.wipCommentRequired })
    .max(WIP_COMMENT_MAX, { error: orderMessages.wipCommentTooLong }),
});
export type WipCommentBody = z.infer<typeof wipCommentBodySchema>;

export const orderUpdateParamsSchema = z.object({
  id: rowIdSchema('Must be a commission form id'),
  updateId: rowIdSchema('Must be an update id of the order'),
});

/** DELETE /comissionform/decline/{id} optional body (none at all is fine): why the artist declines. */
export const declineBodySchema = z
  .object({
    reason: text().trim().max(DECLINE_REASON_MAX, { error: orderMessages.declineReasonTooLong }).default(''),
  })
  .nullish();
export type DeclineBody = z.infer<typeof declineBodySchema>;

/** One delivered file: shown full size and downloaded only through the order's own routes. */
export const deliveryFileSchema = z.object({
  id: uuidSchema,
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
  url: z.string(),
  miniatureUrl: z.string(),
  downloadUrl: z.string(),
  fileName: z.string(),
});
export type DeliveryFile = z.infer<typeof deliveryFileSchema>;

export const orderUpdateKindSchema = z.enum(ORDER_UPDATE_KINDS);

/** The commissioner's comment on a work in progress. */
export const wipCommentSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  author: orderPersonSchema,
  createdAt: z.iso.datetime(),
});
export type WipComment = z.infer<typeof wipCommentSchema>;

/** One entry of an order's history: a work in progress, a delivery or a send-back. */
export const orderUpdateSchema = z.object({
  id: z.number().int(),
  kind: orderUpdateKindSchema,
  /** The artist's note, or for a send-back what the commissioner asked to change. */
  message: z.string(),
  files: z.array(deliveryFileSchema),
  /** Send-backs before this update; a send-back carries the revision it starts. */
  revision: z.number().int(),
  author: orderPersonSchema,
  createdAt: z.iso.datetime(),
  /** When the commissioner said a work in progress "looks good" (null: not said; always null but for a WIP). */
  approvedAt: z.iso.datetime().nullable(),
  /** The commissioner's comments on a work in progress, oldest first (always empty but for a WIP). */
  comments: z.array(wipCommentSchema),
});
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/** GET /order/{id}: the order page, for its two sides only. */
export const orderPageSchema = z.object({
  form: sentFormSchema,
  /** Oldest first. */
  updates: z.array(orderUpdateSchema),
  /**
   * When the work is due (ISO): for an order made from a public request, the approval plus the
   * request's deadline in days; null for an order from a card (cards have no deadline).
   */
  deadline: z.string().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const DELIVERY_FILE_VARIANTS = ['full', 'miniature', 'download'] as const;
export type DeliveryFileVariant = (typeof DELIVERY_FILE_VARIANTS)[number];
export const deliveryFileParamsSchema = z.object({
  id: rowIdSchema('Must be a commission form id'),
  mediaId: uuidSchema,
  variant: z.enum(DELIVERY_FILE_VARIANTS),
});

/** The hub's ComissionRequestCreate(uuid) (SPEC §7): the card the caller sent a form to. */
export const commissionRequestCreateSchema = z.object({ uuid: uuidSchema });
