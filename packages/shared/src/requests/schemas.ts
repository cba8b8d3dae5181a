import { z } from 'zod';
import { mediaSchema } from '../media/schemas.ts';
import { taskStatusSchema } from '../orders/schemas.ts';
import { PG_INT_MAX, pageNumberSchema, rowIdSchema } from '../paging.ts';
import { TAG_TITLE_MAX } from '../tags/constants.ts';
import { tagRefSchema } from '../tags/schemas.ts';
import { text } from '../text.ts';
import { personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_REFERENCES_MAX,
  APPLICATION_STATUSES,
  REQUEST_ATTACHMENTS_MAX,
  REQUEST_DEADLINE_DEFAULT_DAYS,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_FILTER_TAGS_MAX,
  REQUEST_PREFERENCES_MAX,
  REQUEST_PRIVACIES,
  REQUEST_REQUIREMENTS_MAX,
  REQUEST_SEARCH_MAX,
  REQUEST_TAGS_MAX,
  REQUEST_TITLE_MAX,
  TRACKING_STATES,
  TYPES_OF_WORK,
} from './constants.ts';
import { requestMessages } from './messages.ts';
import { APPLICATION_ANSWERS } from './tracking.ts';

/** A missing type says "choose one"; one not on the list names the list. */
export const typeOfWorkSchema = z.enum(TYPES_OF_WORK, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? requestMessages.typeOfWorkRequired
      : requestMessages.typeOfWorkInvalid,
});
export const requestPrivacySchema = z.enum(REQUEST_PRIVACIES);
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const trackingStateSchema = z.enum(TRACKING_STATES);

/** A price as typed: any finite number; the SPEC §5 clamping (pricing.ts) makes it a stored one. */
const priceInput = z
  .number({ error: requestMessages.priceInvalid })
  .refine(Number.isFinite, { error: requestMessages.priceInvalid });

/** SPEC §3 "deadline (days, held as text)": a number or its digits; clamped by clampDeadline. */
const deadlineInput = z.union(
  [
    z.number().refine(Number.isFinite),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,9}$/)
      .transform(Number),
  ],
  { error: requestMessages.deadlineInvalid },
);

const distinctIds = (max: number, tooMany: string, duplicate: string) =>
  z
    .array(uuidSchema)
    .max(max, { error: tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: duplicate });

/** POST request/create and PATCH request/update/{id} body: every SPEC §3 field but the ids. */
export const requestBodySchema = z.object({
  title: text({ error: requestMessages.titleRequired })
    .trim()
    .min(1, { error: requestMessages.titleRequired })
    .max(REQUEST_TITLE_MAX, { error: requestMessages.titleTooLong }),
  description: text()
    .trim()
    .max(REQUEST_DESCRIPTION_MAX, { error: requestMessages.descriptionTooLong })
    .default(''),
  /**
   * Required, with no default: a request saved as "Illustration" that its owner never chose spoke
   * for them (the list has "other" for work that fits none).
   */
  typeOfWork: typeOfWorkSchema,
  additionalRequirements: text()
    .trim()
    .max(REQUEST_REQUIREMENTS_MAX, { error: requestMessages.requirementsTooLong })
    .default(''),
  preferences: text()
    .trim()
    .max(REQUEST_PREFERENCES_MAX, { error: requestMessages.preferencesTooLong })
    .default(''),
  priceMin: priceInput.default(0),
  priceMax: priceInput.default(0),
  deadline: deadlineInput.default(REQUEST_DEADLINE_DEFAULT_DAYS),
  /** Media ids of the owner's own uploads of purpose reference. */
  attachedMedia: distinctIds(
    REQUEST_ATTACHMENTS_MAX,
    requestMessages.tooManyAttachments,
    requestMessages.duplicateAttachment,
  ).default([]),
  /** Tag titles (a synonym stores its canonical tag). */
  tags: z
    .array(text().trim().min(1).max(TAG_TITLE_MAX))
    .max(REQUEST_TAGS_MAX, { error: requestMessages.tooManyTags })
    .default([]),
  privacy: requestPrivacySchema.default('public'),
});
export type RequestBody = z.infer<typeof requestBodySchema>;
export type RequestBodyInput = z.input<typeof requestBodySchema>;

/** SPEC §3 Request, as every answer shows it. Prices in USD, deadline in days. */
export const requestSchema = z.object({
  id: z.number().int(),
  guid: uuidSchema,
  title: z.string(),
  description: z.string(),
  typeOfWork: typeOfWorkSchema,
  additionalRequirements: z.string(),
  preferences: z.string(),
  priceMin: z.number(),
  priceMax: z.number(),
  deadline: z.number().int(),
  attachedMedia: z.array(mediaSchema),
  tags: z.array(tagRefSchema),
  privacy: requestPrivacySchema,
  owner: personSchema,
  /** Applications received (any status). */
  applications: z.number().int(),
  /** Why staff hid the request (only its owner is shown it then); null otherwise. */
  hiddenByStaff: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Request = z.infer<typeof requestSchema>;

export const requestGuidParamsSchema = z.object({ guid: uuidSchema });
export const requestIdParamsSchema = z.object({ id: rowIdSchema('Must be a request id') });
export const applicationIdParamsSchema = z.object({ id: rowIdSchema('Must be an application id') });

const searchText = text().trim().max(REQUEST_SEARCH_MAX, { error: requestMessages.searchTooLong }).optional();
const queryNumber = z.coerce
  .number({ error: requestMessages.priceInvalid })
  .refine(Number.isFinite)
  .optional();

/**
 * GET request/get/filter query (SPEC §7): price bounds and the deadline are clamped like stored
 * values; searchInTitle and searchInDecriptions are words to look for (a request matches either);
 * tags is a comma-separated list of tag titles (each with its descendants and synonyms; a request
 * must carry all of them); typeOfWork one type.
 */
export const requestFilterQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  maxPrice: queryNumber,
  minPrice: queryNumber,
  minDeadline: z.coerce.number({ error: requestMessages.deadlineInvalid }).refine(Number.isFinite).optional(),
  searchInTitle: searchText,
  searchInDecriptions: searchText,
  tags: text()
    .max(REQUEST_FILTER_TAGS_MAX * 65)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string())
        .max(REQUEST_FILTER_TAGS_MAX, { error: `Filter by up to ${REQUEST_FILTER_TAGS_MAX} tags` }),
    )
    .optional(),
  typeOfWork: typeOfWorkSchema.optional(),
});
export type RequestFilterQuery = z.infer<typeof requestFilterQuerySchema>;

export const requestListSchema = z.array(requestSchema);
export const requestAnswerSchema = z.object({ request: requestSchema, message: z.string() });
export const requestCreatedSchema = z.object({
  guid: uuidSchema,
  request: requestSchema,
  message: z.string(),
});
export const requestMessageSchema = z.object({ message: z.string() });

/** POST request/apply/{guid} body. */
export const applyBodySchema = z.object({
  /** One of the artist's own open commission cards. */
  cardUUID: uuidSchema,
  comment: text().trim().max(APPLICATION_COMMENT_MAX, { error: requestMessages.commentTooLong }).default(''),
  /** Required: the artist names it (a missing one says so, rather than "not a number"). */
  offeredPrice: z
    .number({
      error: (issue) =>
        issue.input === undefined ? requestMessages.offerRequired : requestMessages.priceInvalid,
    })
    .refine(Number.isFinite, { error: requestMessages.priceInvalid }),
  /** Media ids of the artist's own uploads of purpose reference. */
  references: distinctIds(
    APPLICATION_REFERENCES_MAX,
    requestMessages.tooManyReferences,
    requestMessages.duplicateAttachment,
  ).default([]),
});
export type ApplyBody = z.infer<typeof applyBodySchema>;
export type ApplyBodyInput = z.input<typeof applyBodySchema>;

/** SPEC §7 "POST answer to an application (id and confirm or reject)". */
export const answerBodySchema = z.object({
  id: z.number().int().positive(),
  answer: z.enum(APPLICATION_ANSWERS),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

/** SPEC §3 Application to a request (pending item). */
export const applicationSchema = z.object({
  id: z.number().int(),
  senderId: uuidSchema,
  sender: personSchema,
  status: applicationStatusSchema,
  comment: z.string(),
  offeredPrice: z.number(),
  /** The offer is below the request's minimum (allowed, shown to both sides). */
  belowMinimum: z.boolean(),
  attachedReferences: z.array(mediaSchema),
  isRead: z.boolean(),
  applienceRequest: z.object({
    guid: uuidSchema,
    title: z.string(),
    ownerId: uuidSchema,
    ownerLogin: z.string(),
    priceMin: z.number(),
  }),
  /** The order made by approval; null before (or after a decline). */
  commissionTask: z
    .object({ id: z.number().int(), formId: z.number().int(), status: taskStatusSchema })
    .nullable(),
  /** The card the artist applied with; null once the card was deleted (cardTitle keeps its name). */
  sendComissionCard: z
    .object({ uuid: uuidSchema, title: z.string(), cardBanner: mediaSchema.nullable() })
    .nullable(),
  cardTitle: z.string(),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applyAnswerSchema = z.object({
  application: applicationSchema,
  message: z.string(),
  /** False when the owner could not be told live (the application is stored all the same). */
  delivered: z.boolean(),
});
export const applicationAnswerSchema = z.object({ application: applicationSchema, message: z.string() });

/** Owner's pending list: applications grouped by request. */
export const pendingRequestGroupSchema = z.object({
  request: z.object({ guid: uuidSchema, title: z.string() }),
  applications: z.array(applicationSchema),
});
export type PendingRequestGroup = z.infer<typeof pendingRequestGroupSchema>;

/** SPEC §3 Tracking group. */
export const trackingGroupSchema = z.object({
  state: trackingStateSchema,
  userRequestsForApprove: z.array(applicationSchema),
});
export type TrackingGroup = z.infer<typeof trackingGroupSchema>;

/** GET request/get/{guid}: the request, and the caller's own application to it if any. */
export const requestPageSchema = z.object({
  request: requestSchema,
  myApplication: applicationSchema.nullable(),
});
export type RequestPage = z.infer<typeof requestPageSchema>;

/**
 * The hub's ComissionApprovalRequestCreatedNotification(application guid) (SPEC §7): the caller's
 * application, by its id or by the guid of its request (one application per request and artist).
 */
export const applicationNotifySchema = z.object({
  application: z.union(
    [
      z
        .number({ error: requestMessages.applicationRefInvalid })
        .int({ error: requestMessages.applicationRefInvalid })
        .positive({ error: requestMessages.applicationRefInvalid })
        .max(PG_INT_MAX, { error: requestMessages.applicationRefInvalid }),
      z.uuid({ error: requestMessages.applicationRefInvalid }),
    ],
    { error: requestMessages.applicationRefInvalid },
  ),
});
