import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, JobEngine, JobLog } from '../../jobs/engine.ts';
import { registerEngine, sendLanes } from '../webhook-emit/webhook-emit.ts';
import { WEBHOOK_DELIVER } from '../webhook-emit/webhook-job-name.ts';
import { webhookHeaders } from './webhook-sign.ts';
import { isPrivateAddress, safeLookup, type WebhookPolicy } from './webhook-url.ts';

/**
 * Delivery (DESIGN.md "Jobs"): one job per lane of an endpoint (an order's events, a lading bill's)
 * posts its waiting deliveries oldest first, so an endpoint gets each order's events in order; the
 * queue's `singleton` policy runs one job per lane at a time across processes, so each event is
 * posted once (at least once: a process that dies mid-post has its job taken again).
 *
 * A failed post (no 2xx answer within 10 s, a redirect, a refused address) is kept on the delivery
 * and retried after 5–10 s, then backing off (doubling, up to 4 hours) over about 24 hours; after
 * WEBHOOK_MAX_ATTEMPTS it is marked failed and the lane goes on. A later event of a lane whose
 * head waits for its retry waits behind it.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_MAX_ATTEMPTS = 16;
const BODY_EXCERPT = 1024;

/** Seconds before the next attempt after `attempts` failed ones: 5–10 s, then doubling, capped at 4 h. */
export function retryDelaySeconds(attempts: number, random = Math.random()): number {
  const base = 5 * 2 ** Math.min(attempts - 1, 16);
  return Math.min(4 * 3600, Math.round(base * (1 + random)));
}

type Head = {
  id: string;
  event_id: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
  due: boolean;
  live: boolean;
};

export interface PostResult {
  status: number | null;
  body: string;
  error: string;
}

/** Posts a body to a URL, refusing private addresses (unless allowed), following no redirect. */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookPolicy,
  signal?: AbortSignal,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return resolve({ status: null, body: '', error: 'invalid URL' });
    }
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (u.protocol === 'http:' && !policy.webhookAllowHttp)
      return resolve({ status: null, body: '', error: 'http is not allowed (WEBHOOK_ALLOW_HTTP)' });
    if (isIP(host) && isPrivateAddress(host) && !policy.webhookAllowPrivate)
      return resolve({ status: null, body: '', error: `${host} is not a public address` });
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    let done = false;
    const finish = (r: PostResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = send(
      u,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'parcel-backoffice-webhooks/1',
        },
        lookup: safeLookup(policy),
        ...(signal ? { signal } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < BODY_EXCERPT) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).subarray(0, BODY_EXCERPT).toString('utf8');
          const redirect = status >= 300 && status < 400;
          finish({
            status,
            body: text,
            error:
              status >= 200 && status < 300 ? '' : redirect ? 'redirects are not followed' : `HTTP ${status}`,
          });
        });
        res.on('error', (err) => finish({ status, body: '', error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`));
    }, WEBHOOK_TIMEOUT_MS);
    req.on('error', (err) => finish({ status: null, body: '', error: err.message || String(err) }));
    req.end(body);
  });
}

/** The oldest waiting delivery of a lane, with what its post needs. */
async function headOf(db: Db, endpointId: number, lane: string): Promise<Head | undefined> {
  const r = await db.execute<Head>(sql`
    SELECT d.id, d.event_id, e.url, e.secret, o.body, d.attempts,
      (d.next_attempt_at IS NULL OR d.next_attempt_at <= now()) AS due,
      (e.deleted_at IS NULL) AS live
    FROM webhook_deliveries d
    JOIN webhook_outbox o ON o.id = d.event_id
    JOIN webhook_endpoints e ON e.id = d.endpoint_id
    WHERE d.endpoint_id = ${endpointId} AND o.lane = ${lane} AND d.state = 0
    ORDER BY d.id LIMIT 1`);
  return r.rows[0];
}

async function runLane(db: Db, policy: WebhookPolicy, endpointId: number, lane: string, signal: AbortSignal) {
  for (;;) {
    const head = await headOf(db, endpointId, lane);
    // Nothing waits, or the head waits for its retry (whose job is already queued).
    if (!head?.due) return;
    if (!head.live) {
      await db.execute(sql`UPDATE webhook_deliveries SET state = 2, last_error = 'endpoint deleted',
        next_attempt_at = NULL WHERE id = ${head.id}`);
      continue;
    }
    const at = new Date();
    const result = await postWebhook(
      head.url,
      head.body,
      webhookHeaders(head.secret, `evt_${head.event_id}`, head.body, at),
      policy,
      signal,
    );
    const attempts = head.attempts + 1;
    if (!result.error) {
      await db.execute(sql`UPDATE webhook_deliveries SET state = 1, attempts = ${attempts},
        last_status = ${result.status}, last_body = ${result.body}, last_error = '',
        last_attempt_at = ${at}, delivered_at = now(), next_attempt_at = NULL WHERE id = ${head.id}`);
      continue;
    }
    if (attempts >= WEBHOOK_MAX_ATTEMPTS) {
      await db.execute(sql`UPDATE webhook_deliveries SET state = 2, attempts = ${attempts},
        last_status = ${result.status}, last_body = ${result.body}, last_error = ${result.error.slice(0, 500)},
        last_attempt_at = ${at}, next_attempt_at = NULL WHERE id = ${head.id}`);
      continue;
    }
    const next = new Date(Date.now() + retryDelaySeconds(attempts) * 1000);
    await db.transaction(async (x) => {
      const tx = x as unknown as Db;
      await tx.execute(sql`UPDATE webhook_deliveries SET attempts = ${attempts},
        last_status = ${result.status}, last_body = ${result.body}, last_error = ${result.error.slice(0, 500)},
        last_attempt_at = ${at}, next_attempt_at = ${next} WHERE id = ${head.id}`);
      await sendLanes(tx, [{ endpointId, lane }], next);
    });
    return;
  }
}

/** Sends the job of every lane with a delivery due and no job left (a crash, a start without engine). */
async function sweep(db: Db): Promise<void> {
  const due = await db.execute<{ endpoint_id: number; lane: string }>(sql`
    SELECT DISTINCT d.endpoint_id, o.lane
    FROM webhook_deliveries d JOIN webhook_outbox o ON o.id = d.event_id
    WHERE d.state = 0 AND coalesce(d.next_attempt_at, d.created_at) <= now() - interval '1 minute'
    LIMIT 1000`);
  if (due.rows.length)
    await sendLanes(
      db,
      due.rows.map((r) => ({ endpointId: r.endpoint_id, lane: r.lane })),
    );
}

export function webhookDeliverJob(
  db: Db,
  config: WebhookPolicy,
  jobs: JobEngine,
  _log: JobLog,
): JobDefinition<{ endpointId?: number; lane?: string }> {
  registerEngine(jobs);
  return {
    name: WEBHOOK_DELIVER,
    policy: 'singleton',
    // A job's own retries only cover a process that died under it: failed posts are retried by
    // the lane (their delivery's attempts and next time).
    retries: 5,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    // Four workers taking eight lanes a fetch, and fetching again at once while fetches come back
    // full: a burst of events (a batch of orders, a lading bill's scans) is posted as fast as it
    // commits instead of one lane per worker every polling interval (2 s).
    concurrency: 4,
    batchSize: 8,
    schedule: { cron: '* * * * *', missed: 'skip' },
    atStart: true,
    run: async (data, job) => {
      if (data.endpointId === undefined || data.lane === undefined) return sweep(db);
      await runLane(db, config, data.endpointId, data.lane, job.signal);
    },
  };
}
