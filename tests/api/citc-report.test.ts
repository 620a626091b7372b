import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import {
  CITC_AUTO_ATTEMPTS,
  CITC_REPORT,
  catchUpCitc,
} from '../../src/server/modules/origin-order/citc-report.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { CitcStatus } from '../../src/shared/domain/origin-order.ts';
import { type Received, type ReceiverAnswer, startReceiver } from '../support/http-receiver.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, callWith } from './support/call.ts';
import { makeOrders } from './support/movement.ts';

/**
 * The CITC reports (citc-report.ts) against a local receiver standing in for the regulator: what
 * each report carries, the receiver's three kinds of answer, the job engine's retries with backoff
 * and its limit of attempts, reports by hand (citc/report), the catch-up of a starting process
 * (each record queued once), and no configuration.
 */

interface Report {
  trackingNo: string;
  sender: { country: string };
  consignee: { country: string; name: string };
  goods: { nameEn: string; quantity: number }[];
}
/** How the receiver answers the next reports; the default takes them. */
let answer: (r: Received<Report>) => ReceiverAnswer = (r) => ({
  status: 201,
  body: JSON.stringify({ referenceNo: `CITC-${r.body?.trackingNo}` }),
});
const receiver = await startReceiver<Report>((r) => answer(r));
const { received } = receiver;
const url = receiver.url('/v1/shipments');
afterAll(() => receiver.close());

type Who = keyof typeof DEMO;

describe('CITC reports', () => {
  const t = useTestApp({ env: { CITC_REPORT_URL: url, CITC_REPORT_TOKEN: 'test-citc-token' } });
  const tokens = {} as Record<Who, string>;
  const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const recordOf = async (id: number) =>
    (
      await q<{ status: number; attempts: number; message: string; reference_no: string }>(
        sql`SELECT status, attempts, message, reference_no FROM citc_records WHERE id = ${id}`,
      )
    )[0]!;
  /** The waiting records never attempted, oldest first. */
  const dueIds = async () =>
    (
      await q<{ id: number }>(
        sql`SELECT id FROM citc_records WHERE status = 0 AND attempted_at IS NULL ORDER BY created_at, id`,
      )
    ).map((r) => Number(r.id));

  /** Queues the report jobs of these records and runs what is ready; answers the jobs run. */
  const runReports = async (...ids: number[]) => {
    for (const id of ids) await t.jobs.send(CITC_REPORT, { recId: id }, { singletonKey: String(id) });
    return t.jobs.drain([CITC_REPORT]);
  };
  /** The idempotency keys (`citc-<id>`) a job for the record sent, the receiver answering `with`. */
  const reportOnce = async (id: number, with_: typeof answer) => {
    received.length = 0;
    answer = with_;
    await runReports(id);
    return received.map((x) => x.headers['idempotency-key']);
  };
  const jobOf = async (id: number) => {
    const jobs = await t.jobs.boss.findJobs(CITC_REPORT, { key: String(id) });
    return jobs.at(-1)!;
  };
  /** The record's retry, waiting out its backoff, comes due now. */
  const retryNow = (id: number) =>
    q(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${CITC_REPORT}
      AND singleton_key = ${String(id)} AND state = 'retry'`);

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    // More waiting records than the seed's, for orders to Saudi Arabia (newer than the seed's: the
    // sweep takes those first).
    const made = await makeOrders(t, tokens, 16);
    for (const o of made)
      await t.database.db.execute(sql`INSERT INTO citc_records (order_id) VALUES (${o.id})`);
  });
  beforeEach(() => {
    received.length = 0;
    answer = (r) => ({ status: 201, body: JSON.stringify({ referenceNo: `CITC-${r.body?.trackingNo}` }) });
  });

  it('reports the oldest waiting records: the order, its parties and goods, with the token and an idempotency key', async () => {
    const due = await dueIds();
    expect(due.length).toBeGreaterThan(15);
    expect(await runReports(due[0]!, due[1]!)).toBe(2);
    expect(received).toHaveLength(2);
    const [first] = await q<{ tracking_no: string; consignee_name: string }>(sql`
      SELECT o.tracking_no, o.consignee_name FROM citc_records c JOIN orders o ON o.id = c.order_id
      WHERE c.id = ${due[0]!}`);
    const r = received[0]!;
    const report = r.body!;
    expect(r.headers.authorization).toBe('Bearer test-citc-token');
    expect(r.headers['idempotency-key']).toBe(`citc-${due[0]}`);
    expect(r.headers['content-type']).toBe('application/json');
    expect(report.trackingNo).toBe(first!.tracking_no);
    expect(report.consignee).toMatchObject({ country: 'SA', name: first!.consignee_name });
    expect(report.sender.country).toBe('CN');
    expect(report.goods.length).toBeGreaterThan(0);
    expect(report.goods[0]!.quantity).toBeGreaterThan(0);

    const reported = await post(contract.order.citcList, 'operator', { status: '1' });
    expect(reported.status, reported.raw).toBe(200);
    const rows = reported.body.data.records.filter((x) => due.includes(x.recId));
    expect(rows.map((x) => x.recId).sort()).toEqual(due.slice(0, 2).sort());
    expect(rows.find((x) => x.recId === due[0])).toMatchObject({
      status: CitcStatus.reported,
      referenceNo: `CITC-${first!.tracking_no}`,
      message: '',
    });
    expect(rows.every((x) => x.reportedAt !== null)).toBe(true);
    // Reported records are never sent again.
    expect(await reportOnce(due[0]!, () => ({ status: 500, body: '{}' }))).toEqual([]);
    expect((await jobOf(due[0]!)).state).toBe('completed');
  });

  it('records a refusal with the receiver’s message and leaves it to a report by hand', async () => {
    const [id] = await dueIds();
    answer = () => ({
      status: 422,
      body: JSON.stringify({ message: 'Consignee national address is missing' }),
    });
    expect(await runReports(id!)).toBe(1);
    expect(await recordOf(id!)).toMatchObject({
      status: CitcStatus.rejected,
      message: 'Consignee national address is missing',
    });
    // A refusal is not retried: the job ends.
    expect((await jobOf(id!)).state).toBe('completed');
    const taking = () => ({ status: 200, body: JSON.stringify({ reference: 'R-1' }) });
    expect(await reportOnce(id!, taking)).toEqual([]);

    // The cause settled, the operator reports it again.
    received.length = 0;
    const res = await post(contract.order.citcReport, 'operator', { ids: [id] });
    expect(res.status, res.raw).toBe(200);
    expect(received).toHaveLength(1);
    expect(res.body.data).toMatchObject([
      { recId: id, status: CitcStatus.reported, referenceNo: 'R-1', message: '' },
    ]);
    // A reported record stays as it is: nothing sent.
    received.length = 0;
    const again = await post(contract.order.citcReport, 'operator', { ids: [id] });
    expect(again.body.data[0]).toMatchObject({ status: CitcStatus.reported, referenceNo: 'R-1' });
    expect(received).toHaveLength(0);
  });

  it('keeps a record waiting through the receiver’s failures, retried with backoff, up to the job’s attempts', async () => {
    const [id] = await dueIds();
    answer = () => ({ status: 503, body: 'down for maintenance' });
    expect(await runReports(id!)).toBe(1);
    expect(await recordOf(id!)).toMatchObject({
      status: CitcStatus.pending,
      attempts: 1,
      message: 'HTTP 503 Service Unavailable: down for maintenance',
    });
    // Not again at once: the job backs off.
    const job = await jobOf(id!);
    expect(job).toMatchObject({ state: 'retry', retryLimit: CITC_AUTO_ATTEMPTS - 1, retryBackoff: true });
    expect(job.startAfter.getTime()).toBeGreaterThan(Date.now() + 10_000);
    const busy = () => ({ status: 429, body: JSON.stringify({ error: 'Too many requests' }) });
    answer = busy;
    expect(await t.jobs.drain([CITC_REPORT])).toBe(0);
    // By hand it goes at once, whatever the backoff.
    received.length = 0;
    const now = await post(contract.order.citcReport, 'operator', { ids: [id] });
    expect(received.map((x) => x.headers['idempotency-key'])).toEqual([`citc-${id}`]);
    expect(now.body.data[0]).toMatchObject({ status: CitcStatus.pending, message: 'Too many requests' });
    // An attempt in flight is left alone, by hand as by the job, until its claim lapses.
    await t.database.db.execute(
      sql`UPDATE citc_records SET sending = true, attempted_at = now() WHERE id = ${id!}`,
    );
    received.length = 0;
    await post(contract.order.citcReport, 'operator', { ids: [id] });
    await retryNow(id!);
    expect(await t.jobs.drain([CITC_REPORT])).toBe(1);
    expect(received).toHaveLength(0);
    await t.database.db.execute(
      sql`UPDATE citc_records SET attempted_at = now() - interval '3 minutes' WHERE id = ${id!}`,
    );
    await post(contract.order.citcReport, 'operator', { ids: [id] });
    expect(received).toHaveLength(1);
    // Each time its backoff has passed, again, until the job's attempts are used up: then it is
    // kept failed, with the receiver's answer.
    received.length = 0;
    for (let n = 3; n <= CITC_AUTO_ATTEMPTS; n++) {
      await retryNow(id!);
      expect(await t.jobs.drain([CITC_REPORT]), `attempt ${n}`).toBe(1);
    }
    expect(received).toHaveLength(CITC_AUTO_ATTEMPTS - 2);
    const spent = await jobOf(id!);
    expect(spent.state).toBe('failed');
    expect(JSON.stringify(spent.output)).toContain('Too many requests');
    await retryNow(id!);
    expect(await t.jobs.drain([CITC_REPORT])).toBe(0);
    expect(await recordOf(id!)).toMatchObject({ status: CitcStatus.pending, message: 'Too many requests' });
    // By hand it goes again.
    answer = () => ({ status: 201, body: '' });
    const res = await post(contract.order.citcReport, 'operator', { ids: [id] });
    expect(res.body.data[0]).toMatchObject({ status: CitcStatus.reported, referenceNo: '' });
  });

  it('answers an unreachable receiver as a failure to retry, not an error', async () => {
    const [id] = await dueIds();
    // A port nothing listens on.
    const port = await freePort();
    const url = t.config.citcReportUrl;
    t.config.citcReportUrl = `http://127.0.0.1:${port}/v1/shipments`;
    try {
      expect(await runReports(id!)).toBe(1);
    } finally {
      t.config.citcReportUrl = url;
    }
    expect(await recordOf(id!)).toMatchObject({
      status: CitcStatus.pending,
      attempts: 1,
      message: 'No connection (ECONNREFUSED)',
    });
    expect((await jobOf(id!)).state).toBe('retry');
  });

  it('is refused to accounts without the foreign-order edit key, and checks its body', async () => {
    const [id] = await dueIds();
    for (const who of ['demo', 'demoSub', 'other', 'pda', 'finance'] as const)
      expect((await post(contract.order.citcReport, who, { ids: [id] })).status, who).toBe(403);
    expect((await call(t, contract.order.citcReport, { body: { ids: [id] } })).status).toBe(401);
    const none = await callRaw(t, contract.order.citcReport, { token: tokens.operator, body: { ids: [] } });
    expect(none.status).toBe(400);
    expect((await post(contract.order.citcReport, 'operator', { ids: [99_999_999] })).status).toBe(404);
    expect(received).toHaveLength(0);
  });

  it('queues each waiting record once when processes start at once, and each is sent once', async () => {
    const due = await dueIds();
    let answered = 0;
    answer = (r) => {
      answered++;
      return { status: 201, body: JSON.stringify({ id: answered, tracking: r.body?.trackingNo }) };
    };
    const [a, b] = await Promise.all([
      catchUpCitc(t.database.db, t.config, t.jobs),
      catchUpCitc(t.database.db, t.config, t.jobs),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(due.length);
    const [x, y] = await Promise.all([t.jobs.drain([CITC_REPORT]), t.jobs.drain([CITC_REPORT])]);
    const keys = received.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
    expect(x + y).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(due.map((id) => `citc-${id}`)));
    expect(await dueIds()).toEqual([]);
  });
});

describe('CITC reports without CITC_REPORT_URL', () => {
  const t = useTestApp();
  let token = '';
  beforeAll(async () => {
    token = await t.login(...DEMO.operator);
  });

  it('sends nothing, says so on the waiting records in the reader’s language, and refuses a report by hand', async () => {
    expect(await catchUpCitc(t.database.db, t.config, t.jobs)).toBe(0);
    const en = await call(t, contract.order.citcList, {
      token,
      body: { status: '0' },
      lang: 'en',
    });
    expect(en.body.data.total).toBeGreaterThan(0);
    expect(
      en.body.data.records.every(
        (r) => r.message === 'Reporting to the CITC is not configured (CITC_REPORT_URL)',
      ),
    ).toBe(true);
    const cn = await call(t, contract.order.citcList, {
      token,
      body: { status: '0' },
      lang: 'cn',
    });
    expect(cn.body.data.records[0]!.message).not.toBe(en.body.data.records[0]!.message);
    expect(cn.body.data.records[0]!.message).toContain('CITC_REPORT_URL');
    const res = await call(t, contract.order.citcReport, {
      token,
      body: { ids: [en.body.data.records[0]!.recId] },
      lang: 'en',
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Reporting to the CITC is not configured (CITC_REPORT_URL)');
  });
});
