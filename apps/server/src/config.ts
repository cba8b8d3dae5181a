import { z } from 'zod';
import { EMAIL_BATCH_WINDOW_SECONDS } from '@brushline/shared/notifications/constants';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** PUBLIC_URL, or http://localhost:PORT when unset. */
  publicUrl: string;
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws naming the variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, publicUrl, secureCookies: publicUrl.startsWith('https://') };
}
