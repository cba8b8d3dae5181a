import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SMALL_IMAGE_PIXELS } from '@brushline/shared/media/constants';
import type { Config } from './config.ts';
import { defaultWebDist } from './locations.ts';
import { openDatabase, ping, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { accountExportQueues } from './modules/account/account-export.service.ts';
import { chatMediaPlacements } from './modules/chat/chat.media-access.ts';
import { registerChatHub } from './modules/chat/chat.hub.ts';
import { emailFlushQueue, flushIntervalMs } from './modules/email/email-flusher.ts';
import { galleryMediaPlacements } from './modules/gallery/gallery.media-access.ts';
import { createMediaAccess } from './modules/media/media.access.ts';
import { registerOrdersHub } from './modules/orders/orders.hub.ts';
import { orderMediaPlacements } from './modules/orders/orders.media-access.ts';
import { registerApplicationsHub } from './modules/requests/applications.hub.ts';
import { requestMediaPlacements } from './modules/requests/requests.media-access.ts';
import { describePage, firstPictures } from './modules/site/page-preview.service.ts';
import { createCacheBus } from './platform/cache-bus.ts';
import type { Deps } from './platform/deps.ts';
import { registerCompression } from './platform/compression.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { createOutageWatch, isDatabaseUnavailable } from './platform/outage.ts';
import { createHub } from './platform/hub.ts';
import { openMediaStorage } from './platform/media-stores.ts';
import { createMailer } from './platform/mail.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerOriginCheck } from './platform/origin.ts';
import { createRateLimits } from './platform/rate-limit.ts';
import { coreChecks, createReadiness } from './platform/readiness.ts';
import { connectRedis } from './platform/redis.ts';
import { createWorkPool } from './platform/work-pool.ts';
import {
  actorFromToken,
  hubAuthenticator,
  registerSessions,
  SESSION_COOKIE,
  type Actor,
} from './platform/session.ts';
import { loadSigningSecret } from './platform/signing-secret.ts';
import { registerRequestId, requestIdGenerator, RequestLog } from './platform/request-log.ts';
import { registerTextGuard } from './platform/text-guard.ts';
import { registerWeb } from './platform/web.ts';
import { createDomainEvents } from './platform/events.ts';
import { createJobQueue } from './platform/jobs.ts';
import { orderTimersQueue } from './modules/payments/timers.service.ts';
import { createAppMetrics, registerMetricSources } from './observability.ts';
import { reactions } from './reactions.ts';
import { apiRoutes } from './routes.ts';
import { slotsOf } from './modules/board/queue.service.ts';
import { assertCanReceive } from './modules/payments/stripe-connect.service.ts';
import { stripeMoneyQueue } from './modules/payments/stripe-jobs.service.ts';
import { stripeEventsQueue } from './modules/payments/stripe-webhooks.service.ts';

export interface AppOptions {
  config: Config;
  /** An open, migrated database; opened from the config (and migrated) when absent. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Redis key prefix for rate limits; tests give each app its own. */
  rateLimitPrefix?: string;
  /** Redis channel prefix of the hub; tests give each database its own, so test files do not mix. */
  hubChannel?: string;
  /** Built web app to serve; null serves none. */
  webDist?: string | null;
  /** How often queued notification e-mails are flushed (a recurring job); null runs none (call flushEmailQueue). */
  emailFlushIntervalMs?: number | null;
  /** How often an idle job queue is looked at (platform/jobs.ts; tests shorten it). */
  jobPollMs?: number;
}

export async function buildApp(opts: AppOptions) {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    // One short line per request, at debug (platform/request-log.ts).
    logController: new RequestLog(),
    trustProxy: config.TRUST_PROXY,
    // Our own id for each request, or a trusted proxy's (platform/request-log.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestId(app);
  const metrics = createAppMetrics(app, config);

  // Asked first: a bucket that does not answer stops the boot before anything else opens.
  const media = await openMediaStorage(config);
  let database: Database;
  if (opts.database) database = opts.database;
  else {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db') });
    await runMigrations(database);
  }
  const dbWatch = createOutageWatch({
    name: 'database',
    log: app.log,
    isOutage: isDatabaseUnavailable,
    meanwhile: 'requests answer 503 until it is back',
    probe: () => ping(database.db),
  });
  registerErrorHandling(app, { database: dbWatch });
  const redisConnection = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : undefined;
  const redis = redisConnection?.client;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log: app.log,
  });
  const hub = createHub({
    server: app.server,
    authenticate: hubAuthenticator(app, database.db),
    // A database outage is logged once by dbWatch, not once per socket trying to connect.
    onAuthError: (err) => {
      if (!dbWatch.report(err)) app.log.error({ err }, 'hub auth failed');
    },
    publicUrl: config.publicUrl,
    redis: redisConnection,
    channel: opts.hubChannel,
    log: app.log,
  });
  // One deployment's channels: the hub's prefix names it (tests give each database its own).
  const bus = createCacheBus({
    redis,
    channel: `${opts.hubChannel ?? 'brushline-hub'}:cache`,
    scope: database.db,
    log: app.log,
  });
  const jobs = createJobQueue({ db: database.db, log: app.log, dbWatch, pollMs: opts.jobPollMs });
  const deps: Deps = {
    db: database.db,
    dbWatch,
    bus,
    // Reactions read the dependencies when an event runs, by then complete.
    events: createDomainEvents(reactions, () => deps),
    slotsOf: (ctx, artistId) => slotsOf(ctx, null, artistId),
    payoutGate: (ctx, input) => assertCanReceive({ ...ctx, config }, null, input),
    mailer,
    limits: createRateLimits({
      redis,
      prefix: opts.rateLimitPrefix ?? 'rl',
      redisDown: () => redisConnection?.watch.down ?? false,
    }),
    config,
    log: app.log,
    hub,
    storage: media.storage,
    imageWork: createWorkPool({
      size: config.IMAGE_WORKERS,
      smallCost: SMALL_IMAGE_PIXELS,
      onStart: metrics?.observeImageWait,
    }),
    signingSecret: await loadSigningSecret(config.SIGNING_SECRET, config.DATA_DIR),
    checkRedis: redisConnection ? () => redisConnection.ping() : null,
    readiness: createReadiness([
      ...coreChecks({ db: database.db, dbWatch, redis: redisConnection }),
      ...(media.check ? [{ name: 'objectStore', required: true, check: media.check }] : []),
    ]),
    jobs,
  };
  if (metrics) registerMetricSources(metrics, deps, database);
  registerChatHub(deps);
  registerOrdersHub(deps);
  registerApplicationsHub(deps);
  // Who may fetch an upload of a ruled purpose: each module that places uploads says who may see
  // them there (docs/decisions/0004-media.md); a ruled purpose nobody rules stops the boot here.
  const mediaAccess = createMediaAccess([
    ...orderMediaPlacements,
    ...requestMediaPlacements,
    ...chatMediaPlacements,
    ...galleryMediaPlacements,
  ]);
  const flushEvery =
    opts.emailFlushIntervalMs === undefined
      ? flushIntervalMs(config.EMAIL_BATCH_SECONDS)
      : opts.emailFlushIntervalMs;
  // Timers (decision 0021). Started here, before anything can send a job: pg-boss makes or
  // migrates its schema, and the demo seed and the first requests may already schedule timers.
  await jobs.define(orderTimersQueue(deps, null));
  if (config.stripe) {
    // Stripe Connect (decision 0031): webhook events and the transfers and refunds they lead to.
    await jobs.define(stripeEventsQueue(deps, null));
    await jobs.define(stripeMoneyQueue(deps, null));
  }
  if (flushEvery !== null) await jobs.define(emailFlushQueue(deps, flushEvery));
  for (const queue of accountExportQueues(deps, null)) await jobs.define(queue);
  await jobs.start();
  // Sockets go first, so the HTTP server is not kept open by them while Fastify closes it.
  app.addHook('preClose', () => hub.close());
  // After the requests in flight (onClose runs once the server has closed).
  app.addHook('onClose', async () => {
    await metrics?.close();
    // Jobs in hand (an e-mail flush among them) finish before the database and the mailer close.
    await jobs.stop();
    mailer.close();
    dbWatch.close();
    await bus.close();
    await redisConnection?.close();
    media.close();
    if (!opts.database) await database.close();
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
      },
    },
  });
  await app.register(fastifyCookie);
  await registerCompression(app);
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, database.db, bus);
  await bus.ready();
  registerTextGuard(app);

  await registerOpenApi(app);

  await app.register(apiRoutes(deps, mediaAccess), { prefix: '/api' });

  const pageReaders = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const pageReader = (request: FastifyRequest) => {
    let reader = pageReaders.get(request);
    if (!reader) {
      reader = actorFromToken(deps.db, request.cookies[SESSION_COOKIE]);
      pageReaders.set(request, reader);
    }
    return reader;
  };
  /** `work`, or `fallback` when it failed because the database is unreachable. */
  const withoutOutage = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (dbWatch.report(err)) return fallback;
      throw err;
    }
  };
  await registerWeb(app, {
    dist: opts.webDist === undefined ? defaultWebDist : opts.webDist,
    publicUrl: config.publicUrl,
    // Sessions are resolved for /api only; a page asks here, once, for its preview and pictures.
    // During a database outage the page still loads without them; dbWatch logs the outage once.
    describePage: (pathname, request) =>
      withoutOutage(async () => describePage(deps, await pageReader(request), pathname), null),
    firstPictures: (pathname, request) =>
      withoutOutage(async () => firstPictures(deps, await pageReader(request), pathname), []),
  });
  return Object.assign(app, { deps, database, metrics });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
