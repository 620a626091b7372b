import { createHash } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';
import { IDEMPOTENCY_IN_FLIGHT } from '../../shared/contract/core.ts';
import { messages } from '../../shared/i18n/messages.ts';
import { type Db, namedStatement } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export const KEEP_DAYS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseIdempotencyKey(header: unknown): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !UUID.test(header))
    throw new AppError(400, messages.idempotencyKeyInvalid);
  return header.toLowerCase();
}

export function requestHash(route: string, input: unknown): string {
  return createHash('sha256').update(route).update('\n').update(JSON.stringify(input)).digest('base64url');
}

/** The advisory lock a request holds on its (user, key) while it runs. */
export const keyLock = (userId: number | Placeholder, key: string | Placeholder) =>
  sql`${KEY_LOCK}, hashtext(${userId}::text || ':' || ${key})`;
const KEY_LOCK = 727_201;

const [U, K] = [sql.placeholder('userId'), sql.placeholder('key')];

// Every replayed call claims and completes: both are prepared once per connection, built once.
const CLAIM = namedStatement<{ got: boolean; claimed: boolean }>(
  'idempotency_claim',
  () => sql`WITH l AS (SELECT pg_try_advisory_xact_lock(${keyLock(U, K)}) AS got),
    ins AS (
      INSERT INTO idempotency_keys (user_id, key, route, request_hash)
      SELECT ${U}, ${K}, ${sql.placeholder('route')}, ${sql.placeholder('hash')} FROM l WHERE l.got
      ON CONFLICT DO NOTHING RETURNING key
    )
    SELECT (SELECT got FROM l) AS got, EXISTS (SELECT 1 FROM ins) AS claimed`,
);

const COMPLETE = namedStatement(
  'idempotency_complete',
  () => sql`UPDATE idempotency_keys SET state = 'done', status_code = ${sql.placeholder('status')},
      response = ${sql.placeholder('response')}::jsonb
      WHERE user_id = ${U} AND key = ${K}`,
);

/**
 * Claims (user, key) for this request inside the transaction that runs it. Returns 'claimed' when
 * this request should run, or the stored response of an earlier identical request. Same key with
 * another body → 422; the same key running in another transaction right now → 409.
 *
 * The claim is part of the handler's transaction, so a request cut off by a crash or a kill leaves
 * no trace: its retry runs at once, and the effect and its record are committed together or not
 * at all. The advisory lock (released with the transaction) tells a concurrent duplicate apart.
 */
export async function claim(
  tx: Db,
  userId: number,
  key: string,
  route: string,
  hash: string,
): Promise<'claimed' | StoredResponse> {
  const [{ got, claimed }] = (await CLAIM(tx, { userId, key, route, hash })) as [
    { got: boolean; claimed: boolean },
  ];
  if (!got) throw inFlight();
  if (claimed) return 'claimed';
  const found = await tx.execute<{ request_hash: string; status_code: number; response: unknown }>(sql`
    SELECT request_hash, status_code, response FROM idempotency_keys
    WHERE user_id = ${userId} AND key = ${key}`);
  const row = found.rows[0]!;
  if (row.request_hash !== hash) throw new AppError(422, messages.idempotencyMismatch);
  return { status: row.status_code, body: row.response };
}

const inFlight = () =>
  new AppError(409, messages.idempotencyInFlight, { data: { reason: IDEMPOTENCY_IN_FLIGHT } });

/** Records the answer of a claimed request, in its transaction. */
export async function complete(tx: Db, userId: number, key: string, res: StoredResponse): Promise<void> {
  await COMPLETE(tx, { userId, key, status: res.status, response: JSON.stringify(res.body) });
}

/**
 * Records a refusal (its transaction rolled back, claim included): the same key then answers the
 * same refusal. A retry that got in first keeps its own answer.
 */
export async function recordRefusal(
  db: Db,
  userId: number,
  key: string,
  route: string,
  hash: string,
  res: StoredResponse,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO idempotency_keys (user_id, key, route, request_hash, state, status_code, response)
    VALUES (${userId}, ${key}, ${route}, ${hash}, 'done', ${res.status}, ${JSON.stringify(res.body)}::jsonb)
    ON CONFLICT DO NOTHING`);
}

export async function purgeExpired(db: Db): Promise<number> {
  const r = await db.execute(
    sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => ${KEEP_DAYS})`,
  );
  return r.rowCount ?? 0;
}
