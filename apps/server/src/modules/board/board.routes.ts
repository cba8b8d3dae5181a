import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOARD_COLUMNS_MAX,
  BOARD_DONE_SHOWN,
  BOARD_PERSONAL_TASKS_MAX,
  BOARD_SYSTEM_COLUMNS,
  BOARD_WRITE_LIMIT,
  SYSTEM_COLUMN_STATUS,
  SYSTEM_COLUMN_TITLES,
} from '@brushline/shared/board/constants';
import {
  boardColumnParamsSchema,
  boardSchema,
  boardSettingsBodySchema,
  boardTaskParamsSchema,
  createColumnBodySchema,
  createTaskBodySchema,
  moveColumnBodySchema,
  queueParamsSchema,
  queueSchema,
  slotsSchema,
  updateBoardBodySchema,
  updateColumnBodySchema,
  updateTaskBodySchema,
} from '@brushline/shared/board/schemas';
import type { Deps } from '../../platform/deps.ts';
import { fastStringify, sendWrittenJson } from '../../platform/fast-serializer.ts';
import { ifNoneMatch } from '../../platform/http-cache.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import {
  createColumn,
  createTask,
  deleteColumn,
  deleteTask,
  moveColumn,
  readTaskNotifications,
  saveBoard,
  updateBoardSettings,
  updateColumn,
  updateTask,
} from './board.service.ts';
import { getQueue, getSlots } from './queue.service.ts';
import { createBoardReader } from './board-read-cache.ts';

const tags = ['board'];
const security = [{ session: [] }];
const systemColumns = BOARD_SYSTEM_COLUMNS.map(
  (k) => `${SYSTEM_COLUMN_TITLES[k]} = ${SYSTEM_COLUMN_STATUS[k]}`,
).join(', ');
const writeLimitNote =
  `Writes (saves, columns, tasks, slots) are limited to ${BOARD_WRITE_LIMIT.points} per ${BOARD_WRITE_LIMIT.seconds} s ` +
  'per user: beyond that 429 rate_limited with Retry-After, and nothing changes.';
const boardNote =
  `SPEC §3 Kanban board, one per user, made on first use with four system columns standing for commission ` +
  `statuses (${systemColumns}); the artist's own columns hold tasks in progress. Accepted commissions join ` +
  `by themselves and follow their status (the newest ${BOARD_DONE_SHOWN} done ones stay in Done). Every change ` +
  'answers the whole board with a new version and sends BoardUpdated over the hub to the owner. ' +
  `${writeLimitNote} Path chosen here (SPEC §7 does not show it); docs/decisions/0014-kanban-board.md.`;
const boardReadNote =
  'The answer carries an ETag made from the version stamp the server checks on every read (the board, the ' +
  'commissions it shows, unread notifications about orders): send it back in If-None-Match and an unchanged ' +
  'board answers 304 Not Modified with no body. Cache-Control: private, no-cache (a browser keeps it and asks ' +
  'again every time); Vary: Cookie.';
const boardAnswer = { 200: boardSchema };

export const boardRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const readOwnBoard = createBoardReader(fastStringify(boardSchema));
    // Every write of the board counts against one per-user limit (BOARD_WRITE_LIMIT): a refused
    // write answers 429 with the wait and changes nothing. Marking notifications read is not counted.
    const writes = deps.limits.perUser('boardWriteUser');
    app.get(
      '/board',
      {
        schema: {
          tags,
          security,
          summary: 'Your own board (SPEC §7 GET own board)',
          description: `${boardNote} ${boardReadNote}`,
          response: { ...boardAnswer, ...errorResponses(401) },
        },
        // The hot read: a board of hundreds of tasks is written once by fast-json-stringify and
        // given again while nothing it shows changed (board-read-cache.ts; decision 0014 "Reading fast").
      },
      async (req, reply) => {
        const read = await readOwnBoard(deps, requireActor(req), (etag) => ifNoneMatch(req, etag));
        const res = (reply as FastifyReply)
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie');
        if (read.etag) res.header('etag', read.etag);
        if (read.notModified) return res.code(304).send();
        return sendWrittenJson(res, read.json);
      },
    );

    app.patch(
      '/board/update',
      {
        schema: {
          tags,
          security,
          summary: 'Save the layout after a drop (SPEC §7 PATCH update board: guid, columns, tasks)',
          description:
            'The whole layout: every column (id, order) and every task (id, columnId, in order) of your board ' +
            'exactly once, with the version you read. A missing, repeated or foreign column or task answers 400 ' +
            'board_malformed; another version (another tab saved, or a commission moved) answers 409 board_stale ' +
            '"Board was not updated…"; a commission placed where its status does not belong answers 409 ' +
            'illegal_drop "Couln\'t move. …" — statuses change only through the order moves (PUT /task/{id}/start, ' +
            "/task/{id}/deliver), and only the buyer's approval reaches Done. Nothing changes on any refusal. " +
            writeLimitNote,
          body: updateBoardBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => saveBoard(deps, requireActor(req), req.body),
    );

    app.post(
      '/board/column',
      {
        schema: {
          tags,
          security,
          summary: 'Add a column (SPEC §7 POST create column)',
          description: `Public and non-system unless said; placed before Awaiting approval. Up to ${BOARD_COLUMNS_MAX} columns (409).`,
          body: createColumnBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => createColumn(deps, requireActor(req), req.body),
    );

    app.patch(
      '/board/column/move',
      {
        schema: {
          tags,
          security,
          summary: 'Move a column (SPEC §7 PATCH move column: guid, newOrder)',
          description: 'guid is the column id; newOrder its new 0-based place. A stale version answers 409.',
          body: moveColumnBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => moveColumn(deps, requireActor(req), req.body),
    );

    app.patch(
      '/board/column/:guid',
      {
        schema: {
          tags,
          security,
          summary: 'Change a column: title, public or not, work-in-progress limit',
          description: 'A system column keeps its title (400). A column not on your board: 404.',
          params: boardColumnParamsSchema,
          body: updateColumnBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 429) },
        },
        preHandler: writes,
      },
      async (req) => updateColumn(deps, requireActor(req), req.body, req.params.guid),
    );

    app.delete(
      '/board/column/:guid',
      {
        schema: {
          tags,
          security,
          summary: 'Delete one of your own columns; its tasks go back to In progress',
          description: 'System columns cannot be deleted (409). A column not on your board: 404.',
          params: boardColumnParamsSchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => deleteColumn(deps, requireActor(req), req.params.guid),
    );

    app.post(
      '/board/task',
      {
        schema: {
          tags,
          security,
          summary: 'Add a personal task (SPEC §7 POST create task with the column guid)',
          description: `Title, description, optional due date (YYYY-MM-DD); at the end of the column. Up to ${BOARD_PERSONAL_TASKS_MAX} personal tasks (409).`,
          body: createTaskBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => createTask(deps, requireActor(req), req.body),
    );

    app.patch(
      '/board/task/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change a personal task',
          description: 'A commission task follows its order and is not edited here (409).',
          params: boardTaskParamsSchema,
          body: updateTaskBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => updateTask(deps, requireActor(req), req.body, req.params.id),
    );

    app.delete(
      '/board/task/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a personal task',
          description: 'A commission task leaves the board only with its order (409).',
          params: boardTaskParamsSchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: writes,
      },
      async (req) => deleteTask(deps, requireActor(req), req.params.id),
    );

    app.patch(
      '/board/task/:id/read',
      {
        schema: {
          tags,
          security,
          summary: "Mark a task's notifications read (SPEC §7 PATCH read task notifications)",
          description: 'For a commission: your notifications about its order. A personal task has none (0).',
          params: boardTaskParamsSchema,
          response: { 200: z.object({ updated: z.number().int() }), ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => readTaskNotifications(deps, requireActor(req), req.params.id),
    );

    app.patch(
      '/board/settings',
      {
        schema: {
          tags,
          security,
          summary: 'Set your slots: how many active commissions you take at once',
          description: 'null: not said. The public queue shows slots − active commissions as open slots.',
          body: boardSettingsBodySchema,
          response: { ...boardAnswer, ...errorResponses(400, 401, 429) },
        },
        preHandler: writes,
      },
      async (req) => updateBoardSettings(deps, requireActor(req), req.body),
    );

    app.get(
      '/queue/:login',
      {
        schema: {
          tags,
          summary: "An artist's public queue: their public columns and open slots",
          description:
            'Anyone may read it. Each commission is an anonymous entry ("Commission #12", the card title, the ' +
            'status and since when) — never the brief, the references or the price, and the buyer and chosen ' +
            'options only when that buyer chose to show them (showInQueue on the form); personal tasks ' +
            'show as "Other work". Not an artist, or no such login: 404.',
          params: queueParamsSchema,
          response: { 200: queueSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getQueue(deps, req.actor ?? null, req.params.login),
    );

    app.get(
      '/queue/:login/slots',
      {
        schema: {
          tags,
          summary: "An artist's slots: how many active commissions they take, have, and have open",
          description:
            'Anyone may read it (the commission page shows it). openSlots = slots − active, never below 0; ' +
            'null when the artist set no slots. A form sent while openSlots is 0 arrives marked waitlist. ' +
            'Not an artist, or no such login: 404.',
          params: queueParamsSchema,
          response: { 200: slotsSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getSlots(deps, req.actor ?? null, req.params.login),
    );
  };
