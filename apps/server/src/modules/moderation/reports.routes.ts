import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseAssignBodySchema,
  caseCloseBodySchema,
  caseDetailSchema,
  caseNoteBodySchema,
  casePageSchema,
  caseQuerySchema,
  reportBodySchema,
} from '@brushline/shared/moderation/schemas';
import { rowIdSchema } from '@brushline/shared/paging';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { addCaseNote, assignCase, closeCase, getCase, listCases, report } from './reports.service.ts';

const tags = ['moderation'];
const security = [{ session: [] }];
const staff =
  'Staff only (admin or moderator; decision 0022): anyone else, signed in or not, gets 404. ' +
  'A case groups the reports of one target; it is new, investigating (taken by a staff member), resolved or dismissed.';
const params = z.object({ id: rowIdSchema('Must be a case id') });

export const reportsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/report',
      {
        schema: {
          tags,
          security,
          summary: 'Report a post, profile, commission card, request, gallery image, tag or chat message',
          description:
            'Path not in the SPEC; chosen here (decision 0022). `targetId` names the target as the API does: a post id, a ' +
            'login, a card uuid, a request guid, an image id, a tag title, a message id (of a room the reporter is in). ' +
            'What the reporter cannot see answers 404; their own content 409 own_content; a second report of the same ' +
            'open case 409 already_reported. The content is kept as it is now, so an edit cannot hide it. Ten reports ' +
            'an hour per user (429). The reporter is told when the case ends; the reported person never learns who reported.',
          body: reportBodySchema,
          response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (req) => report(deps, requireActor(req), req.body),
    );

    app.get(
      '/admin/cases',
      {
        schema: {
          tags,
          security,
          summary:
            'The report queue: cases by status (open = new and investigating), most recently reported first',
          description: staff,
          querystring: caseQuerySchema,
          response: { 200: casePageSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => listCases(deps, req.actor, req.query),
    );

    app.get(
      '/admin/case/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One case: its reports with their snapshots, the target as it is now, staff notes',
          description: staff,
          params,
          response: { 200: caseDetailSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getCase(deps, req.actor, req.params.id),
    );

    app.post(
      '/admin/case/:id/assign',
      {
        schema: {
          tags,
          security,
          summary: 'Take an open case (investigating, assigned to the caller) or give it back (new)',
          description: `${staff} An ended case answers 409 case_closed.`,
          params,
          body: caseAssignBodySchema,
          response: { 200: caseDetailSchema, ...errorResponses(400, 404, 409) },
        },
      },
      async (req) => assignCase(deps, req.actor, req.params.id, req.body),
    );

    app.post(
      '/admin/case/:id/note',
      {
        schema: {
          tags,
          security,
          summary: 'Add a staff note to a case',
          description: staff,
          params,
          body: caseNoteBodySchema,
          response: { 200: caseDetailSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => addCaseNote(deps, req.actor, req.params.id, req.body),
    );

    app.post(
      '/admin/case/:id/close',
      {
        schema: {
          tags,
          security,
          summary:
            'End a case: hide the content, relabel a post’s maturity, resolve (action taken on the account), or dismiss',
          description:
            `${staff} Posts, cards, gallery images, requests, chat messages and reviews can be hidden (else 409 ` +
            'cannot_hide); only a post can be relabelled (`maturity` required; else 409 cannot_relabel, and ' +
            '409 same_maturity for the label it has). Every reporter is told how it ended; for a hide or a relabel, ' +
            'the owner is told why. Written with its audit entries in one transaction; a case already ended ' +
            'answers 409 case_closed.',
          params,
          body: caseCloseBodySchema,
          response: {
            200: z.object({ message: z.string(), case: caseDetailSchema }),
            ...errorResponses(400, 404, 409),
          },
        },
      },
      async (req) => closeCase(deps, req.actor, req.params.id, req.body),
    );
  };
