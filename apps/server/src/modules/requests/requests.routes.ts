import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@brushline/shared/messages';
import { requestMessages } from '@brushline/shared/requests/messages';
import {
  APPLICATION_REFERENCES_MAX,
  APPLY_DAILY_LIMIT,
  REQUEST_ATTACHMENTS_MAX,
  REQUEST_PRICE_MAX,
  REQUEST_TAGS_MAX,
  REQUEST_DEADLINE_MAX_DAYS,
  REQUESTS_PAGE_SIZE,
  REQUESTS_PER_OWNER_MAX,
} from '@brushline/shared/requests/constants';
import {
  answerBodySchema,
  applicationAnswerSchema,
  applicationIdParamsSchema,
  applicationSchema,
  applyAnswerSchema,
  applyBodySchema,
  pendingRequestGroupSchema,
  requestAnswerSchema,
  requestBodySchema,
  requestCreatedSchema,
  requestFilterQuerySchema,
  requestGuidParamsSchema,
  requestIdParamsSchema,
  requestListSchema,
  requestMessageSchema,
  requestPageSchema,
  trackingGroupSchema,
} from '@brushline/shared/requests/schemas';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { fastOkSerializer } from '../../platform/fast-serializer.ts';
import { listCachingNote, publicListCaching } from '../../platform/http-cache.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { PAGE_TTL_MS } from './request-list-cache.ts';
import {
  answerApplication,
  apply,
  listPending,
  listTracking,
  myApplicationTo,
  readApplication,
} from './applications.service.ts';
import {
  createRequest,
  deleteRequest,
  filterRequests,
  getRequest,
  listOwnRequests,
  updateRequest,
} from './requests.service.ts';

const tags = ['requests'];
const security = [{ session: [] }];
const rules =
  `SPEC §5 as stored (packages/shared/src/requests/pricing.ts, docs/decisions/0018-requests.md): prices are clamped to ` +
  `0..${REQUEST_PRICE_MAX} USD (negative → 0) and a minimum above the maximum raises the maximum to it; the deadline ` +
  `is whole days, 1..${REQUEST_DEADLINE_MAX_DAYS}. Up to ${REQUEST_ATTACHMENTS_MAX} distinct own uploads of purpose ` +
  `reference (private: readers of the request may fetch them, so a hidden request's only its owner) and ` +
  `${REQUEST_TAGS_MAX} tag titles (a synonym stores its canonical tag; an unknown title 400). ` +
  `typeOfWork is required, with no default (missing: 400 "${requestMessages.typeOfWorkRequired}"). ` +
  'Text over its limit is refused (400) and nothing is stored.';

export const requestsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const writes = deps.limits.perUser('requestWriteUser');

    app.get(
      '/request/owned/get',
      {
        schema: {
          tags,
          security,
          summary: "The signed-in user's requests (public and hidden), newest first",
          description: `At most ${REQUESTS_PER_OWNER_MAX}, the most one user may hold.`,
          response: { 200: requestListSchema, ...errorResponses(401) },
        },
      },
      async (req) => listOwnRequests(deps, requireActor(req)),
    );

    app.get(
      '/request/get/filter',
      {
        schema: {
          tags,
          summary: 'SPEC §7: one page of public requests, newest first',
          description:
            `${REQUESTS_PAGE_SIZE} a page, from 1 until an empty page. maxPrice: requests whose minimum is at most it; ` +
            'minPrice: whose maximum is at least it; minDeadline: at least this many days; searchInTitle / ' +
            'searchInDecriptions: words in the title / description (either matches); tags: comma-separated tag ' +
            'titles, each matching its synonyms and descendants, all required; typeOfWork: one type. Hidden ' +
            'requests are never listed. NSFW tags are left off the cards for readers who hide NSFW content, and ' +
            'so are the tags a reader hides (their hidden tags, with descendants). ' +
            listCachingNote(PAGE_TTL_MS),
          querystring: requestFilterQuerySchema,
          response: { 200: requestListSchema, ...errorResponses(400) },
        },
        // A hot list, cached or not: writing the JSON is a large part of each answer (decision 0018).
        serializerCompiler: fastOkSerializer(requestListSchema),
        onSend: publicListCaching(PAGE_TTL_MS),
      },
      async (req) => filterRequests(deps, req.actor, req.query),
    );

    app.get(
      '/request/get/:guid',
      {
        schema: {
          tags,
          summary: 'SPEC §7: one request by guid, with the caller’s own application to it',
          description: 'A hidden request answers 404 to everyone but its owner.',
          params: requestGuidParamsSchema,
          response: { 200: requestPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => ({
        request: await getRequest(deps, req.actor, req.params.guid),
        myApplication: await myApplicationTo(deps, req.actor, req.params.guid),
      }),
    );

    app.post(
      '/request/create',
      {
        preHandler: writes,
        schema: {
          tags,
          security,
          summary: 'SPEC §7: create a request; answers its guid',
          description: `${rules} A user holds at most ${REQUESTS_PER_OWNER_MAX} requests (409).`,
          body: requestBodySchema,
          response: { 200: requestCreatedSchema, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (req) => {
        const request = await createRequest(deps, requireActor(req), req.body);
        return { guid: request.guid, request, message: messages.requestCreated };
      },
    );

    app.patch(
      '/request/update/:id',
      {
        preHandler: writes,
        schema: {
          tags,
          security,
          summary: 'SPEC §7: the owner saves every field of a request (request id)',
          description: `${rules} Someone else's request, or none: 404.`,
          params: requestIdParamsSchema,
          body: requestBodySchema,
          response: { 200: requestAnswerSchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (req) => ({
        request: await updateRequest(deps, requireActor(req), req.params.id, req.body),
        message: messages.requestSaved,
      }),
    );

    app.delete(
      '/request/delete/:guid',
      {
        preHandler: writes,
        schema: {
          tags,
          security,
          summary: 'SPEC §7 "DELETE request by guid": the owner deletes a request and its applications',
          description: 'Orders already made from it stay. Someone else’s request, or none: 404.',
          params: requestGuidParamsSchema,
          response: { 200: requestMessageSchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (req) => {
        await deleteRequest(deps, requireActor(req), req.params.guid);
        return { message: messages.requestDeleted };
      },
    );

    app.post(
      '/request/apply/:guid',
      {
        preHandler: deps.limits.perUser('applyDailyUser'),
        schema: {
          tags,
          security,
          summary: 'An artist applies to a public request with one of their open cards',
          description:
            'Path not in SPEC §7; chosen here. Body: cardUUID (own card, open and taking commissions: else 404 / 409), ' +
            `comment, offeredPrice (SPEC §5 clamping; below the request's minimum is allowed and flagged), up to ` +
            `${APPLICATION_REFERENCES_MAX} own uploads of purpose reference (fetched only by you and the request's owner). ` +
            'One application per artist per request: a second one updates the ' +
            'pending one (an answered one: 409). Own request 403; hidden or missing 404. The owner gets an ' +
            'approval_request_status notification and the AppliedForRequestRecieved hub event after the commit ' +
            `(delivered false when the live push failed). ${APPLY_DAILY_LIMIT.points} applies per artist per day (429).`,
          params: requestGuidParamsSchema,
          body: applyBodySchema,
          response: { 200: applyAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req) => ({
        ...(await apply(deps, requireActor(req), req.params.guid, req.body)),
        message: messages.applicationSent,
      }),
    );

    app.get(
      '/request/pending/get',
      {
        schema: {
          tags,
          security,
          summary:
            'SPEC §7 "Pending list (owned)": applications to the caller’s requests, grouped by request',
          description: 'Path chosen here. Every status; the page offers Approve and Decline on pending ones.',
          response: { 200: z.array(pendingRequestGroupSchema), ...errorResponses(401) },
        },
      },
      async (req) => listPending(deps, requireActor(req)),
    );

    app.post(
      '/request/answer',
      {
        schema: {
          tags,
          security,
          summary: 'SPEC §7: the request’s owner answers an application (id, confirm or reject)',
          description:
            'Path chosen here. Only a pending application moves; an answered one (or the loser of two racing ' +
            'answers) gets 409 "Couldn\'t perform the action" and nothing changes. Confirm makes the order in the ' +
            'same transaction: a "requested" form (card, offered price as total, references) with its task accepted ' +
            '(waiting). Anyone but the owner: 404.',
          body: answerBodySchema,
          response: { 200: applicationAnswerSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => ({
        application: await answerApplication(deps, requireActor(req), req.body),
        message: messages.applicationAnswered,
      }),
    );

    app.patch(
      '/request/read/:id',
      {
        schema: {
          tags,
          security,
          summary: 'SPEC §7 "PATCH mark a request read by id": the owner opened an application',
          description: 'Application id. Anyone but the request’s owner: 404.',
          params: applicationIdParamsSchema,
          response: { 200: applicationSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => readApplication(deps, requireActor(req), req.params.id),
    );

    for (const side of ['incoming', 'outgoing'] as const) {
      app.get(
        `/request/tracking/${side}`,
        {
          schema: {
            tags,
            security,
            summary:
              side === 'incoming'
                ? 'Tracking: the answered applications the caller sent, grouped by state'
                : 'Tracking: the answered applications to the caller’s requests, grouped by state',
            description:
              'SPEC §7 "GET tracking … grouped by state (paths not shown)": path chosen here. Every state ' +
              '(approved, processing, done, declined) once, in that order (packages/shared/src/requests/tracking.ts).',
            response: { 200: z.array(trackingGroupSchema), ...errorResponses(401) },
          },
        },
        async (req) => listTracking(deps, requireActor(req), side),
      );
    }
  };
