import type { EndpointDef } from '../../../shared/contract/core.ts';
import type { Wired } from '../../../shared/contract/wired.ts';
import { type Callee, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { getSession } from '../../session/store.ts';
import { endpointOf } from './actions.ts';
import type { OutboxEntry } from './db.ts';
import { SEND_TIMEOUT_MS } from './failure.ts';

// Kept in failure.ts: the service worker's sender imports them from there (no API client there).
export { classifyEntryFailure, SEND_TIMEOUT_MS } from './failure.ts';

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
