import type { EndpointDef } from '../../../shared/contract/core.ts';
import { IDEMPOTENCY_IN_FLIGHT, type Wired } from '../../../shared/contract/wire.ts';
import { type Callee, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { getSession } from '../../session/store.ts';
import { endpointOf } from './actions.ts';
import type { OutboxEntry } from './db.ts';
import { classifyFailure, type Failure } from './outbox.ts';

/** One attempt may take this long before it counts as "no answer" and is retried (same key). */
export const SEND_TIMEOUT_MS = 20_000;

/** Sends one outbox entry through the API core, with its Idempotency-Key, silently (the outbox shows it). */
export async function sendEntry(entry: OutboxEntry, signal: AbortSignal): Promise<unknown> {
  // Only the user who made an entry sends it (a login of someone else stops that outbox first).
  if (getSession()?.user.recId !== entry.userId)
    throw new ApiError({ kind: 'response', status: 401, code: 6, msg: '' });
  const endpoint: Wired = endpointOf(entry.kind);
  const call = callApi as (e: Callee<EndpointDef>, input: Record<string, unknown>) => Promise<unknown>;
  return call(endpoint, {
    ...entry.request,
    idempotencyKey: endpoint.replayable ? entry.key : undefined,
    silent: true,
    signal,
    timeoutMs: SEND_TIMEOUT_MS,
  });
}

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
