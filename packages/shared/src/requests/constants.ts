import type { RateLimit } from '../rate-limit.ts';

/** SPEC §5/§9 request limits. */
export const REQUEST_TITLE_MAX = 32;
export const REQUEST_DESCRIPTION_MAX = 1200;
export const REQUEST_REQUIREMENTS_MAX = 600;
export const REQUEST_PREFERENCES_MAX = 800;
/** Attachments: the owner's own uploads of purpose reference (fetched by the request's readers). */
export const REQUEST_ATTACHMENTS_MAX = 10;
export const REQUEST_TAGS_MAX = 15;
/** SPEC §5/§9 prices: 0 to 10000 USD (the only currency). */
export const REQUEST_PRICE_MIN = 0;
export const REQUEST_PRICE_MAX = 10_000;
/**
 * SPEC §5 deadline in days, capped at 365. The floor is ours: a deadline of 0 days (or less)
 * cannot be met, so it is raised to 1 like a negative price is raised to 0.
 */
export const REQUEST_DEADLINE_MIN_DAYS = 1;
export const REQUEST_DEADLINE_MAX_DAYS = 365;
/** A new request's deadline when none is given. */
export const REQUEST_DEADLINE_DEFAULT_DAYS = 30;

/**
 * Types of work (SPEC §3 typeOfWork; the SPEC gives no list, this one is ours,
 * docs/decisions/0018-requests.md): what an artist is asked to make.
 */
export const TYPES_OF_WORK = [
  'illustration',
  'character',
  'portrait',
  'reference sheet',
  'comic',
  'animation',
  'emote',
  'design',
  'other',
] as const;
export type TypeOfWork = (typeof TYPES_OF_WORK)[number];

/** SPEC §3 request privacy: a hidden request is seen by its owner only. */
export const REQUEST_PRIVACIES = ['public', 'hidden'] as const;
export type RequestPrivacy = (typeof REQUEST_PRIVACIES)[number];

/** Public list page size (pages from 1 until an empty page, SPEC §9). */
export const REQUESTS_PAGE_SIZE = 20;
/** Requests one user may hold: a person's wishes, not a catalogue. */
export const REQUESTS_PER_OWNER_MAX = 100;
/** Search words are cut here: longer text is a paste, not a search. */
export const REQUEST_SEARCH_MAX = 100;
/** Tag filters one list query may carry. */
export const REQUEST_FILTER_TAGS_MAX = 5;

/** SPEC §3 application (pending item) statuses: pending, then the owner's answer. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The artist's comment with an application. */
export const APPLICATION_COMMENT_MAX = 1000;
/** References with an application: the same 15 as a commission form's (SPEC §5/§9). */
export const APPLICATION_REFERENCES_MAX = 15;
/** Applications one list answers at most (newest first). */
export const APPLICATION_LIST_MAX = 500;

/**
 * Applications per artist per day (ours, docs/decisions/0018-requests.md): an artist looking for
 * work may answer many requests in a day, but not every request on the site; a second apply to the
 * same request (an update) counts too.
 */
export const APPLY_DAILY_LIMIT: RateLimit = { points: 20, seconds: 24 * 60 * 60 };
/** Request writes (create, update, delete) per user: a burst of edits, not a flood. */
export const REQUEST_WRITE_LIMIT: RateLimit = { points: 60, seconds: 10 * 60 };

/** SPEC §3 tracking group states, in the order the tracking page shows them. */
export const TRACKING_STATES = ['approved', 'processing', 'done', 'declined'] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];
/** The two sides of tracking (SPEC §2 requests/tracking children). */
export const TRACKING_SIDES = ['incoming', 'outgoing'] as const;
export type TrackingSide = (typeof TRACKING_SIDES)[number];
