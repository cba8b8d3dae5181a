import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { CacheBus } from './cache-bus.ts';
import type { DomainEvents } from './events.ts';
import type { Slots } from '@brushline/shared/board/schemas';
import type { Hub } from './hub.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { MediaStorage } from './media-storage.ts';
import type { OutageWatch } from './outage.ts';
import type { RateLimits } from './rate-limit.ts';
import type { Readiness } from './readiness.ts';
import type { WorkPool } from './work-pool.ts';

/**
 * What services need from the platform; built once in buildApp and passed explicitly. Every
 * service takes a Pick of it first, the actor second and its input last
 * (docs/decisions/0009-service-signature.md).
 */
export interface Deps {
  db: Db;
  /** The database's outages: report(err) answers whether err means "unreachable" (logged once per outage). */
  dbWatch: OutageWatch;
  /** Tells every instance's caches what changed (docs/decisions/0006-feed-speed.md). */
  bus: CacheBus;
  /** What a module did, for the modules that react (platform/events.ts, the table in reactions.ts). */
  events: DomainEvents;
  /**
   * An artist's slots, as their board sets them: asked by orders when a form arrives (waitlist).
   * The board answers it (app.ts wires board's slotsOf), since orders come before the board.
   */
  slotsOf: (ctx: TxCtx, artistId: string) => Promise<Slots>;
  /**
   * With Stripe (decision 0031), whether an artist's cards may take orders: throws 409
   * payout_account_required unless their connected account can receive money. Asked by cards (a
   * card opening for orders) and orders (a form sent); payments answers it (app.ts wires it).
   */
  payoutGate: (ctx: TxCtx, input: { artistId: string; who: 'artist' | 'buyer' }) => Promise<void>;
  mailer: Mailer;
  limits: RateLimits;
  config: Config;
  log: FastifyBaseLogger;
  hub: Hub;
  storage: MediaStorage;
  /** Image re-encoding: bounded, fair per user, small images never behind big ones. */
  imageWork: WorkPool;
  /** Key of signed links (platform/signing-secret.ts). */
  signingSecret: Buffer;
  /** Work for later (timers) on the PostgreSQL-backed queue (platform/jobs.ts, decision 0021). */
  jobs: JobQueue;
  /** Whether this instance should get traffic, dependency by dependency (GET /api/ready). */
  readiness: Readiness;
  /** Whether Redis answers now (health); null without REDIS_URL. */
  checkRedis: (() => Promise<boolean>) | null;
}

/**
 * Where a request came from, for the services that limit by address (sign-in, registration,
 * reset): a fact of the request like its actor, so it travels in the context, never in the input.
 * `cookies` carries what the browser remembers (sign-in reads its device cookie).
 */
export interface RequestFacts {
  ip: string;
  cookies: Readonly<Record<string, string | undefined>>;
}

/** The context of one request: the app's dependencies and where the request came from. */
export const requestContext = (
  deps: Deps,
  req: { ip: string; cookies?: Record<string, string | undefined> },
): Deps & RequestFacts => ({
  ...deps,
  ip: req.ip,
  cookies: req.cookies ?? {},
});

/** The context of a step that runs inside its caller's transaction: the transaction is its database. */
export interface TxCtx {
  db: DbOrTx;
}
