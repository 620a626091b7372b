import { IDEMPOTENCY_IN_FLIGHT } from '../../../shared/contract/wire.ts';
import { ApiError } from '../../api/errors.ts';

/** What a failed attempt to send an outbox entry means for it: wait, retry, pause or stop. */

/** What an attempt's failure means for its entry. */
export type Failure = 'attention' | 'retry' | 'offline' | 'stop';

export function classifyFailure(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return 'offline';
    if (error.status === 401) return 'stop';
    if (error.status === 408 || error.status === 425 || error.status === 429 || error.status >= 500)
      return 'retry';
    return 'attention';
  }
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'))
    return 'offline';
  return 'attention';
}

/** One attempt may take this long before it counts as "no answer" and is retried (same key). */
export const SEND_TIMEOUT_MS = 20_000;

/**
 * The server answers 409 "still being processed" when the same key is still running (an earlier
 * attempt timed out on our side but goes on there): that is worth a retry, not the operator's time.
 */
export function classifyEntryFailure(error: unknown): Failure {
  if (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.data as { reason?: unknown } | null)?.reason === IDEMPOTENCY_IN_FLIGHT
  )
    return 'retry';
  return classifyFailure(error);
}

export const messageOfError = (error: unknown): string =>
  error instanceof ApiError ? error.msg : error instanceof Error ? error.message : String(error);

export const statusOfError = (error: unknown): number | null =>
  error instanceof ApiError ? error.status : error instanceof DOMException ? 0 : null;
