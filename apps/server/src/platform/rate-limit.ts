import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { LOGIN_LIMITS, REGISTER_LIMITS, RESET_LIMITS } from '@brushline/shared/auth/constants';
import { BOARD_WRITE_LIMIT } from '@brushline/shared/board/constants';
import { CHAT_BLOCK_LIMIT, CHAT_OPEN_LIMIT, CHAT_SEND_LIMITS } from '@brushline/shared/chat/constants';
import { MEDIA_UPLOAD_LIMIT } from '@brushline/shared/media/constants';
import { REPORT_LIMIT } from '@brushline/shared/moderation/constants';
import { ACCOUNT_DELETE_LIMIT } from '@brushline/shared/account/constants';
import { tooManyRequestsMessage } from '@brushline/shared/messages';
import { FORM_SEND_LIMIT } from '@brushline/shared/orders/constants';
import { LIKE_LIMIT, POST_LIMITS } from '@brushline/shared/posts/constants';
import { APPLY_DAILY_LIMIT, REQUEST_WRITE_LIMIT } from '@brushline/shared/requests/constants';
import type { RateLimit } from '@brushline/shared/rate-limit';
import { TAG_WRITE_LIMIT } from '@brushline/shared/tags/constants';
import { SOCIAL_WRITE_LIMIT } from '@brushline/shared/users/constants';
import { AppError } from './errors.ts';

/** Every counted action, by name; the numbers live with their feature in packages/shared. */
export const LIMITS = {
  loginPair: LOGIN_LIMITS.pair,
  loginAddress: LOGIN_LIMITS.address,
  loginAccount: LOGIN_LIMITS.account,
  loginDevice: LOGIN_LIMITS.device,
  registerIp: REGISTER_LIMITS.address,
  registerEmail: REGISTER_LIMITS.email,
  verifyIp: REGISTER_LIMITS.verifyAddress,
  resetIp: RESET_LIMITS.address,
  resetAccount: RESET_LIMITS.account,
  resetCodeIp: RESET_LIMITS.codeAddress,
  mediaUploadUser: MEDIA_UPLOAD_LIMIT,
  formSendUser: FORM_SEND_LIMIT,
  postPerMinute: POST_LIMITS.perMinute,
  postPerHour: POST_LIMITS.perHour,
  likeUser: LIKE_LIMIT,
  socialWriteUser: SOCIAL_WRITE_LIMIT,
  tagWriteUser: TAG_WRITE_LIMIT,
  chatSendBurst: CHAT_SEND_LIMITS.burst,
  chatSendSustained: CHAT_SEND_LIMITS.sustained,
  chatOpenUser: CHAT_OPEN_LIMIT,
  chatBlockUser: CHAT_BLOCK_LIMIT,
  requestWriteUser: REQUEST_WRITE_LIMIT,
  applyDailyUser: APPLY_DAILY_LIMIT,
  reportUser: REPORT_LIMIT,
  boardWriteUser: BOARD_WRITE_LIMIT,
  accountDeleteUser: ACCOUNT_DELETE_LIMIT,
} as const satisfies Record<string, RateLimit>;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one attempt; throws 429 with Retry-After and the wait in words once the window is used up. */
  hit(name: LimitName, key: string): Promise<void>;
  /** Gives one attempt back (one that turned out to be legitimate, e.g. a successful sign-in). */
  refund(name: LimitName, key: string): Promise<void>;
  /** Throws the same 429 as `hit` when the window is already used up, without counting an attempt. */
  check(name: LimitName, key: string): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
  /**
   * A route hook counting one attempt per signed-in user against each named limit (flood limits
   * on writes). It runs after the body is validated, so a refused input costs nothing; anonymous
   * requests pass through to the route, which answers 401.
   */
  perUser(...names: LimitName[]): (request: FastifyRequest) => Promise<void>;
}

function tooMany(res: RateLimiterRes): AppError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new AppError(429, 'rate_limited', tooManyRequestsMessage(seconds), {
    'retry-after': String(seconds),
  });
}

/**
 * Redis when REDIS_URL is set, so every instance counts together; memory otherwise. While Redis
 * is down (or not yet connected) each Redis limiter falls back at once to a memory limiter of the
 * same size on this instance (rate-limiter-flexible's insurance limiter): limits stay, per instance.
 */
export function createRateLimits(opts: {
  redis?: Redis;
  prefix: string;
  /**
   * Whether Redis is known to be down (platform/redis.ts). Then the memory limiters answer
   * directly: a Redis that stopped answering would otherwise cost a command timeout per call.
   */
  redisDown?: () => boolean;
}): RateLimits {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  const memories = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, { points, seconds }] of Object.entries(LIMITS) as [LimitName, RateLimit][]) {
    const keyPrefix = `${opts.prefix}:${name}`;
    const memory = new RateLimiterMemory({ points, duration: seconds, keyPrefix });
    memories.set(name, memory);
    limiters.set(
      name,
      opts.redis
        ? new RateLimiterRedis({
            storeClient: opts.redis,
            points,
            duration: seconds,
            keyPrefix,
            insuranceLimiter: memory,
            // Not waiting for a reconnect: a command to a Redis that is not ready fails at once.
            rejectIfRedisNotReady: true,
          })
        : memory,
    );
  }
  const limiter = (name: LimitName) => (opts.redisDown?.() ? memories : limiters).get(name)!;

  async function hit(name: LimitName, key: string) {
    try {
      await limiter(name).consume(key.toLowerCase());
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(err);
      throw err;
    }
  }

  return {
    hit,
    async check(name, key) {
      // A Redis error here is left to `hit`, whose insurance limiter answers while Redis is down.
      const res = await limiter(name)
        .get(key.toLowerCase())
        .catch(() => null);
      if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) throw tooMany(res);
    },
    async refund(name, key) {
      await limiter(name).reward(key.toLowerCase());
    },
    async reset(name, key) {
      await limiter(name).delete(key.toLowerCase());
    },
    perUser(...names) {
      return async (request) => {
        if (!request.actor) return;
        for (const name of names) await hit(name, request.actor.id);
      };
    },
  };
}
