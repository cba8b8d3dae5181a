import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { outboxDepth } from './modules/email/email-outbox.service.ts';
import type { Deps } from './platform/deps.ts';
import { createMetrics, registerHttpMetrics, type Metrics } from './platform/metrics.ts';

/** The app's metrics when configured (METRICS_PORT or METRICS_TOKEN), request durations measured from now on. */
export function createAppMetrics(app: FastifyInstance, config: Config): Metrics | null {
  const metrics = createMetrics({
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    token: config.METRICS_TOKEN,
  });
  if (metrics) registerHttpMetrics(app, metrics, config.METRICS_TOKEN);
  return metrics;
}

/**
 * What the metrics read at each scrape (docs/decisions/0027-observability.md), wired here because
 * the sources are platform pieces and a module (the e-mail outbox), which platform code never
 * imports. Request durations and image-pool waits are measured as they happen (platform/metrics.ts).
 */
export function registerMetricSources(
  metrics: Metrics,
  deps: Pick<Deps, 'db' | 'hub' | 'jobs' | 'imageWork'>,
  database: Pick<Database, 'connections'>,
): void {
  metrics.gauge(
    'db_pool_connections',
    'Database connections per pool: total, idle, and queries waiting for one (node-postgres; PGlite is one connection)',
    ['pool', 'state'],
    async () =>
      database
        .connections()
        .flatMap(({ pool, total, idle, waiting }) => [
          { labels: { pool, state: 'total' }, value: total },
          { labels: { pool, state: 'idle' }, value: idle },
          ...(waiting === undefined ? [] : [{ labels: { pool, state: 'waiting' }, value: waiting }]),
        ]),
  );
  metrics.gauge('socketio_open_sockets', 'Socket.IO sockets connected to this instance', [], async () => [
    { labels: {}, value: deps.hub.openSockets() },
  ]);
  metrics.gauge(
    'job_queue_jobs',
    'Jobs per queue and state (pg-boss; the whole deployment, not this instance): waiting (retries included), retrying, active, completed (until archived), failed; dead-letter holds copies of failed jobs',
    ['queue', 'state'],
    async () =>
      (await deps.jobs.counts()).flatMap(({ name, ...states }) =>
        Object.entries(states).map(([state, value]) => ({ labels: { queue: name, state }, value })),
      ),
  );
  metrics.gauge(
    'email_outbox_events',
    'Notification events waiting to be e-mailed (waiting), and those whose mail failed at least once (failing)',
    ['state'],
    async () => {
      const { waiting, failing } = await outboxDepth(deps, null);
      return [
        { labels: { state: 'waiting' }, value: waiting },
        { labels: { state: 'failing' }, value: failing },
      ];
    },
  );
  metrics.gauge(
    'image_pool_jobs',
    'Image re-encodes in the pool: running (general and express slots), of them on the express slot, and queued',
    ['state'],
    async () => {
      const { running, express, queued } = deps.imageWork.stats();
      return [
        { labels: { state: 'running' }, value: running },
        { labels: { state: 'express' }, value: express },
        { labels: { state: 'queued' }, value: queued },
      ];
    },
  );
}
