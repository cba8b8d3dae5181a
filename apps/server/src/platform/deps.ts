import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Hub } from './hub.ts';
import type { Mailer } from './mail.ts';
import type { MediaStorage } from './media-storage.ts';
import type { RateLimits } from './rate-limit.ts';

/** What services need from the platform; built once in buildApp and passed explicitly. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  limits: RateLimits;
  config: Config;
  log: FastifyBaseLogger;
  hub: Hub;
  storage: MediaStorage;
  /** Key of signed links (platform/signing-secret.ts). */
  signingSecret: Buffer;
}
