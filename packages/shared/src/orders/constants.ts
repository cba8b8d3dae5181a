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

/** Commission forms sent per user: a busy buyer, not a flood of requests at artists. */
export const FORM_SEND_LIMIT: RateLimit = { points: 30, seconds: 10 * 60 };
