import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { EMAIL_BATCH_WINDOW_SECONDS } from '@brushline/shared/notifications/constants';
import { AUTO_APPROVE_DAYS_DEFAULT, PAYMENT_PROVIDERS } from '@brushline/shared/payments/constants';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWith = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((u) => protocols.some((p) => u.startsWith(`${p}://`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** Every environment variable the server reads. The README's configuration table mirrors it. */
const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWith(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWith(['redis', 'rediss']).optional(),
  SMTP_URL: urlWith(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Brushline <no-reply@localhost>'),
  PUBLIC_URL: urlWith(['http', 'https']).optional(),
  SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  EMAIL_BATCH_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0)
    .max(86_400)
    .default(EMAIL_BATCH_WINDOW_SECONDS),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('contact@brushline.example'),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  IMAGE_WORKERS: z.coerce
    .number({ error: 'must be a whole number of images' })
    .int({ error: 'must be a whole number of images' })
    .min(1, { error: 'must be at least 1' })
    .optional(),
  /** The payment provider (decision 0020); offPlatform: the artist's own link or details, no money held. */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('offPlatform'),
  /** The issue's spelling of PAYMENT_PROVIDER, accepted as an alias (the two must agree when both are set). */
  PAYMENTS_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  /** Stripe's secret key (sk_live_… / sk_test_…); required with PAYMENT_PROVIDER=stripe (decision 0031). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The webhook endpoint's signing secret (whsec_…); required with PAYMENT_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * The Connect endpoint's signing secret (whsec_…): Stripe sends connected accounts' events
   * (account.updated) only to an endpoint listening to connected accounts, which has its own secret.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its requests: Stripe itself, or stripe-mock, an egress proxy, a test stand-in. */
  STRIPE_API_BASE: urlWith(['http', 'https']).default('https://api.stripe.com'),
  /** The platform's fee on each payment, in percent (up to 2 decimals); recorded in the ledger. */
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, { error: 'must be from 0 to 50' })
    .max(50, { error: 'must be from 0 to 50' })
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
      error: 'must have at most 2 decimals',
    })
    .default(0),
  /** A delivery left unanswered is approved automatically after this many days. */
  AUTO_APPROVE_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(2, { error: 'must be from 2 to 90' })
    .max(90, { error: 'must be from 2 to 90' })
    .default(AUTO_APPROVE_DAYS_DEFAULT),
  /** Prometheus metrics on their own port (docs/decisions/0027-observability.md); off when unset. */
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  /** Where the metrics port listens: this machine only unless told otherwise. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Bearer token for the metrics: GET /api/metrics on the main port, and required on METRICS_PORT too. */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters long' }).optional(),
  /** On SIGTERM/SIGINT, requests in flight get this long to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0)
    .max(600_000)
    .default(10_000),
  /** On SIGTERM, keep serving this long after readiness turns "draining" (a balancer's check notices). */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0)
    .max(600_000)
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where uploads live: DATA_DIR/media, or an S3-compatible bucket (decision 0026). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3 service's origin; unset means AWS itself (the region's endpoint). */
  S3_ENDPOINT: urlWith(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and Ceph RGW usually want; false: bucket.host. */
  S3_FORCE_PATH_STYLE: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

/** The names of every variable the server reads: compose.yaml's app service must pass each one (scripts/container.test.mjs). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

/** What the S3 media store needs, every variable present (requireS3). */
export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** What the Stripe client needs (PAYMENT_PROVIDER=stripe), every variable present. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_CONNECT_WEBHOOK_SECRET, when the Connect endpoint has its own (it does at Stripe). */
  connectWebhookSecret: string | null;
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface Config extends Omit<Env, 'IMAGE_WORKERS' | 'PAYMENTS_PROVIDER'> {
  /** Stripe's settings when PAYMENT_PROVIDER is stripe, else null. */
  stripe: StripeSettings | null;
  /** The bucket's settings when MEDIA_STORAGE is s3, else null. */
  s3: S3Settings | null;
  /** Images re-encoded at once (plus one express slot for small ones): docs/decisions/0011-hardening.md. */
  IMAGE_WORKERS: number;
  /** PUBLIC_URL, or http://localhost:PORT when unset. */
  publicUrl: string;
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/**
 * sharp runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default). The image pool's slots plus
 * its express slot must leave a thread free for file I/O and header reads, or a small upload would
 * queue inside libuv behind big ones after all.
 */
export function maxImageWorkers(env: NodeJS.ProcessEnv): number {
  const threads = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, threads - 2);
}

/** Parses the environment; a bad value throws naming the variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const maxWorkers = maxImageWorkers(env);
  const imageWorkers = parsed.data.IMAGE_WORKERS ?? Math.min(availableParallelism(), maxWorkers);
  if (imageWorkers > maxWorkers) {
    throw new ConfigError(
      `Invalid configuration:\n  IMAGE_WORKERS: must be at most ${maxWorkers} (UV_THREADPOOL_SIZE minus 2); raise UV_THREADPOOL_SIZE for more`,
    );
  }
  const s3 = parsed.data.MEDIA_STORAGE === 's3' ? requireS3(parsed.data) : null;
  const { PAYMENTS_PROVIDER: alias, ...settings } = parsed.data;
  if (alias && cleaned.PAYMENT_PROVIDER && alias !== settings.PAYMENT_PROVIDER) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_PROVIDER: disagrees with PAYMENT_PROVIDER (set one of them)',
    );
  }
  const provider = alias ?? settings.PAYMENT_PROVIDER;
  const stripe = provider === 'stripe' ? requireStripe(parsed.data) : null;
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return {
    ...settings,
    PAYMENT_PROVIDER: provider,
    IMAGE_WORKERS: imageWorkers,
    s3,
    stripe,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
  };
}

/**
 * The bucket's settings, or a ConfigError naming each missing variable: at boot with
 * MEDIA_STORAGE=s3, and for `npm run media:to-s3`, which fills the bucket before the switch.
 */
export function requireS3(env: Env): S3Settings {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const missing = Object.entries({
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    })
      .filter(([, value]) => !value)
      .map(([name]) => `${name}: is required for the S3 media storage`);
    throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  }
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** Stripe's settings, or a ConfigError naming each missing variable (PAYMENT_PROVIDER=stripe at boot). */
export function requireStripe(env: Env): StripeSettings {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!secretKey || !webhookSecret) {
    const missing = Object.entries({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret })
      .filter(([, value]) => !value)
      .map(([name]) => `${name}: is required with PAYMENT_PROVIDER=stripe`);
    throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  }
  // The SDK takes the address as host, port and protocol (decision 0031: an operator's proxy, tests' stand-in).
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const port = base.port ? Number(base.port) : protocol === 'http' ? 80 : 443;
  return {
    secretKey,
    webhookSecret,
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
    host: base.hostname,
    port,
    protocol,
  };
}
