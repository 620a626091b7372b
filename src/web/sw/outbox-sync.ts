import { API_BASE, CODE_OK, CODE_SESSION_INVALID, fillPath } from '../../shared/contract/wire.ts';
import type { Wired } from '../../shared/contract/wired.ts';
import { ApiError } from '../api/errors.ts';
import { endpointOf } from '../pda/outbox/actions.ts';
import { keepSyncSession, readSyncSession, type SyncSession } from '../pda/outbox/background-sync.ts';
import { OutboxDb as OutboxDatabase, type OutboxDb, type OutboxEntry } from '../pda/outbox/db.ts';
import { classifyEntryFailure, SEND_TIMEOUT_MS } from '../pda/outbox/failure.ts';
import { Outbox } from '../pda/outbox/outbox.ts';

/**
 * The service worker's side of Background Sync (pda/outbox/background-sync.ts): the PDA's outbox,
 * drained from the worker with the page closed. The same Outbox class plans and records it (the
 * same order rules, the same Web Lock as the page's, so the two never send at once), and each
 * entry goes with its own Idempotency-Key. The calls are made here, not through the page's API
 * client (which needs the page's storage and catalogue): the same request, and no session renewal
 * — an expired token stops the drain and the entries wait for the app.
 */

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

/** Sends one entry as the page's API client would (api/client.ts). */
export function workerSender(session: SyncSession, fetcher: typeof fetch = fetch) {
  return async (entry: OutboxEntry, signal: AbortSignal): Promise<unknown> => {
    if (entry.userId !== session.user.recId)
      throw new ApiError({ kind: 'response', status: 401, code: 6, msg: '' });
    const endpoint: Wired = endpointOf(entry.kind);
    let url = API_BASE + fillPath(endpoint.path, entry.request.params);
    if (entry.request.query) url += `?${new URLSearchParams(entry.request.query)}`;
    const headers = new Headers({
      Accept: 'application/json',
      'local-lang': session.locale,
      Authorization: `Bearer ${session.token}`,
    });
    if (endpoint.replayable) headers.set('Idempotency-Key', entry.key);
    let body: string | undefined;
    if (endpoint.method !== 'GET' && entry.request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(entry.request.body);
    }
    let response: Response;
    let envelope: Envelope | undefined;
    try {
      response = await fetcher(url, {
        method: endpoint.method,
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
      });
      const text = await response.text();
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        envelope = undefined;
      }
    } catch (cause) {
      throw new ApiError({ kind: 'network', status: 0, code: undefined, msg: String(cause), cause });
    }
    const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
    if (response.status === 401 || envelope?.code === CODE_SESSION_INVALID)
      throw new ApiError({ kind: 'response', status: 401, code: CODE_SESSION_INVALID, msg });
    if (response.ok && envelope?.code === CODE_OK) return envelope.data;
    const status = response.status >= 400 && response.status <= 599 ? response.status : 500;
    throw new ApiError({
      kind: 'response',
      status,
      code: typeof envelope?.code === 'number' ? envelope.code : undefined,
      msg,
      data: envelope?.data,
    });
  };
}

/**
 * Sends the queued entries of the PDA user whose session the page left for the worker. Rejects
 * while some are still queued (no network yet, a server failure), so the browser tries again later.
 */
export async function replayOutbox(
  deps: { db?: OutboxDb; fetcher?: typeof fetch; session?: SyncSession } = {},
): Promise<{ sent: number; left: number }> {
  const session = deps.session ?? (await readSyncSession());
  if (!session) return { sent: 0, left: 0 };
  const db = deps.db ?? new OutboxDatabase();
  const userId = session.user.recId;
  const queued = () => db.entries.where('[userId+state]').equals([userId, 'queued']).count();
  const before = await queued();
  if (before === 0) {
    if (!deps.session) await keepSyncSession(null);
    return { sent: 0, left: 0 };
  }
  const outbox = new Outbox({
    db,
    userId,
    send: workerSender(session, deps.fetcher),
    classify: classifyEntryFailure,
    // The worker lives for this drain only: no timer, no `online` listener.
    pollMs: 2 ** 31 - 1,
    events: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  try {
    await outbox.start();
  } finally {
    outbox.stop();
  }
  const left = await queued();
  if (left > 0) throw new Error(`${left} outbox entries are still queued`);
  // Nothing left to send for the page: the session's copy goes.
  if (!deps.session) await keepSyncSession(null);
  return { sent: before - left, left };
}
