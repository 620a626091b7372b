import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_IN_FLIGHT } from '../../shared/contract/core.ts';
import { messages } from '../../shared/i18n/messages.ts';
import { type Db, runNamed } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A request still "running" after this long was cut off (crash, restart); a retry takes it over. */
const STALE_AFTER_SECONDS = 120;
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

/**
 * Claims (user, key) for this request. Returns 'claimed' when this request should run, or the
 * stored response of an earlier identical request. Same key with another body → 422; still
 * running → 409.
 */
export async function claim(
  db: Db,
  userId: number,
  key: string,
  route: string,
  hash: string,
): Promise<'claimed' | StoredResponse> {
  // Every replayed call claims and completes: both are prepared once per connection.
  const inserted = await runNamed(
    db,
    'idempotency_claim',
    sql`INSERT INTO idempotency_keys (user_id, key, route, request_hash)
      VALUES (${userId}, ${key}, ${route}, ${hash})
      ON CONFLICT DO NOTHING RETURNING key`,
  );
  if (inserted.length > 0) return 'claimed';

  const taken = await db.execute(sql`
    UPDATE idempotency_keys SET created_at = now()
    WHERE user_id = ${userId} AND key = ${key} AND request_hash = ${hash} AND state = 'running'
      AND created_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})
    RETURNING key`);
  if (taken.rows.length > 0) return 'claimed';

  const found = await db.execute<{
    request_hash: string;
    state: string;
    status_code: number;
    response: unknown;
  }>(sql`
    SELECT request_hash, state, status_code, response FROM idempotency_keys
    WHERE user_id = ${userId} AND key = ${key}`);
  const row = found.rows[0];
  if (!row) return claim(db, userId, key, route, hash);
  if (row.request_hash !== hash) throw new AppError(422, messages.idempotencyMismatch);
  if (row.state !== 'done')
    throw new AppError(409, messages.idempotencyInFlight, { data: { reason: IDEMPOTENCY_IN_FLIGHT } });
  return { status: row.status_code, body: row.response };
}

export async function complete(db: Db, userId: number, key: string, res: StoredResponse): Promise<void> {
  await runNamed(
    db,
    'idempotency_complete',
    sql`UPDATE idempotency_keys SET state = 'done', status_code = ${res.status},
      response = ${JSON.stringify(res.body)}::jsonb
      WHERE user_id = ${userId} AND key = ${key}`,
  );
}

/** After a server-side failure the key is released so the client's retry runs again. */
export async function release(db: Db, userId: number, key: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key} AND state = 'running'`,
  );
}

export async function purgeExpired(db: Db): Promise<number> {
  const r = await db.execute(
    sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => ${KEEP_DAYS})`,
  );
  return r.rowCount ?? 0;
}
