import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from './errors.ts';

/**
 * Prometheus metrics (prom-client; docs/decisions/0027-observability.md). Never public: they are
 * served only when configured, on their own port (METRICS_PORT, listening on METRICS_HOST, this
 * machine by default) and/or at GET /api/metrics on the main port with a bearer token
 * (METRICS_TOKEN), which the metrics port then asks for too. Without either, nothing is measured.
 *
 * Each app has its own registry (tests build many apps in one process). Gauges read their source at
 * scrape time (`gauge`), so nothing polls in between.
 */
export interface Metrics {
  registry: Registry;
  /** A gauge read at each scrape: `read` answers its series (labels and value). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<{ labels: Record<L, string>; value: number }[]>,
  ): void;
  /** Image re-encodes: how long each waited for a slot of the pool (platform/work-pool.ts). */
  observeImageWait(this: void, seconds: number): void;
  /** Starts the metrics port (METRICS_PORT), when configured; answers its address. */
  listen(): Promise<AddressInfo | null>;
  close(): Promise<void>;
}

export interface MetricsOptions {
  port?: number;
  host: string;
  token?: string;
}

/** Seconds: fast API answers to slow uploads. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is "Bearer <token>", compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Metrics when configured (a port or a token), else null: nothing measured, nothing served. */
export function createMetrics(opts: MetricsOptions): Metrics | null {
  if (opts.port === undefined && opts.token === undefined) return null;
  const registry = new Registry();
  // Process and runtime metrics: CPU, memory, event-loop lag, handles, GC.
  collectDefaultMetrics({ register: registry });
  const imageWait = new Histogram({
    name: 'image_pool_wait_seconds',
    help: 'How long an image re-encode waited for a slot of the image pool',
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  let server: Server | undefined;

  return {
    registry,
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          // A source that cannot answer now (the database is down) leaves its gauge empty for this
          // scrape; the rest of the scrape still answers.
          const series = await read().catch(() => []);
          for (const { labels, value } of series) this.set(labels, value);
        },
      });
    },
    observeImageWait: (seconds) => imageWait.observe(seconds),
    async listen() {
      if (opts.port === undefined) return null;
      const s = createServer((req, res) => {
        void answerScrape(registry, opts.token, req).then(({ status, type, body }) => {
          res.writeHead(status, { 'content-type': type }).end(body);
        });
      });
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(opts.port, opts.host, () => resolve());
      });
      return s.address() as AddressInfo;
    },
    async close() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    },
  };
}

/** The metrics port: GET /metrics (with the token when one is set); anything else 404. */
async function answerScrape(registry: Registry, token: string | undefined, req: IncomingMessage) {
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'GET' || path !== '/metrics')
    return { status: 404, type: 'text/plain', body: 'not found\n' };
  if (token !== undefined && !bearerMatches(req.headers.authorization, token))
    return { status: 401, type: 'text/plain', body: 'unauthorized\n' };
  try {
    return { status: 200, type: registry.contentType, body: await registry.metrics() };
  } catch {
    return { status: 500, type: 'text/plain', body: 'metrics unavailable\n' };
  }
}

/**
 * Request durations by method, route pattern (Fastify's routeOptions.url: `/api/post/:id`, never
 * the asked URL, so ids and queries do not multiply the series; "unmatched" for a 404 without a
 * route) and status; and, with a token, GET /api/metrics on the main port.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: how long each took to answer',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  if (token === undefined) return;
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
