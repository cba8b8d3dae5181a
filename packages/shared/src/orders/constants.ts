import type { RateLimit } from '../rate-limit.ts';

/** SPEC §4 commission task statuses. */
export const TASK_STATUSES = [
  'none',
  'waiting',
  'processing',
  'finished',
  'done',
  'canceled',
  'declined',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** SPEC §3 sent form type. */
export const FORM_TYPES = ['normal', 'requested'] as const;
export type FormType = (typeof FORM_TYPES)[number];
/** SPEC §5/§9: up to 15 reference images per form. */
export const REFERENCES_MAX = 15;
export const FORM_DESCRIPTION_MAX = 2000;
/** The send-back comment is kept whole on the task; its notification quotes this much of it. */
export const SEND_BACK_COMMENT_QUOTED = 200;
/**
 * The most forms one list answers, newest first. Forms arrive from other people (a per-sender
 * rate limit), so without a cap anyone could make an artist's lists grow without end.
 */
export const ORDER_LIST_MAX = 500;

/** Files in one delivery or work-in-progress update: a finished set, not a gallery. */
export const DELIVERY_FILES_MAX = 10;
/** The artist's short note with a delivery or work in progress. */
export const DELIVERY_MESSAGE_MAX = 1000;
/** The artist's optional reason when declining a request; the commissioner sees it. */
export const DECLINE_REASON_MAX = 500;
/**
 * Updates (deliveries, works in progress, send-backs) one order may gather. An artist could
 * otherwise post work in progress without end into a commissioner's order page and inbox.
 */
export const ORDER_UPDATES_MAX = 100;
/**
 * The commissioner's comment on a work in progress. It also goes into the pair's working chat as
 * one message (with a short line naming the order), so it stays well under CHAT_MESSAGE_TEXT_MAX.
 */
export const WIP_COMMENT_MAX = 1000;
/**
 * Comments one work in progress may gather: a conversation longer than this belongs in the chat,
 * and each comment notifies the artist, so without a cap a buyer could fill their inbox.
 */
export const WIP_COMMENTS_MAX = 20;
/** How much of a comment the artist's notification quotes (the order page and the chat hold it whole). */
export const WIP_COMMENT_QUOTED = 200;
/**
 * What an order's history holds besides its status: work in progress while processing, each
 * delivery, and each send-back with what to change.
 */
export const ORDER_UPDATE_KINDS = ['wip', 'delivery', 'sendBack'] as const;
export type OrderUpdateKind = (typeof ORDER_UPDATE_KINDS)[number];
/**
 * Order list rows (decision 0005) show the first words of the brief and the chosen options in short,
 * so two orders of the same card tell apart at a glance; the details show them whole.
 */
export const ORDER_ROW_BRIEF_MAX = 90;
export const ORDER_ROW_OPTIONS_MAX = 60;

/** Commission forms sent per user: a busy buyer, not a flood of requests at artists. */
export const FORM_SEND_LIMIT: RateLimit = { points: 30, seconds: 10 * 60 };
