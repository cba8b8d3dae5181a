/**
 * A rate limit: at most `points` attempts per `seconds`, counted per key (an address, an account,
 * a user). Every limit is a named constant in its feature's constants.ts; the server counts them
 * (apps/server/src/platform/rate-limit.ts) and answers 429 with how long to wait.
 */
export interface RateLimit {
  points: number;
  seconds: number;
}
