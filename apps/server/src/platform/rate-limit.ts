import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { messages } from '@brushline/shared/messages';
import { AppError } from './errors.ts';

/** Attempts allowed per window for each guarded action, per IP and per account. */
export const LIMITS = {
  loginIp: { points: 30, duration: 600 },
  loginAccount: { points: 10, duration: 900 },
  registerIp: { points: 10, duration: 3600 },
  registerEmail: { points: 5, duration: 3600 },
  verifyIp: { points: 30, duration: 600 },
  resetIp: { points: 10, duration: 3600 },
  resetAccount: { points: 5, duration: 3600 },
  resetCodeIp: { points: 30, duration: 600 },
  /** Image uploads per user: a full post (10) or reference set (15) several times over. */
  mediaUploadUser: { points: 60, duration: 600 },
  /** Commission forms sent per user: a busy buyer, not a flood of requests at artists. */
  formSendUser: { points: 30, duration: 600 },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one attempt; throws 429 with Retry-After once the window is used up. */
  hit(name: LimitName, key: string): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
}

/** Redis when REDIS_URL is set, so every instance counts together; memory otherwise. */
export function createRateLimits(opts: { redis?: Redis; prefix: string }): RateLimits {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, { points, duration }] of Object.entries(LIMITS) as [
    LimitName,
    { points: number; duration: number },
  ][]) {
    const keyPrefix = `${opts.prefix}:${name}`;
    const memory = new RateLimiterMemory({ points, duration, keyPrefix });
    limiters.set(
      name,
      opts.redis
        ? new RateLimiterRedis({
            storeClient: opts.redis,
            points,
            duration,
            keyPrefix,
            insuranceLimiter: memory,
          })
        : memory,
    );
  }
  return {
    async hit(name, key) {
      try {
        await limiters.get(name)!.consume(key.toLowerCase());
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AppError(429, 'rate_limited', messages.tooManyRequests, { 'retry-after': String(seconds) });
      }
    },
    async reset(name, key) {
      await limiters.get(name)!.delete(key.toLowerCase());
    },
  };
}
