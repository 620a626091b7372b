/** The first retry after a failure worth retrying waits about this long... */
export const BACKOFF_BASE_MS = 1_000;
/** ...each further one twice as long, up to this. */
export const BACKOFF_CAP_MS = 60_000;

/**
 * The wait before retry number `attempts` (1 = the first retry): exponential, capped, with ±20 %
 * jitter so a room of scanners coming back online does not hit the server in step.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  const plain = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(Math.min(BACKOFF_CAP_MS, plain * (0.8 + 0.4 * random())));
}
