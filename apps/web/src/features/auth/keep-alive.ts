import { KEEP_ALIVE_MAX_FAILURES } from '@brushline/shared/auth/constants';

/**
 * Counts keep-alive failures in a row; the one that makes them more than three
 * (SPEC §4) calls onExpired once. A success starts the count again.
 */
export function createKeepAlive(
  check: () => Promise<unknown>,
  onExpired: () => void,
  maxFailures = KEEP_ALIVE_MAX_FAILURES,
) {
  let failures = 0;
  return {
    async tick() {
      try {
        await check();
        failures = 0;
      } catch {
        failures += 1;
        if (failures > maxFailures) {
          failures = 0;
          onExpired();
        }
      }
    },
    get failures() {
      return failures;
    },
  };
}
